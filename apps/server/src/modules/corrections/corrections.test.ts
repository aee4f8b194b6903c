import {
  API_MESSAGES,
  ARTICLE_MESSAGES,
  TEXT,
  type ArticleCorrections,
  type ArticleStatus,
  type Correction,
  type CorrectionPage,
  type ErrorResponse,
  type HistoryPage,
  type Timeline,
} from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app-types.js';
import { type Db } from '../../db/client.js';
import { articleRevisions, corrections, moderationActions } from '../../db/schema.js';
import { insertArticle, insertPublisher } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext, openTwoInstances, type TwoInstances } from '../../test/test-app.js';
import { childOf, findAll, parseXml, textOf } from '../../test/xml.js';

type Caller = Awaited<ReturnType<typeof signedInUser>>;

/** An article by `authorId` with `versions` revisions (1, 2, …), the last one its current text. */
async function articleWithRevisions(
  db: Db,
  refs: { publisherId: string; authorId: string },
  values: Parameters<typeof insertArticle>[2] = {},
  versions = 1,
) {
  const row = await insertArticle(db, refs, values);
  const revisions = await db
    .insert(articleRevisions)
    .values(
      Array.from({ length: versions }, (_, index) => ({
        articleId: row.id,
        number: index + 1,
        authorId: refs.authorId,
        title: row.title,
        // An earlier version ends with a sentence the current one dropped.
        description:
          index + 1 === versions ? row.description : `${row.description} The bridge would cost nine million pounds.`,
        tags: row.tags,
        createdAt: new Date(Date.now() - (versions - index) * 60_000),
      })),
    )
    .returning();
  return { id: row.id, title: row.title, revisionIds: revisions.map((revision) => revision.id) };
}

const publish = (id: string, body: unknown): InjectOptions => ({
  method: 'POST',
  url: `/api/articles/${id}/corrections`,
  payload: body as InjectOptions['payload'],
});

