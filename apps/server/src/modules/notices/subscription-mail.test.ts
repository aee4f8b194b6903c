import type { BillingHistory, PaymentIntent } from '@dispatch/shared';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { families, familyMembers } from '../../db/schema.js';
import { insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { createMailer, type Mailer } from './mailer.js';
import { remindPremiumEnds } from './premium-reminders.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

/** Receipts, reminders before premium ends and the notice after, through a real SMTP server. */
describe('the subscription by e-mail', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let mailer: Mailer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://news.example' } });
    mailer = createMailer(ctx.database.db, ctx.config.mail!, ctx.config.publicUrl, pino({ level: 'silent' }));
  });
  afterAll(async () => {
    await mailer.stop();
    await ctx.close();
    await smtp.close();
  });

  const buy = async (token: string, planId: string, card = GOOD_CARD) => {
    const intent = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: bearer(token),
        payload: { planId },
      })
    ).json<PaymentIntent>();
    return ctx.app.inject({
      method: 'POST',
      url: '/api/payments/confirm',
      headers: bearer(token),
      payload: { clientSecret: intent.clientSecret, card },
    });
  };
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to === email);
  const remind = () => remindPremiumEnds(ctx.database.db, ctx.app.notifier, ctx.clock.now);
  const history = async (token: string, email?: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/payments/history${email ? `?email=${encodeURIComponent(email)}` : ''}`,
        headers: bearer(token),
      })
    ).json<BillingHistory>();

  it('sends a receipt for a payment, and lists the payment with the period it bought', async () => {
    ctx.clock.set(new Date('2026-03-01T09:59:00Z'));
    const reader = await signedInUser(ctx.app, ctx.database.db, { name: 'Rita Reader' });
    expect((await buy(reader.token, 'individual', DECLINED_CARD)).statusCode).toBe(402);
    ctx.clock.set(new Date('2026-03-01T10:00:00Z'));
    expect((await buy(reader.token, 'individual')).statusCode).toBe(200);

    expect(await mailer.deliverDue()).toBe(1);
    const [receipt] = mailsTo(reader.user.email);
    expect(receipt?.subject).toBe('Your receipt: Individual Premium, $300.00');
    expect(receipt?.text).toContain('Hello Rita Reader,');
    expect(receipt?.text).toContain('from March 1, 2026 at 10:00 AM UTC to March 6, 2026 at 10:00 AM UTC');
    expect(receipt?.text).toContain('https://news.example/profile');
    expect(receipt?.html).toContain('Thank you for your payment of $300.00 for Individual Premium.');

    const own = await history(reader.token);
    expect(own.premiumTaken).toBe('2026-03-06T10:00:00.000Z');
    expect(own.payments.map((one) => one.status)).toEqual(['paid', 'declined']);
    expect(own.payments[0]).toMatchObject({
      planId: 'individual',
      amount: 300,
      currency: 'usd',
      periodStart: '2026-03-01T10:00:00.000Z',
      periodEnd: '2026-03-06T10:00:00.000Z',
    });
    // An admin sees the same; another reader may not.
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    expect(await history(admin.token, reader.user.email)).toEqual(own);
    const other = await signedInUser(ctx.app, ctx.database.db);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `/api/payments/history?email=${encodeURIComponent(reader.user.email)}`,
      headers: bearer(other.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it("reminds no family member whose own access ends while the owner's runs on", async () => {
    const db = ctx.database.db;
    ctx.clock.set(new Date('2026-07-01T08:00:00Z'));
    const ownEnd = new Date('2026-07-03T08:00:00Z');
    const owner = await insertUser(db, { premiumUntil: new Date('2026-08-01T08:00:00Z') });
    const member = await insertUser(db, { premiumUntil: ownEnd });
    const alone = await insertUser(db, { premiumUntil: ownEnd });
    const [family] = await db.insert(families).values({ ownerId: owner.id, seats: 3 }).returning();
    await db.insert(familyMembers).values({ userId: member.id, familyId: family!.id });
    expect(await remind()).toBe(1);
    await mailer.deliverDue();
    expect(mailsTo(alone.email)).toHaveLength(1);
    expect(mailsTo(member.email)).toHaveLength(0);
  });

  it('reminds 3 days and 1 day before the end and tells when it has ended, each once', async () => {
    ctx.clock.set(new Date('2026-04-01T08:00:00Z'));
    const reader = await signedInUser(ctx.app, ctx.database.db);
    await buy(reader.token, 'family'); // ten days: ends April 11, 08:00
    await mailer.deliverDue();
    const end = new Date('2026-04-11T08:00:00Z').getTime();

    ctx.clock.set(new Date(end - 4 * DAY));
    expect(await remind()).toBe(0);
    ctx.clock.set(new Date(end - 3 * DAY + HOUR));
    expect(await remind()).toBe(1);
    // Another instance, or the next round, finds nothing left to send.
    expect(await Promise.all([remind(), remind()])).toEqual([0, 0]);
    ctx.clock.set(new Date(end - DAY + HOUR));
    expect(await remind()).toBe(1);
    ctx.clock.set(new Date(end + HOUR));
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);

    await mailer.deliverDue();
    expect(mailsTo(reader.user.email).map((mail) => mail.subject)).toEqual([
      'Your receipt: Family Plan, $500.00',
      'Your premium access ends in 3 days',
      'Your premium access ends tomorrow',
      'Your premium access has ended',
    ]);
    const ended = mailsTo(reader.user.email).at(-1)!;
    expect(ended.text).toContain('ended on April 11, 2026 at 8:00 AM UTC');
    expect(ended.text).toContain('Renew premium: https://news.example/subscription');
    expect(ended.listUnsubscribe).toContain('https://news.example/unsubscribe?token=');
  });

  it('sends only the latest reminder when the clock jumps past several, and starts again for a renewal', async () => {
    ctx.clock.set(new Date('2026-05-01T08:00:00Z'));
    const reader = await signedInUser(ctx.app, ctx.database.db);
    await buy(reader.token, 'individual'); // ends May 6, 08:00
    await mailer.deliverDue();

    ctx.clock.set(new Date('2026-05-06T09:00:00Z'));
    expect(await remind()).toBe(1);
    // Back in time (a corrected clock): what was skipped stays skipped.
    ctx.clock.set(new Date('2026-05-04T09:00:00Z'));
    expect(await remind()).toBe(0);

    ctx.clock.set(new Date('2026-05-07T08:00:00Z'));
    await buy(reader.token, 'individual'); // a new period, ending May 12, 08:00
    ctx.clock.set(new Date('2026-05-09T09:00:00Z'));
    expect(await remind()).toBe(1);
    await mailer.deliverDue();
    expect(mailsTo(reader.user.email).map((mail) => mail.subject)).toEqual([
      'Your receipt: Individual Premium, $300.00',
      'Your premium access has ended',
      'Your receipt: Individual Premium, $300.00',
      'Your premium access ends in 3 days',
    ]);
  });

  it('sends no reminder for the one-minute trial, and nothing a reader opted out of', async () => {
    ctx.clock.set(new Date('2026-06-01T08:00:00Z'));
    const trial = await signedInUser(ctx.app, ctx.database.db);
    await buy(trial.token, 'trial');
    ctx.clock.advance(2 * 60_000);
    expect(await remind()).toBe(0);

    const quiet = await signedInUser(ctx.app, ctx.database.db);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: bearer(quiet.token),
      payload: { optOuts: ['receipt', 'premium-ending'] },
    });
    await buy(quiet.token, 'individual');
    ctx.clock.advance(4 * DAY + 12 * HOUR);
    expect(await remind()).toBe(1); // recorded, so it is never reconsidered, but not mailed
    ctx.clock.advance(DAY);
    await remind();
    await mailer.deliverDue();
    expect(mailsTo(trial.user.email).map((mail) => mail.subject)).toEqual([
      'Your receipt: Free Trial (1 Minute, for testing), $10.00',
    ]);
    expect(mailsTo(quiet.user.email).map((mail) => mail.subject)).toEqual(['Your premium access has ended']);
  });
});
