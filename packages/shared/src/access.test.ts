import { describe, expect, it } from 'vitest';
import {
  answerAccess,
  visitorMayOpen,
  canOpenDetails,
  canReadArticle,
  excerpt,
  hasPremiumAccess,
  hasPremiumNow,
  isPremium,
  preview,
  type Viewer,
} from './access.js';
import { renewalHeldUntil } from './subscriptions.js';
import { DAY_MS } from './time.js';

const now = new Date('2026-06-01T12:00:00Z');
const later = '2026-06-01T12:01:00Z';
const earlier = '2026-06-01T11:59:00Z';

const reader: Viewer = { email: 'reader@example.com', role: 'user', premiumTaken: null };
const subscriber: Viewer = { ...reader, email: 'sub@example.com', premiumTaken: later };
const lapsed: Viewer = { ...reader, email: 'lapsed@example.com', premiumTaken: earlier };
const admin: Viewer = { email: 'admin@example.com', role: 'admin', premiumTaken: null };
const author: Viewer = { ...reader, email: 'author@example.com' };
const oneArticlePass: Viewer = { ...reader, email: 'trial@example.com', premiumTaken: later, premiumArticles: 1 };

describe('isPremium', () => {
  it('is true only for a date later than now', () => {
    expect(isPremium(later, now)).toBe(true);
    expect(isPremium(new Date(later), now)).toBe(true);
    expect(isPremium(earlier, now)).toBe(false);
    expect(isPremium(now, now)).toBe(false);
    expect(isPremium(null, now)).toBe(false);
    expect(isPremium('not a date', now)).toBe(false);
  });
});

describe('hasPremiumNow', () => {
  it('holds a renewing subscription’s access past its period’s end until the renewal is decided', () => {
    const renewing: Viewer = { ...lapsed, renewing: later };
    expect(hasPremiumNow(renewing, now)).toBe(true);
    expect(hasPremiumNow(lapsed, now)).toBe(false);
    expect(canReadArticle({ status: 'approved', isPremium: true, author_email: 'a@example.com' }, renewing, now)).toBe(
      'full',
    );
    expect(answerAccess(['signed-in', 'premium-list'], renewing, now)).toBe('open');
  });
});

describe('renewalHeldUntil', () => {
  const periodEnd = new Date(earlier);
  it('holds an undecided renewal until the period’s end plus the grace days, and no later', () => {
    const held = renewalHeldUntil({ status: 'active', cancelAtPeriodEnd: false, periodEnd }, 3);
    expect(held).toEqual(new Date(periodEnd.getTime() + 3 * DAY_MS));
    expect(hasPremiumNow({ ...lapsed, renewing: held }, new Date(held!.getTime() - 1))).toBe(true);
    expect(hasPremiumNow({ ...lapsed, renewing: held }, held!)).toBe(false);
  });
  it('holds a day without grace days: a site with RENEWAL_GRACE_DAYS=0 still keeps access through the renewal', () => {
    const held = renewalHeldUntil({ status: 'trialing', cancelAtPeriodEnd: false, periodEnd }, 0);
    expect(held).toEqual(new Date(periodEnd.getTime() + DAY_MS));
  });
  it('holds nothing for a cancelled or past due subscription', () => {
    expect(renewalHeldUntil({ status: 'trialing', cancelAtPeriodEnd: true, periodEnd }, 3)).toBeNull();
    expect(renewalHeldUntil({ status: 'past_due', cancelAtPeriodEnd: false, periodEnd }, 3)).toBeNull();
  });
});

describe('hasPremiumAccess', () => {
  it('lets in subscribers with unexpired premium and admins, nobody else', () => {
    expect(hasPremiumAccess(subscriber, now)).toBe(true);
    expect(hasPremiumAccess(admin, now)).toBe(true);
    expect(hasPremiumAccess(lapsed, now)).toBe(false);
    expect(hasPremiumAccess(reader, now)).toBe(false);
    expect(hasPremiumAccess(null, now)).toBe(false);
  });

  it('leaves a pass with a number of premium articles to the server, article by article', () => {
    const premium = { status: 'approved' as const, isPremium: true, author_email: 'author@example.com' };
    expect(hasPremiumAccess(oneArticlePass, now)).toBe(false);
    expect(canReadArticle(premium, oneArticlePass, now)).toBe('teaser');
    expect(canOpenDetails(premium, oneArticlePass, now)).toBe(true);
    expect(canOpenDetails(premium, { ...oneArticlePass, premiumTaken: earlier }, now)).toBe(false);
  });
});

