import {
  BRIEF_MESSAGES,
  BRIEF_PAGE_TEXT,
  BRIEF_TEXT,
  TEXT,
  type BriefArchiveSchema,
  type BriefSubscription,
} from '@dispatch/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { apiPaths } from '../../lib/paths';
import { errorResponse, stubApi, type StubRequest } from '../../test/api-stub';
import { config, publishers, stats, trending } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { sessionRoutes, storeToken, testUser } from '../../test/session';
import { ARTICLE_ID, article as fullArticle } from '../../test/writing-fixtures';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const homeRoutes = {
  '/api/config': config,
  '/api/publishers': publishers,
  '/api/articles/trending': trending,
  '/api/stats/users': stats,
};

// The home page loads the box lazily: load its chunk with the test file, not within the first test's wait.
beforeAll(async () => {
  await import('../../features/brief/components/brief-signup');
});

const openHomeBox = () => screen.findByRole('region', { name: BRIEF_TEXT.heading }, { timeout: 10_000 });

/** The box asks for a signed-in reader's subscription once it comes into view: here, at once. */
class InViewObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
const noopObserver = window.IntersectionObserver;
beforeEach(() => {
  window.IntersectionObserver = InViewObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  window.IntersectionObserver = noopObserver;
});

describe('the daily brief sign-up box on the home page', () => {
  it('subscribes a visitor with their address, 7:00 and their browser’s time zone, and says where the link went', async () => {
    const api = stubApi({
      ...homeRoutes,
      [apiPaths.briefSubscribe]: (_url: URL, request: StubRequest) => ({
        status: 'pending',
        email: (request.body as { email: string }).email,
      }),
    });
    renderRoute('/');
    const person = userEvent.setup();
    const box = await openHomeBox();

    expect(within(box).getByRole('combobox', { name: BRIEF_TEXT.hour })).toHaveDisplayValue('7:00');
    expect(within(box).getByRole('combobox', { name: BRIEF_TEXT.timeZone })).toHaveValue(browserZone);
    await person.type(within(box).getByRole('textbox', { name: BRIEF_TEXT.email }), 'ada@example.com');
    await person.selectOptions(within(box).getByRole('combobox', { name: BRIEF_TEXT.hour }), '6:00');
    await person.click(within(box).getByRole('button', { name: BRIEF_TEXT.subscribe }));

    expect(await within(box).findByRole('status')).toHaveTextContent(BRIEF_MESSAGES.confirmSent('ada@example.com'));
    expect(api.calls(apiPaths.briefSubscribe)[0]?.body).toEqual({
      email: 'ada@example.com',
      hour: 6,
      timeZone: browserZone,
      tags: [],
      publishers: [],
    });
  }, 20_000);

  it('asks for an address before sending anything', async () => {
    const api = stubApi(homeRoutes);
    renderRoute('/');
    const person = userEvent.setup();
    const box = await openHomeBox();

    await person.click(within(box).getByRole('button', { name: BRIEF_TEXT.subscribe }));
    expect(within(box).getByRole('textbox', { name: BRIEF_TEXT.email })).toHaveAccessibleDescription(
      BRIEF_MESSAGES.emailRequired,
    );
    expect(api.calls(apiPaths.briefSubscribe)).toHaveLength(0);
  }, 20_000);

  it.each([
    [
      'the server refuses the address: under the field',
      errorResponse(400, 'Invalid request', { fieldErrors: { email: [BRIEF_MESSAGES.emailInvalid] } }),
      BRIEF_MESSAGES.emailInvalid,
    ],
    ['too many requests', errorResponse(429, BRIEF_MESSAGES.tooManyRequests), BRIEF_MESSAGES.tooManyRequests],
    ['the site sends no mail', errorResponse(409, BRIEF_MESSAGES.mailOff), BRIEF_MESSAGES.mailOff],
  ])(
    'says so plainly when %s',
    async (_case, answer, message) => {
      stubApi({ ...homeRoutes, [apiPaths.briefSubscribe]: () => answer.clone() });
      renderRoute('/');
      const person = userEvent.setup();
      const box = await openHomeBox();

      await person.type(within(box).getByRole('textbox', { name: BRIEF_TEXT.email }), 'ada@example.com');
      await person.click(within(box).getByRole('button', { name: BRIEF_TEXT.subscribe }));
      expect(await within(box).findByText(message)).toBeInTheDocument();
      expect(within(box).queryByRole('status')).not.toBeInTheDocument();
    },
    20_000,
  );

  it('subscribes a signed-in reader’s own address, without asking for it', async () => {
    const user = testUser();
    storeToken();
    const api = stubApi({
      ...homeRoutes,
      ...sessionRoutes(user),
      [apiPaths.briefMe]: { subscription: null },
      [apiPaths.briefSubscribe]: { status: 'active', email: user.email },
    });
    renderRoute('/');
    const person = userEvent.setup();
    const box = await openHomeBox();

    const button = await within(box).findByRole('button', { name: BRIEF_TEXT.subscribe });
    expect(within(box).queryByRole('textbox', { name: BRIEF_TEXT.email })).not.toBeInTheDocument();
    await person.click(button);
    expect(await within(box).findByRole('status')).toHaveTextContent(BRIEF_MESSAGES.confirmed);
    expect(api.calls(apiPaths.briefSubscribe)[0]?.body).not.toHaveProperty('email');
  }, 20_000);

  it('sends a subscribed reader to their profile instead', async () => {
    const user = testUser();
    storeToken();
    const subscription: BriefSubscription = {
      email: user.email,
      status: 'active',
      hour: 7,
      timeZone: 'Europe/Warsaw',
      tags: [],
      publishers: [],
      highlights: false,
      lastBriefAt: null,
      suppressedReason: null,
    };
    stubApi({ ...homeRoutes, ...sessionRoutes(user), [apiPaths.briefMe]: { subscription } });
    renderRoute('/');
    const box = await openHomeBox();

    expect(await within(box).findByRole('link', { name: BRIEF_PAGE_TEXT.managed })).toHaveAttribute(
      'href',
      '/profile#brief',
    );
    expect(within(box).queryByRole('button', { name: BRIEF_TEXT.subscribe })).not.toBeInTheDocument();
  }, 20_000);
});

