import { ACCOUNT_MESSAGES, API_MESSAGES, ERROR_CODES, type AccountExport, type ErrorResponse } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, mailOutbox, notifications, paymentIntents, sessions, users } from '../../db/schema.js';
import { insertArticle, insertPublisher, makeImage, seedSnapshot } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe("a reader's account: download and delete", () => {
  let ctx: TestContext;
  let publisherId: string;
  const db = () => ctx.database.db;

  beforeAll(async () => {
    ctx = await createTestContext();
    publisherId = (await insertPublisher(db())).id;
  });
  afterAll(() => ctx.close());

  const exportOf = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/account/export', headers: bearer(token) });
  const remove = (token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(token), payload });
  const session = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: bearer(token) });
  const login = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

  async function payment(userId: string, planId = 'individual') {
    const [row] = await db()
      .insert(paymentIntents)
      .values({
        userId,
        planId,
        planSnapshot: seedSnapshot(planId),
        amount: 30_000,
        currency: 'usd',
        provider: 'test',
        clientSecret: `cs_${crypto.randomUUID()}`,
      })
      .returning();
    return row!;
  }

  /** A reader with a photo, two articles (their own images), a payment, a notice and mail waiting. */
  async function readerWithData(colour: number) {
    const photo = await makeImage(ctx.images, { r: colour, g: 10, b: 10 });
    const { user, token } = await signedInUser(ctx.app, db(), { profilePic: photo, mailOptOuts: ['approved'] });
    const articleImage = await makeImage(ctx.images, { r: 10, g: colour, b: 10 });
    const approved = await insertArticle(
      db(),
      { publisherId, authorId: user.id },
      { image: articleImage, title: `Approved by ${colour}` },
    );
    const pending = await insertArticle(
      db(),
      { publisherId, authorId: user.id },
      { image: articleImage, status: 'pending' },
    );
    const paid = await payment(user.id);
    await db().insert(notifications).values({ userId: user.id, kind: 'approved', articleTitle: approved.title });
    await db()
      .insert(mailOutbox)
      .values({ kind: 'approved', toAddress: user.email, subject: 'Approved', textBody: 'x', htmlBody: 'x' });
    await ctx.changed();
    return { user, token, photo, articleImage, approved, pending, paid };
  }

  it("downloads exactly the reader's own data as a JSON attachment", async () => {
    const mine = await readerWithData(201);
    const other = await readerWithData(202);

    const response = await exportOf(mine.token);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="dispatch-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<AccountExport>();
    expect(data.profile).toMatchObject({
      email: mine.user.email,
      name: mine.user.name,
      profile_pic: mine.photo,
      role: 'user',
    });
    expect(data.profile.signsInWith).toEqual(['password']);
    expect(data.articles.map((article) => article._id).sort()).toEqual([mine.approved.id, mine.pending.id].sort());
    expect(data.articles.find((article) => article._id === mine.approved.id)).toMatchObject({
      title: mine.approved.title,
      description: mine.approved.description,
      status: 'approved',
    });
    expect(data.payments.map((entry) => entry._id)).toEqual([mine.paid.id]);
    expect(data.notificationPreferences).toContainEqual({ kind: 'approved', email: false });
    expect(data.notices).toMatchObject([{ kind: 'approved', article: null, read: false }]);
    for (const foreign of [other.user.email, other.user.name, other.approved.id, other.paid.id]) {
      expect(response.body).not.toContain(foreign);
    }
    expect(response.body).not.toMatch(/argon2|passwordHash|clientSecret/);
  });

  it('refuses the download to anyone not signed in', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/account/export' });
    expect(response.statusCode).toBe(401);
  });

  it('deletes the account: sessions end, articles, notices and files go, payments stay without the reader', async () => {
    const mine = await readerWithData(203);
    const other = await readerWithData(204);
    // The same picture on another reader's article: it must outlive this account.
    const shared = await makeImage(ctx.images, { r: 90, g: 90, b: 205 });
    await insertArticle(db(), { publisherId, authorId: mine.user.id }, { image: shared });
    await insertArticle(db(), { publisherId, authorId: other.user.id }, { image: shared });
    const secondDevice = (await login(mine.user.email)).json<{ token: string }>().token;
    await ctx.changed();
    const listed = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/articles/approved?limit=50' }))
        .json<{ articles: Array<{ _id: string }> }>()
        .articles.map((article) => article._id);
    expect(await listed()).toContain(mine.approved.id);

    const response = await remove(mine.token, { confirmation: PASSWORD });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: true });
    for (const token of [mine.token, secondDevice]) {
      const answer = await session(token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json<ErrorResponse>().message).toBe(API_MESSAGES.sessionExpired);
    }
    expect((await login(mine.user.email)).statusCode).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, mine.user.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, mine.user.id))).toEqual([]);
    expect(await db().select().from(articles).where(eq(articles.authorId, mine.user.id))).toEqual([]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, mine.user.id))).toEqual([]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, mine.user.email))).toEqual([]);
    const [kept] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, mine.paid.id));
    expect(kept).toMatchObject({ userId: null, amount: 30_000, planId: 'individual' });
    expect(await listed()).not.toContain(mine.approved.id);
    expect(await ctx.images.owns(mine.photo)).toBe(false);
    expect(await ctx.images.owns(mine.articleImage)).toBe(false);
    expect(await ctx.images.owns(shared)).toBe(true);

    // The other reader keeps everything.
    expect(await ctx.images.owns(other.photo)).toBe(true);
    expect(await db().select().from(articles).where(eq(articles.authorId, other.user.id))).toHaveLength(3);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, other.user.email))).toHaveLength(1);
    expect(await db().select().from(notifications).where(eq(notifications.userId, other.user.id))).toHaveLength(1);
    expect((await session(other.token)).statusCode).toBe(200);
  });

  it('refuses a wrong or missing password and changes nothing', async () => {
    const mine = await readerWithData(205);

    const wrong = await remove(mine.token, { confirmation: 'Not-the-one1' });
    const missing = await remove(mine.token, {});
    const word = await remove(mine.token, { confirmation: 'DELETE' });

    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorResponse>()).toMatchObject({
      code: ERROR_CODES.validationFailed,
      message: ACCOUNT_MESSAGES.passwordWrong,
      fieldErrors: { confirmation: [ACCOUNT_MESSAGES.passwordWrong] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorResponse>().message).toBe(ACCOUNT_MESSAGES.passwordRequired);
    // The word is for accounts without a password only.
    expect(word.json<ErrorResponse>().message).toBe(ACCOUNT_MESSAGES.passwordWrong);
    expect((await session(mine.token)).statusCode).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, mine.user.id))).toHaveLength(1);
    expect(await db().select().from(articles).where(eq(articles.authorId, mine.user.id))).toHaveLength(2);
    expect(await db().select().from(notifications).where(eq(notifications.userId, mine.user.id))).toHaveLength(1);
    const [payment] = await db().select().from(paymentIntents).where(eq(paymentIntents.id, mine.paid.id));
    expect(payment!.userId).toBe(mine.user.id);
    expect(await ctx.images.owns(mine.photo)).toBe(true);
  });

  it('asks an account without a password to type DELETE', async () => {
    // Signed in, then linked to Google: the link drops the password, as a Google sign-in does.
    const { user, token } = await signedInUser(ctx.app, db());
    await db()
      .update(users)
      .set({ passwordHash: null, googleSubject: `google-${user.id}` })
      .where(eq(users.id, user.id));

    const refused = await remove(token, { confirmation: 'delete me' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().message).toBe(ACCOUNT_MESSAGES.confirmationRequired);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toHaveLength(1);

    expect((await remove(token, { confirmation: 'DELETE' })).statusCode).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it('keeps the last admin: one admin may leave while another remains, the last may not', async () => {
    const existing = await db().select().from(users).where(eq(users.role, 'admin'));
    expect(existing).toEqual([]);
    const first = await signedInUser(ctx.app, db(), { role: 'admin' });
    const second = await signedInUser(ctx.app, db(), { role: 'admin' });

    expect((await remove(first.token, { confirmation: PASSWORD })).statusCode).toBe(200);
    const last = await remove(second.token, { confirmation: PASSWORD });

    expect(last.statusCode).toBe(409);
    expect(last.json<ErrorResponse>().message).toBe(ACCOUNT_MESSAGES.lastAdmin);
    expect(await db().select().from(users).where(eq(users.id, second.user.id))).toHaveLength(1);
    expect((await session(second.token)).statusCode).toBe(200);

    // Two admins leaving at once: one goes, the other is told it is the last. (The advisory lock is what makes
    // this certain; the requests do not always overlap here, so this checks the outcome, not the lock.)
    const third = await signedInUser(ctx.app, db(), { role: 'admin' });
    const answers = await Promise.all([second, third].map((admin) => remove(admin.token, { confirmation: PASSWORD })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await db().select().from(users).where(eq(users.role, 'admin'))).toHaveLength(1);
  });
});