describe('canReadArticle', () => {
  const article = { status: 'approved' as const, isPremium: false, author_email: 'author@example.com' };
  const premium = { ...article, isPremium: true };

  it('lets anyone read an approved free article', () => {
    expect(canReadArticle(article, null, now)).toBe('full');
    expect(canReadArticle(article, reader, now)).toBe('full');
  });

  it('gives a premium article to subscribers, admins and the author, a teaser to everyone else', () => {
    expect(canReadArticle(premium, subscriber, now)).toBe('full');
    expect(canReadArticle(premium, admin, now)).toBe('full');
    expect(canReadArticle(premium, author, now)).toBe('full');
    expect(canReadArticle(premium, reader, now)).toBe('teaser');
    expect(canReadArticle(premium, lapsed, now)).toBe('teaser');
    expect(canReadArticle(premium, null, now)).toBe('teaser');
  });

  it('shows pending and declined articles only to their author and admins', () => {
    for (const status of ['pending', 'declined'] as const) {
      const hidden = { ...article, status };
      expect(canReadArticle(hidden, author, now)).toBe('full');
      expect(canReadArticle(hidden, admin, now)).toBe('full');
      expect(canReadArticle(hidden, subscriber, now)).toBe('none');
      expect(canReadArticle(hidden, null, now)).toBe('none');
    }
  });
});

describe('canOpenDetails', () => {
  it('locks only premium cards, for readers without unexpired premium', () => {
    expect(canOpenDetails({ isPremium: false }, null, now)).toBe(true);
    expect(canOpenDetails({ isPremium: true }, null, now)).toBe(false);
    expect(canOpenDetails({ isPremium: true }, lapsed, now)).toBe(false);
    expect(canOpenDetails({ isPremium: true }, subscriber, now)).toBe(true);
    expect(canOpenDetails({ isPremium: true }, admin, now)).toBe(true);
  });
});

describe('excerpt and preview', () => {
  it('keeps the first 100 characters and adds an ellipsis', () => {
    const text = 'x'.repeat(150);
    expect(excerpt(text)).toBe('x'.repeat(100));
    expect(preview(text)).toBe(`${'x'.repeat(100)}...`);
    expect(preview('Short.')).toBe('Short....');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(excerpt('é📰'.repeat(60))).toHaveLength(150);
    expect(Array.from(excerpt('é📰'.repeat(60)))).toHaveLength(100);
  });
});

describe('answerAccess', () => {
  it('opens a page without rules to anyone', () => {
    expect(answerAccess([], null, now)).toBe('open');
    expect(answerAccess([undefined, undefined], null, now)).toBe('open');
  });

  it('sends anyone without a session to sign in, whatever the rule', () => {
    for (const rule of ['signed-in', 'premium-list', 'admin'] as const) {
      expect(answerAccess([undefined, rule], null, now)).toBe('sign-in');
    }
  });

  it("answers every matched route's rule: an admin's page forbids readers, a premium page asks them to subscribe", () => {
    expect(answerAccess(['signed-in'], reader, now)).toBe('open');
    expect(answerAccess(['admin'], subscriber, now)).toBe('forbidden');
    expect(answerAccess(['admin'], admin, now)).toBe('open');
    expect(answerAccess(['signed-in', 'premium-list'], reader, now)).toBe('subscribe');
    expect(answerAccess(['signed-in', 'premium-list'], lapsed, now)).toBe('subscribe');
    expect(answerAccess(['signed-in', 'premium-list'], subscriber, now)).toBe('open');
    expect(answerAccess(['signed-in', 'premium-list'], admin, now)).toBe('open');
  });

  it('lets a pass with a number of premium articles list them, as the API does', () => {
    expect(answerAccess(['signed-in', 'premium-list'], oneArticlePass, now)).toBe('open');
  });
});

describe('visitorMayOpen (docs/product.md#who-reads-what)', () => {
  it("keeps SPEC's login for every article by default, and for one kept for signed-in readers whatever the setting", () => {
    expect(visitorMayOpen({ signedInOnly: false }, 'signed-in')).toBe(false);
    expect(visitorMayOpen({ signedInOnly: true }, 'signed-in')).toBe(false);
    expect(visitorMayOpen({ signedInOnly: true }, 'anyone')).toBe(false);
    expect(visitorMayOpen({ signedInOnly: false }, 'anyone')).toBe(true);
  });
});