describe('the daily brief sign-up box under an article', () => {
  it('follows an approved article, for a signed-in reader not yet subscribed', async () => {
    const user = testUser();
    const shown = fullArticle({ status: 'approved' });
    storeToken();
    stubApi({
      '/api/config': config,
      ...sessionRoutes(user),
      [apiPaths.article(ARTICLE_ID)]: { access: true, article: shown },
      [apiPaths.articleViews(ARTICLE_ID)]: { views: 1 },
      [apiPaths.briefMe]: { subscription: null },
    });
    renderRoute(`/articles/${ARTICLE_ID}`);

    await screen.findByRole('heading', { level: 1, name: shown.title }, { timeout: 10_000 });
    const box = await screen.findByRole('region', { name: BRIEF_TEXT.heading });
    expect(await within(box).findByRole('button', { name: BRIEF_TEXT.subscribe })).toBeInTheDocument();
    expect(within(box).getByText(BRIEF_TEXT.pitch)).toBeInTheDocument();
  }, 30_000);
});

describe('/brief/confirm', () => {
  it('confirms the subscription on opening the link', async () => {
    const api = stubApi({
      '/api/config': config,
      [apiPaths.briefConfirm]: { status: 'active', email: 'ada@example.com' },
    });
    renderRoute('/brief/confirm?token=good-token');

    expect(await screen.findByText(BRIEF_MESSAGES.confirmed, {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: BRIEF_PAGE_TEXT.backHome })).toHaveAttribute('href', '/');
    expect(api.calls(apiPaths.briefConfirm).map((request) => request.body)).toEqual([{ token: 'good-token' }]);
  }, 20_000);

  it('says the link is not valid when the server refuses it', async () => {
    stubApi({ '/api/config': config, [apiPaths.briefConfirm]: () => errorResponse(400, BRIEF_MESSAGES.linkInvalid) });
    renderRoute('/brief/confirm?token=old-token');

    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(BRIEF_MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: BRIEF_PAGE_TEXT.backHome })).toBeInTheDocument();
  }, 20_000);
});

