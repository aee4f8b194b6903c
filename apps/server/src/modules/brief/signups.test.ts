import {
  BRIEF_BENEFITS,
  BRIEF_LIMITS,
  BRIEF_MESSAGES,
  BRIEF_TEXT,
  ERROR_CODES,
  type BriefSubscription,
} from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../../config.js';
import {
  articleViewsHourly,
  briefDeliveries,
  briefSends,
  briefSubscriptions,
  paymentIntents,
  users,
} from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser, seedSnapshot } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { createMailer, type Mailer } from '../notices/mailer.js';
import { sweep } from '../system/housekeeping.js';
import { mostReadSince } from './hourly-views.service.js';
import { suppress, unsubscribeLinks } from './signups.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const settings = { hour: 7, timeZone: 'Europe/Warsaw' };

describe('subscribing to the daily brief', () => {
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

  const db = () => ctx.database.db;
  const subscribe = (payload: object, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/brief/subscribe',
      payload,
      ...(token && { headers: bearer(token) }),
    });
  const rowOf = async (email: string) =>
    (await db().select().from(briefSubscriptions).where(eq(briefSubscriptions.email, email)))[0];
  const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to === email);
  const confirmLink = (text: string) => /https:\/\/news\.example\/brief\/confirm\?token=([\w.-]+)/.exec(text)?.[1];
  const me = (token: string, method: 'GET' | 'PUT' | 'DELETE' = 'GET', payload?: object) =>
    ctx.app.inject({ method, url: '/api/brief/me', headers: bearer(token), ...(payload && { payload }) });

  it("takes a visitor's address without an account, mails a link, and starts the brief when it is followed", async () => {
    ctx.clock.set(new Date('2026-06-10T10:00:00Z'));
    const before = (await db().select().from(users)).length;
    const response = await subscribe({ ...settings, email: ' Vera.Visitor@Example.com ', tags: ['Politics'] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'pending', email: 'vera.visitor@example.com' });
    expect((await db().select().from(users)).length).toBe(before);
    expect(await rowOf('vera.visitor@example.com')).toMatchObject({
      status: 'pending',
      userId: null,
      hour: 7,
      timeZone: 'Europe/Warsaw',
      tags: ['Politics'],
      confirmedAt: null,
      nextBriefAt: null,
    });

    expect(await mailer.deliverDue()).toBe(1);
    const [mail] = mailsTo('vera.visitor@example.com');
    expect(mail?.subject).toBe(BRIEF_TEXT.confirmSubject('The Daily Dispatch'));
    const token = confirmLink(mail!.text);
    expect(token).toBeDefined();
    expect(mail!.html).toContain(`https://news.example/brief/confirm?token=${token}`);

    const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/brief/confirm', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'active', email: 'vera.visitor@example.com' });
    const row = await rowOf('vera.visitor@example.com');
    expect(row).toMatchObject({ status: 'active', confirmedAt: new Date('2026-06-10T10:00:00Z') });
    // 07:00 in Warsaw (summer time) is 05:00 UTC: tomorrow's.
    expect(row?.nextBriefAt).toEqual(new Date('2026-06-11T05:00:00Z'));

    // Followed twice: still active, same answer.
    const again = await ctx.app.inject({ method: 'POST', url: '/api/brief/confirm', payload: { token } });
    expect(again.json()).toEqual({ status: 'active', email: 'vera.visitor@example.com' });
  });

  it('gives the same answer for an address already subscribed, and leaves its sign-up as it was', async () => {
    const first = await subscribe({ ...settings, email: 'vera.visitor@example.com', hour: 22 });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'pending', email: 'vera.visitor@example.com' });
    const fresh = await subscribe({ ...settings, email: 'nobody.yet@example.com', hour: 22 });
    expect(fresh.json()).toEqual({ status: 'pending', email: 'nobody.yet@example.com' });
    expect(await rowOf('vera.visitor@example.com')).toMatchObject({ status: 'active', hour: 7 });
  });

  it('refuses a visitor without an address, and a link that is forged, for another address or expired', async () => {
    const missing = await subscribe(settings);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: BRIEF_MESSAGES.emailRequired });

    const forged = await ctx.app.inject({ method: 'POST', url: '/api/brief/confirm', payload: { token: 'forged' } });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: ERROR_CODES.validationFailed, message: BRIEF_MESSAGES.linkInvalid });

    ctx.clock.set(new Date());
    await subscribe({ ...settings, email: 'late@example.com' });
    await mailer.deliverDue();
    const token = confirmLink(mailsTo('late@example.com')[0]!.text);
    // An unsubscribe token is no confirmation.
    const row = await rowOf('late@example.com');
    const { pageUrl } = await unsubscribeLinks({ config: ctx.config, secret: resolveJwtSecret(ctx.config) }, row!.id);
    const wrongKind = new URL(pageUrl).searchParams.get('token');
    const asConfirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/brief/confirm',
      payload: { token: wrongKind },
    });
    expect(asConfirm.statusCode).toBe(400);
    // The address changed since (an account's new address): the link is void.
    await db().update(briefSubscriptions).set({ email: 'late2@example.com' }).where(eq(briefSubscriptions.id, row!.id));
    expect((await ctx.app.inject({ method: 'POST', url: '/api/brief/confirm', payload: { token } })).statusCode).toBe(
      400,
    );
    await db().update(briefSubscriptions).set({ email: 'late@example.com' }).where(eq(briefSubscriptions.id, row!.id));
    // Expired: a link lasts 7 days.
    const sentAt = ctx.clock.now;
    ctx.clock.advance(7 * DAY + 60_000);
    const expired = await ctx.app.inject({ method: 'POST', url: '/api/brief/confirm', payload: { token } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ message: BRIEF_MESSAGES.linkInvalid });
    ctx.clock.set(sentAt);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/brief/confirm', payload: { token } })).statusCode).toBe(
      200,
    );
  });

  it('subscribes a signed-in reader with a verified address at once, and one without verification by link', async () => {
    ctx.clock.set(new Date('2026-06-10T10:00:00Z'));
    const verified = await signedInUser(ctx.app, db(), { emailVerifiedAt: new Date('2026-01-01T00:00:00Z') });
    const response = await subscribe({ ...settings, email: 'someone.else@example.com' }, verified.token);
    expect(response.json()).toEqual({ status: 'active', email: verified.user.email });
    expect(await rowOf('someone.else@example.com')).toBeUndefined();
    expect(await rowOf(verified.user.email)).toMatchObject({
      status: 'active',
      userId: verified.user.id,
      nextBriefAt: new Date('2026-06-11T05:00:00Z'),
    });
    expect(await mailer.deliverDue()).toBe(0);

    const unverified = await signedInUser(ctx.app, db());
    const pending = await subscribe(settings, unverified.token);
    expect(pending.json()).toEqual({ status: 'pending', email: unverified.user.email });
    expect(await rowOf(unverified.user.email)).toMatchObject({ status: 'pending', userId: unverified.user.id });
    expect(await mailer.deliverDue()).toBe(1);
    expect(confirmLink(mailsTo(unverified.user.email)[0]!.text)).toBeDefined();
  });

  it(`limits subscribe requests to ${BRIEF_LIMITS.subscribesPerHour} an hour per address`, async () => {
    for (let n = 0; n < BRIEF_LIMITS.subscribesPerHour; n += 1) {
      expect((await subscribe({ ...settings, email: 'flood@example.com' })).statusCode).toBe(200);
    }
    const refused = await subscribe({ ...settings, email: 'FLOOD@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: ERROR_CODES.tooManyRequests,
      message: BRIEF_MESSAGES.tooManyRequests,
    });
    // Another address is counted apart.
    expect((await subscribe({ ...settings, email: 'other.flood@example.com' })).statusCode).toBe(200);
  });

  it("reads, saves and stops the reader's sign-up, validating the settings", async () => {
    ctx.clock.set(new Date('2026-06-10T10:00:00Z'));
    const reader = await signedInUser(ctx.app, db(), { emailVerifiedAt: new Date() });
    expect((await me(reader.token)).json()).toEqual({ subscription: null });
    expect((await me(reader.token, 'PUT', settings)).statusCode).toBe(404);
    await subscribe(settings, reader.token);

    const got = (await me(reader.token)).json<{ subscription: BriefSubscription }>();
    expect(got).toEqual({
      subscription: {
        email: reader.user.email,
        status: 'active',
        hour: 7,
        timeZone: 'Europe/Warsaw',
        tags: [],
        publishers: [],
        highlights: false,
        lastBriefAt: null,
        suppressedReason: null,
      },
    });

    const publisher = await insertPublisher(db());
    await ctx.changed();
    const saved = await me(reader.token, 'PUT', {
      hour: 20,
      timeZone: 'America/New_York',
      tags: ['Politics', 'Sports'],
      publishers: [publisher.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      subscription: {
        hour: 20,
        timeZone: 'America/New_York',
        tags: ['Politics', 'Sports'],
        publishers: [publisher.id],
      },
    });
    // 20:00 in New York (EDT) is 00:00 UTC the next day.
    expect((await rowOf(reader.user.email))?.nextBriefAt).toEqual(new Date('2026-06-11T00:00:00Z'));

    const refusals = await Promise.all([
      me(reader.token, 'PUT', { ...settings, hour: 24 }),
      me(reader.token, 'PUT', { ...settings, timeZone: 'Mars/Olympus_Mons' }),
      me(reader.token, 'PUT', { ...settings, tags: Array.from({ length: 21 }, (_, n) => `Tag ${n}`) }),
      me(reader.token, 'PUT', { ...settings, publishers: ['6b0f6f4e-0000-4000-8000-000000000000'] }),
      me(reader.token, 'PUT', { ...settings, publishers: ['not-a-uuid'] }),
    ]);
    expect(refusals.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(refusals[0]!.json()).toMatchObject({ fieldErrors: { hour: [BRIEF_MESSAGES.hourInvalid] } });
    expect(refusals[1]!.json()).toMatchObject({ fieldErrors: { timeZone: ['Choose a time zone'] } });
    expect(refusals[2]!.json()).toMatchObject({ fieldErrors: { tags: [BRIEF_MESSAGES.followsTooMany] } });
    expect(refusals[3]!.json()).toMatchObject({ message: BRIEF_MESSAGES.unknownPublisher });
    expect(refusals[4]!.json()).toMatchObject({ message: BRIEF_MESSAGES.unknownPublisher });
    expect(await rowOf(reader.user.email)).toMatchObject({ hour: 20 });

    const stopped = await me(reader.token, 'DELETE');
    expect(stopped.json()).toMatchObject({ subscription: { status: 'unsubscribed' } });
    expect(await rowOf(reader.user.email)).toMatchObject({
      status: 'unsubscribed',
      unsubscribedAt: ctx.clock.now,
      nextBriefAt: null,
    });

    // Back from unsubscribed: through the confirmation link again, however often it is asked.
    expect((await subscribe(settings, reader.token)).json()).toEqual({ status: 'pending', email: reader.user.email });
    expect((await subscribe(settings, reader.token)).json()).toEqual({ status: 'pending', email: reader.user.email });
    expect(await rowOf(reader.user.email)).toMatchObject({ status: 'pending' });
    await mailer.deliverDue();
    expect(mailsTo(reader.user.email)).toHaveLength(2);
    const confirmed = await ctx.app.inject({
      method: 'POST',
      url: '/api/brief/confirm',
      payload: { token: confirmLink(mailsTo(reader.user.email)[1]!.text) },
    });
    expect(confirmed.json()).toEqual({ status: 'active', email: reader.user.email });
    expect(await rowOf(reader.user.email)).toMatchObject({ status: 'active', unsubscribedAt: null });
  });

  it("says whether the reader's pass includes the highlights", async () => {
    const until = new Date(ctx.clock.now.getTime() + 30 * DAY);
    const reader = await signedInUser(ctx.app, db(), { emailVerifiedAt: new Date(), premiumUntil: until });
    const snapshot = seedSnapshot('individual');
    await db()
      .insert(paymentIntents)
      .values({
        userId: reader.user.id,
        planId: 'individual',
        planSnapshot: { ...snapshot, features: [...snapshot.features, BRIEF_BENEFITS.highlights] },
        amount: 300,
        currency: 'usd',
        provider: 'test',
        clientSecret: `secret-${reader.user.id}`,
        status: 'succeeded',
        succeededAt: ctx.clock.now,
        periodStart: ctx.clock.now,
        periodEnd: until,
      });
    await subscribe(settings, reader.token);
    expect((await me(reader.token)).json()).toMatchObject({ subscription: { highlights: true } });
    await db()
      .update(users)
      .set({ premiumUntil: new Date(until.getTime() + DAY) })
      .where(eq(users.id, reader.user.id));
    await ctx.changed();
    // Complimentary access on top: no longer the pass's.
    expect((await me(reader.token)).json()).toMatchObject({ subscription: { highlights: false } });
  });

  it("stops the brief with a brief's one-click link (RFC 8058), without a session, leaving other e-mail settings alone", async () => {
    const reader = await insertUser(db(), { emailVerifiedAt: new Date(), mailOptOuts: ['approved'] });
    const [row] = await db()
      .insert(briefSubscriptions)
      .values({ email: reader.email, userId: reader.id, status: 'active', ...settings })
      .returning();
    const [send] = await db().insert(briefSends).values({ kind: 'daily', label: '2026-06-10' }).returning();
    await db()
      .insert(briefDeliveries)
      .values({ sendId: send!.id, subscriptionId: row!.id, email: reader.email, status: 'sent', until: new Date() });
    const links = await unsubscribeLinks(
      { config: ctx.config, secret: resolveJwtSecret(ctx.config) },
      row!.id,
      send!.id,
    );
    expect(links.pageUrl).toMatch(/^https:\/\/news\.example\/brief\/unsubscribe\?token=[\w.-]+$/);
    expect(links.oneClickUrl).toMatch(/^https:\/\/news\.example\/api\/brief\/unsubscribe\?token=[\w.-]+$/);

    const oneClick = () =>
      ctx.app.inject({
        method: 'POST',
        url: links.oneClickUrl.replace('https://news.example', ''),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'unsubscribed' });
    const stopped = await rowOf(reader.email);
    expect(stopped).toMatchObject({ status: 'unsubscribed', nextBriefAt: null });
    const [delivery] = await db().select().from(briefDeliveries).where(eq(briefDeliveries.subscriptionId, row!.id));
    expect(delivery?.unsubscribedAt).toBeInstanceOf(Date);
    const [account] = await db().select().from(users).where(eq(users.id, reader.id));
    expect(account?.mailOptOuts).toEqual(['approved']);

    // Again, and from the page's button: the same answer, the first moment kept.
    expect((await oneClick()).statusCode).toBe(200);
    const pageToken = new URL(links.pageUrl).searchParams.get('token');
    const page = await ctx.app.inject({ method: 'POST', url: '/api/brief/unsubscribe', payload: { token: pageToken } });
    expect(page.json()).toEqual({ status: 'unsubscribed' });
    expect((await rowOf(reader.email))?.unsubscribedAt).toEqual(stopped?.unsubscribedAt);

    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/brief/unsubscribe',
      payload: { token: 'forged' },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ message: BRIEF_MESSAGES.linkInvalid });
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/brief/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(none.statusCode).toBe(400);
  });

  it("lists the sign-up in the account's export, and removes it with the account", async () => {
    const reader = await signedInUser(ctx.app, db(), { emailVerifiedAt: new Date() });
    await subscribe({ ...settings, tags: ['Sports'] }, reader.token);
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(reader.token) });
    expect(exported.json()).toMatchObject({
      dailyBrief: { email: reader.user.email, status: 'active', hour: 7, tags: ['Sports'] },
    });
    const deleted = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: bearer(reader.token),
      payload: { confirmation: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await rowOf(reader.user.email)).toBeUndefined();
  });

  it('suppresses an address for the sender, but never one that unsubscribed', async () => {
    const [active] = await db()
      .insert(briefSubscriptions)
      .values({ email: 'bouncing@example.com', status: 'active', ...settings })
      .returning();
    expect(await suppress(db(), active!.id, '550 no such user', ctx.clock.now)).toBe(true);
    expect(await rowOf('bouncing@example.com')).toMatchObject({
      status: 'suppressed',
      suppressedReason: '550 no such user',
      suppressedAt: ctx.clock.now,
    });
    const [gone] = await db()
      .insert(briefSubscriptions)
      .values({ email: 'gone@example.com', status: 'unsubscribed', ...settings })
      .returning();
    expect(await suppress(db(), gone!.id, '550', ctx.clock.now)).toBe(false);
    // Subscribing again goes through confirmation.
    expect((await subscribe({ ...settings, email: 'bouncing@example.com' })).json()).toEqual({
      status: 'pending',
      email: 'bouncing@example.com',
    });
    expect(await rowOf('bouncing@example.com')).toMatchObject({ status: 'pending' });
  });

  it("counts readers per hour with each reader's first view of the day, ranks the most read approved articles, and sweeps hours after 90 days", async () => {
    ctx.clock.set(new Date('2026-06-10T10:20:00Z'));
    const author = await insertUser(db());
    const publisher = await insertPublisher(db());
    const read = await insertArticle(db(), { publisherId: publisher.id, authorId: author.id });
    const other = await insertArticle(db(), { publisherId: publisher.id, authorId: author.id });
    const pending = await insertArticle(
      db(),
      { publisherId: publisher.id, authorId: author.id },
      { status: 'pending' },
    );
    const [reader, second, third] = [
      await signedInUser(ctx.app, db()),
      await signedInUser(ctx.app, db()),
      await signedInUser(ctx.app, db()),
    ];
    const view = (id: string, token = reader.token) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/articles/views/${id}`, headers: bearer(token) });
    expect((await view(read.id)).statusCode).toBe(200);
    ctx.clock.set(new Date('2026-06-10T10:59:59Z'));
    await view(read.id, second.token);
    // Reloads of the day add nothing: the reader was counted at 10:20.
    await view(read.id);
    ctx.clock.set(new Date('2026-06-10T11:00:00Z'));
    await view(read.id);
    await view(read.id, third.token);
    await view(other.id);
    const hourly = await db().select().from(articleViewsHourly).where(eq(articleViewsHourly.articleId, read.id));
    expect(hourly.map(({ hour, views }) => [hour.toISOString(), views]).sort()).toEqual([
      ['2026-06-10T10:00:00.000Z', 2],
      ['2026-06-10T11:00:00.000Z', 1],
    ]);
    await db()
      .insert(articleViewsHourly)
      .values({ articleId: pending.id, hour: new Date('2026-06-10T11:00:00Z'), views: 50 });
    expect(await mostReadSince(db(), new Date('2026-06-10T00:00:00Z'), 5)).toEqual([read.id, other.id]);
    expect(await mostReadSince(db(), new Date('2026-06-10T11:00:00Z'), 1)).toHaveLength(1);

    const images = ctx.images;
    ctx.clock.set(new Date(new Date('2026-06-10T10:00:00Z').getTime() + 90 * DAY + HOUR));
    const result = await sweep({ db: db(), images, clock: () => ctx.clock.now });
    expect(result).toMatchObject({ swept: true, hourlyViews: 1 });
    const left = await db().select().from(articleViewsHourly).where(eq(articleViewsHourly.articleId, read.id));
    expect(left.map(({ hour }) => hour.toISOString())).toEqual(['2026-06-10T11:00:00.000Z']);
  });
});

describe('the daily brief without mail', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('answers 409 to a subscribe request when the site sends no e-mail', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/brief/subscribe',
      payload: { ...settings, email: 'someone@example.com' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: BRIEF_MESSAGES.mailOff });
  });
});
