import {
  BRIEF_BENEFITS,
  BRIEF_MESSAGES,
  BRIEF_TEXT,
  type BriefArchiveSchema,
  type BriefPreview,
  type BriefSendListSchema,
  type PaymentIntent,
} from '@dispatch/shared';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { pino } from 'pino';
import type { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  articles,
  articleViewsHourly,
  briefDeliveries,
  briefSends,
  briefSubscriptions,
  families,
  familyMembers,
  paymentIntents,
} from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { resolveJwtSecret } from '../../config.js';
import { createBriefSender, type BriefSender, type BriefSenderOptions } from './sender.js';

const log = pino({ level: 'silent' });
const PUBLIC_URL = 'https://news.example';
const SECRET = 'PREMIUM-SECRET-PARAGRAPH';
const HOUR = 3_600_000;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('the daily brief: composing, sending, the editor and the archive', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let adminToken: string;
  let refs: { publisherId: string; authorId: string };
  let otherPublisherId: string;
  const senders: BriefSender[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ env: { SMTP_URL: smtp.url, PUBLIC_URL, SITE_NAME: 'The Daily Dispatch' } });
    const db = ctx.database.db;
    adminToken = (await signedInUser(ctx.app, db, { role: 'admin' })).token;
    refs = { publisherId: (await insertPublisher(db)).id, authorId: (await insertUser(db)).id };
    otherPublisherId = (await insertPublisher(db)).id;
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });
  beforeEach(async () => {
    const db = ctx.database.db;
    await db.delete(briefDeliveries);
    await db.delete(briefSends);
    await db.delete(briefSubscriptions);
    await db.delete(articles);
    smtp.received.splice(0);
    smtp.refused = 0;
    ctx.clock.set(new Date());
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((sender) => sender.stop()));
  });

  const sender = (options: Partial<BriefSenderOptions> = {}) => {
    const created = createBriefSender(
      {
        db: ctx.database.db,
        clock: () => ctx.clock.now,
        // The app's own secret: the mail's unsubscribe links must open on this app.
        secret: resolveJwtSecret(ctx.config),
        config: { ...ctx.config, mail: ctx.config.mail! },
      },
      log,
      { retryBaseMs: 0, ...options },
    );
    senders.push(created);
    return created;
  };
  const call = (options: InjectOptions, token?: string) =>
    ctx.app.inject({ ...options, headers: token ? bearer(token) : {} });
  const approved = (values: Parameters<typeof insertArticle>[2] & { approvedHoursAgo?: number } = {}) => {
    const { approvedHoursAgo = 1, ...rest } = values;
    return insertArticle(ctx.database.db, refs, {
      decidedAt: new Date(ctx.clock.now.getTime() - approvedHoursAgo * HOUR),
      ...rest,
    });
  };
  const subscribe = async (values: Partial<typeof briefSubscriptions.$inferInsert> = {}) => {
    const now = ctx.clock.now;
    const [row] = await ctx.database.db
      .insert(briefSubscriptions)
      .values({
        email: `reader-${Math.random().toString(36).slice(2, 10)}@example.com`,
        status: 'active',
        hour: 7,
        timeZone: 'Europe/Warsaw',
        confirmedAt: new Date(now.getTime() - 48 * HOUR),
        lastBriefAt: new Date(now.getTime() - 24 * HOUR),
        nextBriefAt: new Date(now.getTime() - 60_000),
        ...values,
      })
      .returning();
    return row!;
  };
  const deliveries = () => ctx.database.db.select().from(briefDeliveries);

  it('leaves a young reader’s hidden tags out of their brief and the archive (docs/product.md#parental-controls)', async () => {
    const db = ctx.database.db;
    // Approved now, so the archive's day (UTC) holds them at any hour.
    await approved({ title: 'Council politics', tags: ['Politics'], approvedHoursAgo: 0 });
    await approved({ title: 'Cup final sports', tags: ['Sports'], approvedHoursAgo: 0 });
    const owner = await insertUser(db);
    const young = await signedInUser(ctx.app, db);
    const [family] = await db.insert(families).values({ ownerId: owner.id, seats: 6 }).returning();
    await db
      .insert(familyMembers)
      .values({ userId: young.user.id, familyId: family!.id, youngReader: true, hiddenTags: ['Politics'] });
    const youngSubscription = await subscribe({ userId: young.user.id, email: young.user.email });
    const everyone = await subscribe();

    // The editor's preview of the young reader's brief is the one they get.
    const preview = await call(
      { method: 'GET', url: `/api/admin/brief/preview?email=${encodeURIComponent(youngSubscription.email)}` },
      adminToken,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<BriefPreview>().text).toContain('Cup final sports');
    expect(preview.json<BriefPreview>().text).not.toContain('Council politics');

    const worker = sender();
    expect(await worker.queueDue()).toBe(2);
    expect(await worker.deliverDue()).toBe(2);
    const mails = await smtp.waitFor(2);
    const youngMail = mails.find((mail) => mail.to === youngSubscription.email)!;
    const otherMail = mails.find((mail) => mail.to === everyone.email)!;
    expect(youngMail.subject).toBe('Cup final sports');
    expect(youngMail.text).not.toContain('Council politics');
    expect(otherMail.text).toContain('Council politics');
    expect(otherMail.text).toContain('Cup final sports');

    type Archive = z.infer<typeof BriefArchiveSchema>;
    const titles = (archive: Archive) => archive.briefs.flatMap((brief) => brief.articles.map((item) => item.title));
    const forYoung = (await call({ method: 'GET', url: '/api/briefs' }, young.token)).json<Archive>();
    const forAnyone = (await call({ method: 'GET', url: '/api/briefs' })).json<Archive>();
    expect(titles(forAnyone)).toContain('Council politics');
    expect(titles(forYoung)).toContain('Cup final sports');
    expect(titles(forYoung)).not.toContain('Council politics');
  });

  it("sends a reader the window's approved articles they follow, newest first, premium marked and excerpt only", async () => {
    const older = await approved({ title: 'Older politics', tags: ['Politics'], approvedHoursAgo: 3 });
    const premium = await approved({
      title: 'Premium politics',
      tags: ['Politics'],
      isPremium: true,
      description: `${'Opening words. '.repeat(10)}${SECRET}`,
      approvedHoursAgo: 1,
    });
    await approved({ title: 'Sports story', tags: ['Sports'] });
    await insertArticle(
      ctx.database.db,
      { ...refs, publisherId: otherPublisherId },
      {
        title: 'Other publisher politics',
        tags: ['Politics'],
        decidedAt: new Date(ctx.clock.now.getTime() - HOUR),
      },
    );
    await approved({ title: 'Before the window', tags: ['Politics'], approvedHoursAgo: 30 });
    await approved({ title: 'Still pending', tags: ['Politics'], status: 'pending' });
    const subscription = await subscribe({ tags: ['Politics'], publisherIds: [refs.publisherId] });

    const worker = sender();
    expect(await worker.queueDue()).toBe(1);
    expect(await worker.deliverDue()).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe(subscription.email);
    expect(mail!.subject).toBe('Premium politics');
    for (const part of [mail!.html, mail!.text]) {
      expect(part).toContain('Premium politics');
      expect(part).toContain('Older politics');
      expect(part).not.toContain('Sports story');
      expect(part).not.toContain('Other publisher politics');
      expect(part).not.toContain('Before the window');
      expect(part).not.toContain('Still pending');
      expect(part).not.toContain(SECRET);
      expect(part).toContain(BRIEF_TEXT.premiumMark);
      expect(part).toContain(`${PUBLIC_URL}/articles/${premium.id}`);
      expect(part).toContain('support@example.com');
    }
    expect(mail!.text.indexOf('Premium politics')).toBeLessThan(mail!.text.indexOf('Older politics'));
    expect(mail!.html).toContain(`src="${PUBLIC_URL}/api/uploads/article.webp"`);
    expect(mail!.text).toContain(`[${BRIEF_TEXT.premiumMark}]`);
    expect(older.id).toBeTruthy();

    const [delivery] = await deliveries();
    expect(delivery!.status).toBe('sent');
    expect(mail!.messageId).toBe(`<${delivery!.id}@news.example>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['list-unsubscribe']).toMatch(
      new RegExp(
        `^<${PUBLIC_URL}/api/brief/unsubscribe\\?token=[^>]+>, <${PUBLIC_URL}/brief/unsubscribe\\?token=[^>]+>$`,
      ),
    );
    expect(mail!.html).toContain(`${PUBLIC_URL}/brief/unsubscribe?token=`);

    const [after] = await ctx.database.db
      .select()
      .from(briefSubscriptions)
      .where(eq(briefSubscriptions.id, subscription.id));
    expect(after!.lastBriefAt).toEqual(ctx.clock.now);
    expect(after!.nextBriefAt!.getTime()).toBeGreaterThan(ctx.clock.now.getTime());
    // Not due again: another round queues nothing.
    expect(await worker.queueDue()).toBe(0);

    // The header's one-click address, as a mail client posts it (RFC 8058), stops the brief and counts for the send.
    const oneClick = new URL(/^<([^>]+)>/.exec(mail!.headers['list-unsubscribe']!)![1]!);
    const unsubscribe = await ctx.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode, unsubscribe.body).toBe(200);
    const [stopped] = await ctx.database.db
      .select()
      .from(briefSubscriptions)
      .where(eq(briefSubscriptions.id, subscription.id));
    expect(stopped!.status).toBe('unsubscribed');
    expect((await deliveries())[0]!.unsubscribedAt).not.toBeNull();
  });

  it('sends nothing when no new article matches: the delivery is skipped', async () => {
    await approved({ tags: ['Politics'] });
    await subscribe({ tags: ['Sports'] });
    const worker = sender();
    expect(await worker.queueDue()).toBe(1);
    expect(await worker.deliverDue()).toBe(0);
    expect((await deliveries()).map((row) => row.status)).toEqual(['skipped']);
    expect(smtp.received).toHaveLength(0);
  });

  async function buyPlan(features: string[], familySeats = 1) {
    const created = await call(
      {
        method: 'POST',
        url: '/api/admin/plans',
        payload: {
          name: `Brief pass ${Math.random().toString(36).slice(2, 8)}`,
          price: 5,
          durationMinutes: 24 * 60,
          features,
          premiumArticles: null,
          visibility: 'listed',
          familySeats,
        },
      },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    const reader = await signedInUser(ctx.app, ctx.database.db);
    const intent = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { planId: created.json<{ id: string }>().id } },
      reader.token,
    );
    expect(intent.statusCode, intent.body).toBe(200);
    const paid = await call(
      {
        method: 'POST',
        url: '/api/payments/confirm',
        payload: { clientSecret: intent.json<PaymentIntent>().clientSecret, card: GOOD_CARD },
      },
      reader.token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    return reader.user;
  }

  it("adds the last 24 hours' most read only for a reader whose pass, or family's pass, names the highlights", async () => {
    const db = ctx.database.db;
    const withBenefit = await buyPlan([BRIEF_BENEFITS.brief, BRIEF_BENEFITS.highlights], 6);
    const without = await buyPlan([BRIEF_BENEFITS.brief]);
    // A member of the first buyer's family: their billing lists the owner's plan, highlights included.
    const member = await insertUser(db);
    const [family] = await db.select().from(families).where(eq(families.ownerId, withBenefit.id));
    await db.insert(familyMembers).values({ userId: member.id, familyId: family!.id });
    await approved({ title: 'Fresh news', tags: ['Politics'] });
    const popular = await approved({ title: 'Most read story', tags: ['Sports'], approvedHoursAgo: 72 });
    const hour = new Date(Math.floor(ctx.clock.now.getTime() / HOUR) * HOUR - HOUR);
    await ctx.database.db.insert(articleViewsHourly).values({ articleId: popular.id, hour, views: 500 });
    await subscribe({ email: withBenefit.email, userId: withBenefit.id });
    await subscribe({ email: without.email, userId: without.id });
    await subscribe({ email: member.email, userId: member.id });

    const worker = sender();
    await worker.queueDue();
    expect(await worker.deliverDue()).toBe(3);
    const received = await smtp.waitFor(3);
    const mailTo = (email: string) => received.find((mail) => mail.to === email)!;
    for (const reader of [withBenefit, member]) {
      expect(mailTo(reader.email).html).toContain(BRIEF_TEXT.highlights);
      expect(mailTo(reader.email).text).toContain('Most read story');
    }
    expect(mailTo(without.email).html).not.toContain(BRIEF_TEXT.highlights);
    expect(mailTo(without.email).text).not.toContain('Most read story');
    expect(await ctx.database.db.select().from(paymentIntents)).toHaveLength(2);
  });

  it('retries a temporary (4xx) refusal and sends under the same Message-ID', async () => {
    await approved({ tags: ['Politics'] });
    await subscribe();
    smtp.refuseNext(1);
    const worker = sender();
    await worker.queueDue();
    expect(await worker.deliverDue()).toBe(0);
    let [delivery] = await deliveries();
    expect(delivery!.status).toBe('queued');
    expect(delivery!.attempts).toBe(1);
    expect(delivery!.lastError).toContain('Try again later');
    expect(await worker.deliverDue()).toBe(1);
    [delivery] = await deliveries();
    expect(delivery!.status).toBe('sent');
    expect(delivery!.attempts).toBe(2);
    expect(smtp.refused).toBe(1);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.messageId).toBe(`<${delivery!.id}@news.example>`);
  });

  it('gives up after the last attempt and marks the delivery failed', async () => {
    await approved({ tags: ['Politics'] });
    await subscribe();
    smtp.refuseNext(5);
    const worker = sender({ maxAttempts: 2 });
    await worker.queueDue();
    await worker.deliverDue();
    await worker.deliverDue();
    const [delivery] = await deliveries();
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attempts).toBe(2);
    expect(smtp.received).toHaveLength(0);
  });

  it('bounces on a permanent (5xx) refusal and suppresses the subscription', async () => {
    await approved({ tags: ['Politics'] });
    const subscription = await subscribe();
    smtp.refuseNext(1, 550);
    const worker = sender();
    await worker.queueDue();
    expect(await worker.deliverDue()).toBe(0);
    const [delivery] = await deliveries();
    expect(delivery!.status).toBe('bounced');
    const [after] = await ctx.database.db
      .select()
      .from(briefSubscriptions)
      .where(eq(briefSubscriptions.id, subscription.id));
    expect(after!.status).toBe('suppressed');
    expect(after!.suppressedReason).toContain('Mailbox unavailable');
    // Not tried again.
    expect(await worker.deliverDue()).toBe(0);
    expect(smtp.refused).toBe(1);
  });

  it('sends a special edition of one approved article to the audience chosen', async () => {
    const article = await approved({
      title: 'Breaking: special',
      isPremium: true,
      description: `${'x'.repeat(100)}${SECRET}`,
    });
    const pending = await approved({ status: 'pending' });
    const premiumReader = await insertUser(ctx.database.db, { premiumUntil: new Date(ctx.clock.now.getTime() + HOUR) });
    const lapsedReader = await insertUser(ctx.database.db, { premiumUntil: new Date(ctx.clock.now.getTime() - HOUR) });
    await subscribe({ email: premiumReader.email, userId: premiumReader.id });
    await subscribe({ email: lapsedReader.email, userId: lapsedReader.id });
    await subscribe();
    await subscribe({ status: 'unsubscribed' });

    const special = (articleId: string, audience: string) =>
      call({ method: 'POST', url: '/api/admin/brief/special', payload: { articleId, audience } }, adminToken);
    const refused = await special(pending.id, 'all');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe(BRIEF_MESSAGES.notApproved);
    expect((await special(article.id, 'premium')).json()).toEqual({ queued: 1 });
    expect((await special(article.id, 'free')).json()).toEqual({ queued: 2 });
    expect((await special(article.id, 'all')).json()).toEqual({ queued: 3 });

    const worker = sender();
    expect(await worker.deliverDue()).toBe(6);
    const received = await smtp.waitFor(6);
    expect(received.filter((mail) => mail.to === premiumReader.email)).toHaveLength(2);
    expect(received.filter((mail) => mail.to === lapsedReader.email)).toHaveLength(2);
    for (const mail of received) {
      expect(mail.subject).toBe('Breaking: special');
      expect(mail.html).not.toContain(SECRET);
      expect(mail.text).not.toContain(SECRET);
    }

    const sends = await call({ method: 'GET', url: '/api/admin/brief/sends' }, adminToken);
    expect(sends.statusCode).toBe(200);
    const body = sends.json<z.infer<typeof BriefSendListSchema>>();
    expect(body.sends.map((send) => [send.kind, send.label, send.recipients, send.sent])).toEqual([
      ['special', 'Breaking: special', 3, 3],
      ['special', 'Breaking: special', 2, 2],
      ['special', 'Breaking: special', 1, 1],
    ]);
    expect(body.subscribers).toEqual({ active: 3, pending: 0, suppressed: 0 });
  });

  it("sends the premium audience's special edition to a family member through the owner, not to a limited pass", async () => {
    const db = ctx.database.db;
    const article = await approved({ title: 'Breaking: for members', isPremium: true });
    const owner = await insertUser(db, { premiumUntil: new Date(ctx.clock.now.getTime() + HOUR) });
    const member = await insertUser(db);
    const [family] = await db.insert(families).values({ ownerId: owner.id, seats: 3 }).returning();
    await db.insert(familyMembers).values({ userId: member.id, familyId: family!.id });
    const limited = await insertUser(db, {
      premiumUntil: new Date(ctx.clock.now.getTime() + HOUR),
      premiumArticles: 3,
      premiumArticlesSince: ctx.clock.now,
    });
    await subscribe({ email: member.email, userId: member.id });
    await subscribe({ email: limited.email, userId: limited.id });

    const special = (audience: string) =>
      call(
        { method: 'POST', url: '/api/admin/brief/special', payload: { articleId: article.id, audience } },
        adminToken,
      );
    expect((await special('premium')).json()).toEqual({ queued: 1 });
    const worker = sender();
    expect(await worker.deliverDue()).toBe(1);
    expect((await smtp.waitFor(1)).map((mail) => mail.to)).toEqual([member.email]);
    expect((await special('free')).json()).toEqual({ queued: 1 });
    expect(await worker.deliverDue()).toBe(1);
    expect((await smtp.waitFor(2)).map((mail) => mail.to)).toEqual([member.email, limited.email]);
  });

  it('counts sent, failed, bounced and unsubscribed per send in the sends list', async () => {
    await approved({ tags: ['Politics'] });
    const one = await subscribe();
    await subscribe();
    await subscribe();
    await subscribe({ status: 'pending', nextBriefAt: null });
    const worker = sender({ maxAttempts: 1 });
    await worker.queueDue();
    smtp.refuseNext(1, 550);
    await worker.deliverDue();
    await ctx.database.db.execute(
      sql`update brief_deliveries set unsubscribed_at = now() where subscription_id = ${one.id}`,
    );
    const body = (await call({ method: 'GET', url: '/api/admin/brief/sends' }, adminToken)).json<
      z.infer<typeof BriefSendListSchema>
    >();
    expect(body.sends).toHaveLength(1);
    expect(body.sends[0]).toMatchObject({
      kind: 'daily',
      label: ctx.clock.now.toISOString().slice(0, 10),
      recipients: 3,
      sent: 2,
      bounced: 1,
      failed: 0,
      unsubscribed: 1,
    });
    expect(body.subscribers).toEqual({ active: 2, pending: 1, suppressed: 1 });
  });

  it("previews a subscriber's next brief for the admin, and answers 404 for an unknown address", async () => {
    await approved({ title: 'Politics today', tags: ['Politics'] });
    await approved({ title: 'Sports today', tags: ['Sports'] });
    const subscription = await subscribe({ tags: ['Sports'] });
    const preview = await call(
      { method: 'GET', url: `/api/admin/brief/preview?email=${encodeURIComponent(subscription.email)}` },
      adminToken,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<BriefPreview>();
    expect(body.subject).toBe('Sports today');
    expect(body.articles.map((article) => article.title)).toEqual(['Sports today']);
    expect(body.html).toContain('Sports today');
    const own = (await call({ method: 'GET', url: '/api/admin/brief/preview' }, adminToken)).json<BriefPreview>();
    expect(own.articles.map((article) => article.title).sort()).toEqual(['Politics today', 'Sports today']);
    const unknown = await call({ method: 'GET', url: '/api/admin/brief/preview?email=nobody@example.com' }, adminToken);
    expect(unknown.statusCode).toBe(404);
  });

  it("sends the admin's test brief to the admin's own address", async () => {
    await approved({ title: 'For the test', tags: ['Politics'] });
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const response = await call({ method: 'POST', url: '/api/admin/brief/test' }, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ email: admin.user.email });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toBe(admin.user.email);
    expect(mail!.subject).toBe('For the test');
  });

  it('lists past daily briefs to anyone, with the day’s approved articles as teasers', async () => {
    await approved({ title: 'Free story', tags: ['Politics'], approvedHoursAgo: 0 });
    await approved({
      title: 'Paid story',
      isPremium: true,
      description: `${'Opening words. '.repeat(10)}${SECRET}`,
      approvedHoursAgo: 0,
    });
    await subscribe();
    await sender().queueDue();
    const response = await call({ method: 'GET', url: '/api/briefs' });
    expect(response.statusCode).toBe(200);
    const body = response.json<z.infer<typeof BriefArchiveSchema>>();
    expect(body.total).toBe(1);
    expect(body.briefs[0]!.date).toBe(ctx.clock.now.toISOString().slice(0, 10));
    const paid = body.briefs[0]!.articles.find((article) => article.title === 'Paid story')!;
    expect(paid.isPremium).toBe(true);
    expect(paid.excerpt).toHaveLength(100);
    expect(response.body).not.toContain(SECRET);
    expect(body.briefs[0]!.articles.map((article) => article.title)).toContain('Free story');
  });
});