describe('/brief/unsubscribe', () => {
  it('stops the brief only when the button is pressed, signed out', async () => {
    const api = stubApi({ '/api/config': config, [apiPaths.briefUnsubscribe]: { status: 'unsubscribed' } });
    renderRoute('/brief/unsubscribe?token=foot-token');
    const person = userEvent.setup();

    const button = await screen.findByRole('button', { name: BRIEF_TEXT.unsubscribe }, { timeout: 10_000 });
    expect(api.calls(apiPaths.briefUnsubscribe)).toHaveLength(0);
    await person.click(button);
    expect(await screen.findByText(BRIEF_MESSAGES.unsubscribed)).toBeInTheDocument();
    expect(api.calls(apiPaths.briefUnsubscribe).map((request) => request.body)).toEqual([{ token: 'foot-token' }]);
  }, 20_000);

  it('says the link is not valid when the server refuses it', async () => {
    stubApi({
      '/api/config': config,
      [apiPaths.briefUnsubscribe]: () => errorResponse(400, BRIEF_MESSAGES.linkInvalid),
    });
    renderRoute('/brief/unsubscribe?token=bad');
    const person = userEvent.setup();

    await person.click(await screen.findByRole('button', { name: BRIEF_TEXT.unsubscribe }, { timeout: 10_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BRIEF_MESSAGES.linkInvalid);
  }, 20_000);
});

const article = (id: string, title: string, isPremium = false) => ({
  _id: id,
  title,
  image: `/api/uploads/${'c'.repeat(64)}.webp`,
  publisher: 'The Ledger',
  excerpt: `What ${title} is about.`,
  isPremium,
  url: `http://127.0.0.1/articles/${id}`,
});
const archive: z.input<typeof BriefArchiveSchema> = {
  total: 21,
  briefs: [
    {
      _id: 'b2',
      date: '2026-11-27',
      subject: 'Your brief: The Water Pact and 1 more',
      articles: [article('a1', 'The Water Pact'), article('a2', 'Inside the Mint', true)],
    },
    {
      _id: 'b1',
      date: '2026-11-26',
      subject: 'Your brief: Rail Strike Ends',
      articles: [article('a3', 'Rail Strike Ends')],
    },
  ],
};

describe('/briefs', () => {
  it('lists past briefs newest first with their articles, premium marked, and pages on', async () => {
    const api = stubApi({ '/api/config': config, [apiPaths.briefArchive]: archive });
    renderRoute('/briefs');

    expect(
      await screen.findByRole('heading', { level: 1, name: BRIEF_TEXT.archive }, { timeout: 10_000 }),
    ).toBeVisible();
    const subjects = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(subjects.map((heading) => heading.textContent)).toEqual([
      archive.briefs[0]?.subject,
      archive.briefs[1]?.subject,
    ]);
    expect(screen.getByText('November 27, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The Water Pact' })).toHaveAttribute('href', '/articles/a1');
    const premium = screen.getByRole('link', { name: 'Inside the Mint' }).closest('article');
    expect(premium && within(premium).getByText(BRIEF_TEXT.premiumMark)).toBeInTheDocument();
    const free = screen.getByRole('link', { name: 'The Water Pact' }).closest('article');
    expect(free && within(free).queryByText(BRIEF_TEXT.premiumMark)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: `${TEXT.listing.page} 2` })).toHaveAttribute('href', '/briefs?page=2');
    expect(api.requests(apiPaths.briefArchive)[0]?.searchParams.get('page')).toBe('1');
  }, 20_000);

  it('says so when no brief has gone out', async () => {
    stubApi({ '/api/config': config, [apiPaths.briefArchive]: { briefs: [], total: 0 } });
    renderRoute('/briefs');
    expect(await screen.findByText(BRIEF_PAGE_TEXT.noBriefs, {}, { timeout: 10_000 })).toBeInTheDocument();
  }, 20_000);
});