describe('corrections', () => {
  let ctx: TestContext;
  let admin: Caller;
  let writer: Caller;
  let reader: Caller;
  let refs: { publisherId: string; authorId: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin', name: 'Edna Editor' });
    writer = await signedInUser(ctx.app, ctx.database.db, { name: 'Wren Writer' });
    reader = await signedInUser(ctx.app, ctx.database.db);
    refs = {
      publisherId: (await insertPublisher(ctx.database.db, { name: 'Correct Courier' })).id,
      authorId: writer.user.id,
    };
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  // Each call a second later than the one before, so corrections have an order in time.
  const call = (request: InjectOptions, caller?: Caller) => {
    ctx.clock.advance(1000);
    return ctx.app.inject({ ...request, headers: caller ? bearer(caller.token) : {} });
  };
  const article = (values: Parameters<typeof insertArticle>[2] = {}, versions = 1) =>
    articleWithRevisions(db(), refs, values, versions);
  const correctionsOf = async (id: string) =>
    (await call({ method: 'GET', url: `/api/articles/${id}/corrections` })).json<ArticleCorrections>().corrections;
  const storedFor = (id: string) => db().select().from(corrections).where(eq(corrections.articleId, id));
  const recordFor = (id: string) => db().select().from(moderationActions).where(eq(moderationActions.articleId, id));
  const sitePage = async (query = '') =>
    (await call({ method: 'GET', url: `/api/corrections${query}` })).json<CorrectionPage>();

  it('is published by an admin, tied to the chosen revision, and shown to anyone, newest first', async () => {
    const { id, revisionIds } = await article({}, 3);
    const first = await call(
      publish(id, { revisionId: revisionIds[1], note: 'An earlier version gave the wrong date.' }),
      admin,
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Correction>()).toMatchObject({
      note: 'An earlier version gave the wrong date.',
      revision: { _id: revisionIds[1], number: 2 },
    });
    const second = await call(publish(id, { revisionId: revisionIds[2], note: 'It also misspelled a name.' }), admin);
    expect(second.statusCode).toBe(201);

    // Anonymous: a correction is public.
    const listed = await correctionsOf(id);
    expect(listed.map((one) => [one.note, one.revision.number])).toEqual([
      ['It also misspelled a name.', 3],
      ['An earlier version gave the wrong date.', 2],
    ]);
    expect(Date.parse(listed[0]!.createdAt)).toBeGreaterThan(Date.parse(listed[1]!.createdAt));
    expect(await storedFor(id)).toEqual([
      expect.objectContaining({ editorId: admin.user.id, revisionId: revisionIds[1] }),
      expect.objectContaining({ editorId: admin.user.id, revisionId: revisionIds[2] }),
    ]);
  });

  it('is for admins only: anonymous 401, a reader or the writer 403, and nothing is written', async () => {
    const { id, revisionIds } = await article();
    const body = { revisionId: revisionIds[0], note: 'Fixed.' };
    expect((await call(publish(id, body))).statusCode).toBe(401);
    for (const caller of [reader, writer]) {
      const response = await call(publish(id, body), caller);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorResponse>().message).toBe(API_MESSAGES.adminOnly);
    }
    expect(await storedFor(id)).toEqual([]);
    expect(await recordFor(id)).toEqual([]);
  });

  it('needs a note within the limit and a revision id, in the shared words', async () => {
    const { id, revisionIds } = await article();
    const refusals = [
      [{ revisionId: revisionIds[0], note: '   ' }, { note: [TEXT.validation.correctionRequired] }],
      [{ revisionId: revisionIds[0] }, { note: [TEXT.validation.correctionRequired] }],
      [{ revisionId: revisionIds[0], note: 'x'.repeat(601) }, { note: ['Must be at most 600 characters'] }],
      [{ revisionId: 'latest', note: 'Fixed.' }, { revisionId: [TEXT.validation.revisionRequired] }],
      [{ note: 'Fixed.' }, { revisionId: [TEXT.validation.revisionRequired] }],
    ] as const;
    for (const [body, fieldErrors] of refusals) {
      const response = await call(publish(id, body), admin);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ErrorResponse>().fieldErrors).toMatchObject(fieldErrors);
    }
    expect(await storedFor(id)).toEqual([]);
  });

  it("refuses a revision of another article, or none, and writes nothing (not even the record's entry)", async () => {
    const { id } = await article();
    const other = await article();
    for (const revisionId of [other.revisionIds[0]!, '6f1c9a52-6a43-4b57-9b52-1d9e0a7f4c11']) {
      const response = await call(publish(id, { revisionId, note: 'Fixed.' }), admin);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fieldErrors).toEqual({
        revisionId: [ARTICLE_MESSAGES.revisionNotOfArticle],
      });
    }
    expect(await storedFor(id)).toEqual([]);
    expect(await recordFor(id)).toEqual([]);
  });

  it('is refused with 409 on an article that is not approved; an unknown or malformed article is 404', async () => {
    for (const status of ['pending', 'changes_requested', 'declined'] as ArticleStatus[]) {
      const { id, revisionIds } = await article({ status });
      const response = await call(publish(id, { revisionId: revisionIds[0], note: 'Fixed.' }), admin);
      expect(response.statusCode, status).toBe(409);
      expect(response.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.notApprovedForCorrection);
      expect(await storedFor(id)).toEqual([]);
      // Nor can anyone read corrections of an article readers cannot open.
      expect((await call({ method: 'GET', url: `/api/articles/${id}/corrections` })).statusCode).toBe(404);
    }
    const body = { revisionId: '6f1c9a52-6a43-4b57-9b52-1d9e0a7f4c11', note: 'Fixed.' };
    expect((await call(publish('6f1c9a52-6a43-4b57-9b52-1d9e0a7f4c12', body), admin)).statusCode).toBe(404);
    expect((await call(publish('not-an-id', body), admin)).statusCode).toBe(404);
  });

  it('cannot be changed or deleted: there is no such route, and the correction stays', async () => {
    const { id, revisionIds } = await article();
    const created = (await call(publish(id, { revisionId: revisionIds[0], note: 'Fixed.' }), admin)).json<Correction>();
    for (const method of ['DELETE', 'PATCH', 'PUT'] as const) {
      for (const url of [
        `/api/articles/${id}/corrections/${created._id}`,
        `/api/articles/${id}/corrections`,
        `/api/corrections/${created._id}`,
      ]) {
        const response = await call({ method, url, payload: { note: 'Changed.' } }, admin);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    expect((await correctionsOf(id)).map((one) => one.note)).toEqual(['Fixed.']);
  });

  it('keeps the note literally: markup is text, in the answer and in the database', async () => {
    const { id, revisionIds } = await article();
    const note = '<script>alert("x")</script> & <b>bold</b> — “quoted”\nsecond line';
    const response = await call(publish(id, { revisionId: revisionIds[0], note: `  ${note}  ` }), admin);
    expect(response.json<Correction>().note).toBe(note);
    expect((await correctionsOf(id))[0]!.note).toBe(note);
    expect((await storedFor(id))[0]!.note).toBe(note);
  });

  it('is an editorial action in History and in the timeline, with its note', async () => {
    const { id, revisionIds } = await article();
    await call(publish(id, { revisionId: revisionIds[0], note: 'The vote was 7–2, not 9–0.' }), admin);
    const history = (
      await call({ method: 'GET', url: `/api/admin/history?action=correct&article=${id}` }, admin)
    ).json<HistoryPage>();
    expect(history.entries).toEqual([
      expect.objectContaining({
        action: 'correct',
        note: 'The vote was 7–2, not 9–0.',
        actor: expect.objectContaining({ name: 'Edna Editor' }),
        article: { _id: id, title: expect.any(String) },
      }),
    ]);
    const timeline = (await call({ method: 'GET', url: `/api/articles/${id}/history` }, writer)).json<Timeline>();
    expect(timeline.entries).toEqual([expect.objectContaining({ action: 'correct', actor: null, byAuthor: false })]);
    // The article itself is as it was.
    const detail = await call({ method: 'GET', url: `/api/articles/${id}` }, reader);
    expect(detail.json()).toMatchObject({ access: true, article: { status: 'approved' } });
  });

  describe('on a premium article', () => {
    const opening = 'The council met on Tuesday evening to discuss the budget for the coming year, and then ';
    const paywalled = 'the mayor announced that the new library would open in March with twelve thousand books.';

    it('is public, shown to readers who get the teaser, and never carries the premium text', async () => {
      const { id, revisionIds } = await article({ isPremium: true, description: opening + paywalled });
      const note = 'An earlier version gave the wrong month for the opening of the library.';
      expect((await call(publish(id, { revisionId: revisionIds[0], note }), admin)).statusCode).toBe(201);
      const teaser = await call({ method: 'GET', url: `/api/articles/${id}` }, reader);
      expect(teaser.json()).toMatchObject({ access: false });
      for (const url of [
        `/api/articles/${id}/corrections`,
        '/api/corrections?limit=50',
        '/corrections/rss.xml',
        '/corrections/feed.atom',
      ]) {
        const response = await call({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body, url).toContain('wrong month');
        expect(response.body, url).not.toContain('twelve thousand');
      }
    });

    it('may not quote the text past its public excerpt, in its current or an earlier version', async () => {
      const { id, revisionIds } = await article({ isPremium: true, description: opening + paywalled }, 2);
      const quotes = [
        'An earlier version said the new library would open in March with twelve thousand books.',
        // Only revision 1, the version before the fix, holds this sentence.
        'We wrote: "the library would open in March with twelve thousand books. The bridge would cost nine million pounds".',
        'An earlier version said that the bridge would cost nine million pounds.',
      ];
      for (const note of quotes) {
        const response = await call(publish(id, { revisionId: revisionIds[1], note }), admin);
        expect(response.statusCode, note).toBe(400);
        expect(response.json<ErrorResponse>().fieldErrors).toEqual({
          note: [ARTICLE_MESSAGES.correctionQuotesPremium],
        });
      }
      const opener = 'An earlier version said the council met on Tuesday evening to discuss the budget.';
      expect((await call(publish(id, { revisionId: revisionIds[1], note: opener }), admin)).statusCode).toBe(201);
    });
  });

  describe('the corrections page', () => {
    it('lists corrections of approved articles only, newest first, paged with a total', async () => {
      await ctx.changed();
      const before = (await sitePage()).total;
      const { id, revisionIds, title } = await article();
      for (let n = 1; n <= 12; n += 1) {
        await call(publish(id, { revisionId: revisionIds[0], note: `Paged correction ${n}` }), admin);
      }
      const first = await sitePage();
      expect(first.total).toBe(before + 12);
      expect(first.corrections).toHaveLength(10);
      expect(first.corrections.map((one) => one.note)).toEqual(
        Array.from({ length: 10 }, (_, index) => `Paged correction ${12 - index}`),
      );
      expect(first.corrections[0]).toMatchObject({ article: { _id: id, title }, revision: { number: 1 } });
      const second = await sitePage('?page=2&limit=10');
      expect(second.corrections.slice(0, 2).map((one) => one.note)).toEqual([
        'Paged correction 2',
        'Paged correction 1',
      ]);
      expect((await sitePage('?limit=0')).corrections).toBeUndefined();
      expect((await call({ method: 'GET', url: '/api/corrections?page=0' })).statusCode).toBe(400);

      // Sent back to review by an edit: its corrections leave the public list until it is approved again.
      const edit = await call(
        {
          method: 'PATCH',
          url: `/api/articles/${id}`,
          payload: { title, description: 'Rewritten.', tags: ['Health'] },
        },
        writer,
      );
      expect(edit.statusCode).toBe(200);
      expect((await sitePage()).total).toBe(before);
      await call({ method: 'PATCH', url: `/api/articles/approve/${id}` }, admin);
      expect((await sitePage()).total).toBe(before + 12);
    });

    it('says so when there are none past the last page', async () => {
      const page = await sitePage('?page=99999');
      expect(page.corrections).toEqual([]);
      expect(page.total).toBeGreaterThan(0);
    });
  });

  it('shows a new correction at once on every cached answer: the article, the list, the feeds, the page cache', async () => {
    const { id, revisionIds } = await article();
    const readAll = async () => [
      JSON.stringify(await correctionsOf(id)),
      JSON.stringify((await sitePage()).corrections.map((one) => one.note)),
      (await call({ method: 'GET', url: '/corrections/rss.xml' })).body,
      (await call({ method: 'GET', url: '/corrections/feed.atom' })).body,
    ];
    for (const answer of await readAll()) expect(answer).not.toContain('Fresh correction');
    // Cached now: a row written behind the service is not seen…
    await db().insert(corrections).values({ articleId: id, revisionId: revisionIds[0]!, note: 'Sneaked correction' });
    for (const answer of await readAll()) expect(answer).not.toContain('Sneaked correction');
    // …but a published correction drops every cached answer at once.
    await call(publish(id, { revisionId: revisionIds[0], note: 'Fresh correction' }), admin);
    for (const answer of await readAll()) expect(answer).toContain('Fresh correction');
  });

  it('has well-formed RSS 2.0 and Atom feeds with the elements readers need', async () => {
    const { id, revisionIds, title } = await article({ title: 'Bridge & tunnel <report>' });
    await call(
      publish(id, { revisionId: revisionIds[0], note: 'The span is 40 m, not 400 m. <i>Sorry</i> & thanks.' }),
      admin,
    );

    const rss = await call({ method: 'GET', url: '/corrections/rss.xml' });
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const rssRoot = parseXml(rss.body);
    expect(rssRoot.name).toBe('rss');
    expect(rssRoot.attributes.version).toBe('2.0');
    const channel = childOf(rssRoot, 'channel');
    expect(textOf(channel, 'title')).toMatch(/Corrections$/);
    expect(textOf(channel, 'link')).toMatch(/\/corrections$/);
    expect(textOf(channel, 'description')).not.toBe('');
    expect(childOf(channel, 'atom:link').attributes).toMatchObject({
      rel: 'self',
      href: expect.stringMatching(/\/corrections\/rss\.xml$/),
    });
    const item = findAll(channel, 'item')[0]!;
    expect(textOf(item, 'title')).toBe(`Correction: ${title}`);
    expect(textOf(item, 'link')).toMatch(new RegExp(`/articles/${id}#corrections$`));
    expect(textOf(item, 'description')).toBe('The span is 40 m, not 400 m. <i>Sorry</i> & thanks.');
    expect(textOf(item, 'guid')).toMatch(/^urn:uuid:/);
    expect(new Date(textOf(item, 'pubDate')).getTime()).not.toBeNaN();

    const atom = await call({ method: 'GET', url: '/corrections/feed.atom' });
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = parseXml(atom.body);
    expect(feed.name).toBe('feed');
    for (const name of ['id', 'title', 'updated', 'author']) expect(childOf(feed, name)).toBeDefined();
    const entry = findAll(feed, 'entry')[0]!;
    expect(textOf(entry, 'title')).toBe(`Correction: ${title}`);
    expect(textOf(entry, 'summary')).toBe('The span is 40 m, not 400 m. <i>Sorry</i> & thanks.');
    for (const name of ['id', 'updated', 'published']) expect(textOf(entry, name)).not.toBe('');
    expect(childOf(entry, 'link').attributes.href).toMatch(new RegExp(`/articles/${id}#corrections$`));
  });

  it('puts /corrections in the pages sitemap', async () => {
    const sitemap = await call({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(findAll(parseXml(sitemap.body), 'loc').map((loc) => loc.text)).toContainEqual(
      expect.stringMatching(/\/corrections$/),
    );
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Two instances need a shared PostgreSQL and Redis; .ci/run provides both, and elsewhere this shows as skipped.
describe.runIf(serverUrl && redisUrl)('a correction on two instances sharing PostgreSQL and Redis', () => {
  let twin: TwoInstances;
  beforeAll(async () => {
    twin = await openTwoInstances(redisUrl!);
  });
  afterAll(() => twin.close());

  it('is shown by the other instance at once, though it had cached the answers before', async () => {
    const [a, b] = twin.apps;
    const { db } = twin;
    const admin = await signedInUser(a, db, { role: 'admin' });
    const publisherId = (await insertPublisher(db, { name: 'Twin Corrector' })).id;
    const { id, revisionIds } = await articleWithRevisions(db, { publisherId, authorId: admin.user.id });
    const read = async (app: AppInstance) => [
      (await app.inject({ method: 'GET', url: `/api/articles/${id}/corrections` })).body,
      (await app.inject({ method: 'GET', url: '/api/corrections' })).body,
      (await app.inject({ method: 'GET', url: '/corrections/rss.xml' })).body,
    ];
    for (const answer of [...(await read(a)), ...(await read(b))]) expect(answer).not.toContain('Twin note');
    const published = await a.inject({
      method: 'POST',
      url: `/api/articles/${id}/corrections`,
      headers: bearer(admin.token),
      payload: { revisionId: revisionIds[0], note: 'Twin note' },
    });
    expect(published.statusCode).toBe(201);
    for (const answer of await read(b)) expect(answer).toContain('Twin note');
  });
});
