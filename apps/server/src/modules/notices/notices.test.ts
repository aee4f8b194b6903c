import { VERIFY_MESSAGES, type MailPreferences, type NoticeList } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, users } from '../../db/schema.js';
import { insertArticle, insertPublisher, makeImage } from '../../test/fixtures.js';
import { bearer, multipart, pngBytes, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Caller = Awaited<ReturnType<typeof signedInUser>>;

describe('notifications', () => {
  let ctx: TestContext;
  let editor: Caller;
  let otherEditor: Caller;
  let writer: Caller;
  let publisherId: string;
  let image: string;

  beforeAll(async () => {
    // Mail on: the outbox is written (no worker runs here; mailer.test.ts sends it).
    ctx = await createTestContext({ env: { SMTP_URL: 'smtp://127.0.0.1:2525', PUBLIC_URL: 'https://news.example' } });
    editor = await signedInUser(ctx.app, ctx.database.db, { role: 'admin', name: 'Edna Editor' });
    otherEditor = await signedInUser(ctx.app, ctx.database.db, { role: 'admin', name: 'Otto Editor' });
    // Premium lifts the one-article rule: this writer submits several.
    writer = await signedInUser(ctx.app, ctx.database.db, {
      name: 'Wren Writer',
      premiumUntil: new Date(Date.now() + 86_400_000),
    });
    publisherId = (await insertPublisher(ctx.database.db, { name: 'Notice Post' })).id;
    image = await makeImage(ctx.images);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (request: InjectOptions, caller: Caller) =>
    ctx.app.inject({ ...request, headers: { ...bearer(caller.token), ...(request.headers ?? {}) } });
  const noticesOf = async (caller: Caller) =>
    (await call({ method: 'GET', url: '/api/notifications' }, caller)).json<NoticeList>();
  const mailTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const submit = async (title: string) => {
    const response = await call(
      {
        method: 'POST',
        url: '/api/articles',
        payload: { title, image, publisher: 'Notice Post', tags: ['Health'], description: 'A body.' },
      },
      writer,
    );
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ insertedId: string }>().insertedId;
  };

  it('tells the editors of a submission and the writer of each decision, in the app and by mail', async () => {
    const id = await submit('Harbour <b>news</b>');

    for (const person of [editor, otherEditor]) {
      const { notices, unread } = await noticesOf(person);
      expect(unread).toBe(1);
      expect(notices[0]).toMatchObject({ kind: 'submitted', article: { _id: id, title: 'Harbour <b>news</b>' } });
    }
    expect((await noticesOf(writer)).unread).toBe(0);
    const [submittedMail] = await mailTo(editor.user.email);
    expect(submittedMail?.subject).toBe('New submission to review: “Harbour <b>news</b>”');
    // Markup a writer typed is text in the HTML body, never markup.
    expect(submittedMail?.htmlBody).toContain('Harbour &lt;b&gt;news&lt;/b&gt;');
    expect(submittedMail?.htmlBody).not.toContain('<b>news');
    expect(submittedMail?.textBody).toContain('https://news.example/dashboard/all-articles?status=pending');

    const asked = await call(
      { method: 'PATCH', url: `/api/articles/request-changes/${id}`, payload: { note: 'Name your source.' } },
      editor,
    );
    expect(asked.statusCode).toBe(200);
    const afterRequest = await noticesOf(writer);
    expect(afterRequest.unread).toBe(1);
    expect(afterRequest.notices[0]).toMatchObject({
      kind: 'changes-requested',
      note: 'Name your source.',
      read: false,
    });
    const [requestMail] = await mailTo(writer.user.email);
    expect(requestMail?.textBody).toContain('The editor’s note: Name your source.');
    expect(requestMail?.textBody).toContain('https://news.example/my-articles');
    expect(requestMail?.unsubscribeUrl).toMatch(/^https:\/\/news\.example\/unsubscribe\?token=/);

    expect((await call({ method: 'PATCH', url: `/api/articles/resubmit/${id}` }, writer)).statusCode).toBe(200);
    expect((await noticesOf(editor)).notices[0]).toMatchObject({ kind: 'resubmitted', article: { _id: id } });
    expect((await noticesOf(otherEditor)).unread).toBe(2);

    expect((await call({ method: 'PATCH', url: `/api/articles/approve/${id}` }, editor)).statusCode).toBe(200);
    expect((await call({ method: 'PATCH', url: `/api/articles/premium/${id}` }, editor)).statusCode).toBe(200);
    const decided = await noticesOf(writer);
    expect(decided.notices.map((notice) => notice.kind)).toEqual(['made-premium', 'approved', 'changes-requested']);
    expect(decided.unread).toBe(3);
    // The editor who acted hears nothing of their own acts.
    expect((await noticesOf(editor)).notices.map((notice) => notice.kind)).toEqual(['resubmitted', 'submitted']);
    expect(await mailTo(writer.user.email)).toHaveLength(3);
  });

  it('tells the writer of a correction on their article, with its note; a refused one tells nobody', async () => {
    const id = await submit('Bridge reopens');
    await call({ method: 'PATCH', url: `/api/articles/approve/${id}` }, editor);
    const revisions = (await call({ method: 'GET', url: `/api/articles/${id}/revisions` }, editor)).json<{
      revisions: { _id: string }[];
    }>().revisions;
    const before = (await noticesOf(writer)).notices.length;
    const refused = await call(
      {
        method: 'POST',
        url: `/api/articles/${id}/corrections`,
        payload: { revisionId: '00000000-0000-4000-8000-000000000000', note: 'Wrong revision.' },
      },
      editor,
    );
    expect(refused.statusCode).toBe(400);
    expect((await noticesOf(writer)).notices).toHaveLength(before);

    const published = await call(
      {
        method: 'POST',
        url: `/api/articles/${id}/corrections`,
        payload: { revisionId: revisions[0]!._id, note: 'An earlier version gave the wrong date.' },
      },
      editor,
    );
    expect(published.statusCode, published.body).toBe(201);
    expect((await noticesOf(writer)).notices[0]).toMatchObject({
      kind: 'corrected',
      note: 'An earlier version gave the wrong date.',
      article: { _id: id, title: 'Bridge reopens' },
    });
    const mail = (await mailTo(writer.user.email)).find((one) => one.kind === 'corrected');
    expect(mail?.textBody).toContain('Correction: An earlier version gave the wrong date.');
    expect(mail?.textBody).toContain(`https://news.example/articles/${id}`);
  });

  it('tells the writer the reason of a decline', async () => {
    const id = await submit('Declined piece');
    await call({ method: 'PATCH', url: `/api/articles/decline/${id}`, payload: { reason: 'Off topic.' } }, editor);
    expect((await noticesOf(writer)).notices[0]).toMatchObject({ kind: 'declined', note: 'Off topic.' });
    // Rows come back in no set order (a claimed row moves on PostgreSQL): the decline's mail is found by its kind.
    const mail = (await mailTo(writer.user.email)).find((one) => one.kind === 'declined');
    expect(mail?.textBody).toContain('Reason: Off topic.');
  });

  it('writes nothing when the move is refused', async () => {
    const id = (await insertArticle(db(), { publisherId, authorId: writer.user.id }, { status: 'approved' })).id;
    const before = (await db().select().from(notifications)).length;
    const outboxBefore = (await db().select().from(mailOutbox)).length;
    const refused = await call({ method: 'PATCH', url: `/api/articles/approve/${id}` }, editor);
    expect(refused.statusCode).toBe(409);
    expect(await db().select().from(notifications)).toHaveLength(before);
    expect(await db().select().from(mailOutbox)).toHaveLength(outboxBefore);
  });

  it('marks notices read, up to one or all, and only the caller’s', async () => {
    const { notices } = await noticesOf(writer);
    const oldest = notices.at(-1)!;
    const partly = await call(
      { method: 'POST', url: '/api/notifications/read', payload: { upTo: oldest._id } },
      writer,
    );
    expect(partly.json()).toEqual({ unread: notices.filter((notice) => !notice.read).length - 1 });
    // Another person's notice id marks none of theirs.
    const editorBefore = (await noticesOf(editor)).unread;
    await call({ method: 'POST', url: '/api/notifications/read', payload: {} }, writer);
    expect((await noticesOf(writer)).unread).toBe(0);
    expect((await noticesOf(writer)).notices.every((notice) => notice.read)).toBe(true);
    expect((await noticesOf(editor)).unread).toBe(editorBefore);
    const bad = await call({ method: 'POST', url: '/api/notifications/read', payload: { upTo: 'x; drop' } }, writer);
    expect(bad.statusCode).toBe(400);
    const count = await call({ method: 'GET', url: '/api/notifications/unread' }, editor);
    expect(count.json()).toEqual({ unread: editorBefore });
  });

  it('lets a person choose what they are e-mailed about, still telling them in the app', async () => {
    const initial = (
      await call({ method: 'GET', url: '/api/notifications/preferences' }, writer)
    ).json<MailPreferences>();
    expect(initial.mailEnabled).toBe(true);
    // A writer is not offered the editors' kinds.
    expect(initial.kinds.map((one) => one.kind)).toEqual([
      'changes-requested',
      'approved',
      'declined',
      'corrected',
      'made-premium',
      'receipt',
      'premium-ending',
      'premium-lapsed',
      'payment-failed',
      'renewal-reminder',
      'family-removed',
      'family-ended',
    ]);
    expect(initial.kinds.every((one) => one.email)).toBe(true);
    const editorKinds = (
      await call({ method: 'GET', url: '/api/notifications/preferences' }, editor)
    ).json<MailPreferences>();
    expect(editorKinds.kinds.map((one) => one.kind)).toContain('submitted');

    const saved = await call(
      { method: 'PUT', url: '/api/notifications/preferences', payload: { optOuts: ['approved', 'approved'] } },
      writer,
    );
    expect(saved.json<MailPreferences>().kinds.find((one) => one.kind === 'approved')?.email).toBe(false);
    const badKind = await call(
      { method: 'PUT', url: '/api/notifications/preferences', payload: { optOuts: ['everything'] } },
      writer,
    );
    expect(badKind.statusCode).toBe(400);

    const mailsBefore = (await mailTo(writer.user.email)).length;
    const id = (await insertArticle(db(), { publisherId, authorId: writer.user.id }, { status: 'pending' })).id;
    await call({ method: 'PATCH', url: `/api/articles/approve/${id}` }, editor);
    expect((await noticesOf(writer)).notices[0]).toMatchObject({ kind: 'approved', article: { _id: id } });
    expect(await mailTo(writer.user.email)).toHaveLength(mailsBefore);
  });

  it('unsubscribes from one kind with the link of its e-mail, and refuses a forged or altered link', async () => {
    await call({ method: 'PUT', url: '/api/notifications/preferences', payload: { optOuts: [] } }, writer);
    const declineMail = (await mailTo(writer.user.email)).find((mail) => mail.kind === 'declined')!;
    const token = new URL(declineMail.unsubscribeUrl!).searchParams.get('token')!;

    const done = await ctx.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token } });
    expect(done.json()).toEqual({ kind: 'declined' });
    const [row] = await db().select().from(users).where(eq(users.id, writer.user.id));
    expect(row?.mailOptOuts).toEqual(['declined']);
    // Twice is still once.
    await ctx.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: { token } });
    expect((await db().select().from(users).where(eq(users.id, writer.user.id)))[0]?.mailOptOuts).toEqual(['declined']);

    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of [altered, 'forged', '']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/unsubscribe',
        payload: { token: bad },
      });
      expect(response.statusCode).toBe(400);
    }
    // A session token is not an unsubscribe link.
    const session = await ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token: writer.token },
    });
    expect(session.statusCode).toBe(400);
  });

  it('welcomes a new account with a link that verifies its address, once and for that address only', async () => {
    const form = await multipart(
      { name: 'Nia New', email: 'nia@example.com', password: 'Secret#123' },
      { image: { bytes: await pngBytes(), name: 'me.png' } },
    );
    const registered = await ctx.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
    expect(registered.statusCode, registered.body).toBe(201);
    const [welcome] = await mailTo('nia@example.com');
    expect(welcome?.kind).toBe('welcome');
    expect(welcome?.subject).toBe('Welcome to The Daily Dispatch: please verify your e-mail address');
    expect(welcome?.unsubscribeUrl).toBeNull();
    const link = /https:\/\/news\.example\/verify-email\?token=([\w.-]+)/.exec(welcome!.textBody);
    expect(welcome?.htmlBody).toContain(link![0]);

    const nia = (await db().select().from(users).where(eq(users.email, 'nia@example.com')))[0]!;
    expect(nia.emailVerifiedAt).toBeNull();
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link![1] },
    });
    expect(verified.json()).toEqual({ verified: true });
    expect((await db().select().from(users).where(eq(users.id, nia.id)))[0]?.emailVerifiedAt).not.toBeNull();

    // The link names the address it was sent to: after a change of address it proves nothing.
    await db()
      .update(users)
      .set({ email: 'nia.changed@example.com', emailVerifiedAt: null })
      .where(eq(users.id, nia.id));
    const stale = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: link![1] } });
    expect(stale.statusCode).toBe(400);
    const unsubscribeAsVerify = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: new URL((await mailTo(writer.user.email))[0]!.unsubscribeUrl!).searchParams.get('token') },
    });
    expect(unsubscribeAsVerify.statusCode).toBe(400);
  });

  it('sends a new verification link on request, at most one every 10 minutes, never to a verified address', async () => {
    const reader = await signedInUser(ctx.app, db(), { name: 'Vera Unverified', emailVerifiedAt: null });
    const resend = () => call({ method: 'POST', url: '/api/auth/verify-email/resend' }, reader);

    // Two clicks at once: one e-mail, one polite refusal.
    const first = await Promise.all([resend(), resend()]);
    expect(first.map((response) => response.statusCode).sort()).toEqual([200, 429]);
    const sent = first.find((response) => response.statusCode === 200)!;
    expect(sent.json()).toEqual({ sentTo: reader.user.email });
    const refused = first.find((response) => response.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: VERIFY_MESSAGES.tooSoon });
    const mails = await mailTo(reader.user.email);
    expect(mails.map((mail) => mail.kind)).toEqual(['verification']);
    expect(mails[0]?.subject).toBe('Verify your e-mail address at The Daily Dispatch');
    const link = /https:\/\/news\.example\/verify-email\?token=([\w.-]+)/.exec(mails[0]!.textBody);

    ctx.clock.advance(11 * 60_000);
    expect((await resend()).statusCode).toBe(200);
    expect(await mailTo(reader.user.email)).toHaveLength(2);

    // The link verifies; then there is nothing left to send.
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: link![1] },
    });
    expect(verified.statusCode).toBe(200);
    ctx.clock.advance(11 * 60_000);
    const again = await resend();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: VERIFY_MESSAGES.alreadyVerified });
    expect(await mailTo(reader.user.email)).toHaveLength(2);

    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode).toBe(401);
  });
});

describe('notifications without mail', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('keeps the notices in the app and writes no e-mail', async () => {
    const editor = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    const writer = await signedInUser(ctx.app, ctx.database.db);
    const publisherId = (await insertPublisher(ctx.database.db, { name: 'Quiet Post' })).id;
    const id = (await insertArticle(ctx.database.db, { publisherId, authorId: writer.user.id }, { status: 'pending' }))
      .id;
    await ctx.app.inject({ method: 'PATCH', url: `/api/articles/approve/${id}`, headers: bearer(editor.token) });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(writer.token) });
    expect(list.json<NoticeList>().notices.map((notice) => notice.kind)).toEqual(['approved']);
    expect(await ctx.database.db.select().from(mailOutbox)).toEqual([]);
    const preferences = await ctx.app.inject({
      method: 'GET',
      url: '/api/notifications/preferences',
      headers: bearer(writer.token),
    });
    expect(preferences.json<MailPreferences>().mailEnabled).toBe(false);
    const resend = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: bearer(writer.token),
    });
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ message: VERIFY_MESSAGES.mailOff });
  });
});
