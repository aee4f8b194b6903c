import { TAG_MESSAGES, TAGS, type AdminTag, type ErrorResponse, type Tag } from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleRevisions,
  articles,
  briefSubscriptions,
  families,
  familyMembers,
  moderationActions,
  tags,
} from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser, makeImage } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

describe('tags', () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  let reader: Awaited<ReturnType<typeof signedInUser>>;
  let refs: { publisherId: string; authorId: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    reader = await signedInUser(ctx.app, ctx.database.db);
    const publisher = await insertPublisher(ctx.database.db, { name: 'The Ledger' });
    refs = { publisherId: publisher.id, authorId: reader.user.id };
  });
  afterAll(() => ctx.close());

  const get = <T>(url: string) =>
    ctx.app.inject({ method: 'GET', url }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));
  const asAdmin = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object, token = admin.token) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload && { payload }) });
  const add = async (name: string) => (await asAdmin('POST', '/api/admin/tags', { name })).json<AdminTag>();
  const rowOf = async (id: string) => (await ctx.database.db.select().from(articles).where(eq(articles.id, id)))[0]!;
  const actions = async (action: 'tag-create' | 'tag-update' | 'tag-merge') =>
    ctx.database.db.select().from(moderationActions).where(eq(moderationActions.action, action));

  /** An article, one revision of it, a brief follow and a young reader's hidden tags, all naming `names`. */
  async function holders(names: string[]) {
    const article = await insertArticle(ctx.database.db, refs, { tags: names });
    await ctx.database.db
      .insert(articleRevisions)
      .values({ articleId: article.id, number: 1, title: article.title, description: 'x', tags: names });
    const follower = await insertUser(ctx.database.db);
    const [signup] = await ctx.database.db
      .insert(briefSubscriptions)
      .values({ email: follower.email, userId: follower.id, status: 'active', hour: 7, timeZone: 'UTC', tags: names })
      .returning();
    const owner = await insertUser(ctx.database.db);
    const child = await insertUser(ctx.database.db);
    const [family] = await ctx.database.db.insert(families).values({ ownerId: owner.id, seats: 4 }).returning();
    await ctx.database.db
      .insert(familyMembers)
      .values({ userId: child.id, familyId: family!.id, youngReader: true, hiddenTags: names });
    return {
      async tags() {
        const [revision] = await ctx.database.db
          .select()
          .from(articleRevisions)
          .where(eq(articleRevisions.articleId, article.id));
        const [follow] = await ctx.database.db
          .select()
          .from(briefSubscriptions)
          .where(eq(briefSubscriptions.id, signup!.id));
        const [member] = await ctx.database.db.select().from(familyMembers).where(eq(familyMembers.userId, child.id));
        return {
          article: (await rowOf(article.id)).tags,
          revision: revision!.tags,
          follow: follow!.tags,
          hidden: member!.hiddenTags,
        };
      },
    };
  }

  it("lists SPEC's five in SPEC's order, each at its lower-case address, on a new site", async () => {
    const { status, body } = await get<Tag[]>('/api/tags');
    expect(status).toBe(200);
    expect(body.map((tag) => tag.name)).toEqual([...TAGS]);
    expect(body.map((tag) => tag.slug)).toEqual(TAGS.map((tag) => tag.toLowerCase()));
    expect(body.every((tag) => !tag.archived)).toBe(true);
    expect((await get<Tag>('/api/tags/health')).body.name).toBe('Health');
    const unknown = await get<ErrorResponse>('/api/tags/weather');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TAG_MESSAGES.notFound);
  });

  it('lets only an admin list, add, change or merge tags', async () => {
    const [{ _id: id }] = (await get<Tag[]>('/api/tags')).body as [Tag];
    const calls = [
      ['GET', '/api/admin/tags', undefined],
      ['POST', '/api/admin/tags', { name: 'Weather' }],
      ['PATCH', `/api/admin/tags/${id}`, { archived: true }],
      ['POST', `/api/admin/tags/${id}/merge`, { into: id }],
    ] as const;
    for (const [method, url, payload] of calls) {
      expect((await ctx.app.inject({ method, url, ...(payload && { payload }) })).statusCode, url).toBe(401);
      expect((await asAdmin(method, url, payload, reader.token)).statusCode, url).toBe(403);
    }
    expect((await get<Tag[]>('/api/tags')).body.map((tag) => tag.name)).toEqual([...TAGS]);
  });

  it('adds a tag last, with a slug of its name; refuses a blank, a taken name or a taken address', async () => {
    const created = await asAdmin('POST', '/api/admin/tags', { name: '  Science & Tech ' });
    expect(created.statusCode).toBe(201);
    expect(created.json<AdminTag>()).toMatchObject({ name: 'Science & Tech', slug: 'science-tech', articles: 0 });
    expect((await get<Tag[]>('/api/tags')).body.at(-1)!.name).toBe('Science & Tech');
    expect((await get<Tag>('/api/tags/science%20%26%20tech')).body.slug).toBe('science-tech');
    expect((await actions('tag-create')).map((action) => action.detail)).toContain('Science & Tech');

    const blank = await asAdmin('POST', '/api/admin/tags', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<ErrorResponse>().fieldErrors?.name).toEqual([TAG_MESSAGES.nameRequired]);
    const symbols = await asAdmin('POST', '/api/admin/tags', { name: '&&' });
    expect(symbols.json<ErrorResponse>().fieldErrors?.name).toEqual([TAG_MESSAGES.nameNeedsLetter]);
    const taken = await asAdmin('POST', '/api/admin/tags', { name: 'POLITICS' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json<ErrorResponse>().message).toBe(TAG_MESSAGES.nameTaken);
    const address = await asAdmin('POST', '/api/admin/tags', { name: 'Science-Tech' });
    expect(address.statusCode).toBe(409);
    expect(address.json<ErrorResponse>().message).toBe(TAG_MESSAGES.slugTaken('science-tech'));
    expect(await ctx.database.db.select().from(tags)).toHaveLength(TAGS.length + 1);
  });

  it('renames a tag everywhere it is held; the old address leads to the new name', async () => {
    const tag = await add('Motoring');
    const held = await holders(['Politics', 'Motoring']);
    const renamed = await asAdmin('PATCH', `/api/admin/tags/${tag._id}`, { name: 'Cars' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<AdminTag>()).toMatchObject({ name: 'Cars', slug: 'cars', articles: 1 });
    expect(await held.tags()).toEqual({
      article: ['Politics', 'Cars'],
      revision: ['Politics', 'Cars'],
      follow: ['Politics', 'Cars'],
      hidden: ['Politics', 'Cars'],
    });
    expect((await get<Tag>('/api/tags/motoring')).body).toMatchObject({ name: 'Cars', slug: 'cars' });
    expect((await get<{ total: number }>('/api/articles/approved?tag=Cars')).body.total).toBe(1);
    // The former name still filters (as the new one), and its feeds move to the new name's for good.
    expect((await get<{ total: number }>('/api/articles/approved?tag=Motoring')).body.total).toBe(1);
    for (const feed of ['/rss.xml', '/feed.atom']) {
      const moved = await ctx.app.inject({ method: 'GET', url: `${feed}?tag=Motoring&publisher=The%20Ledger` });
      expect(moved.statusCode).toBe(301);
      expect(moved.headers.location).toBe(`${feed}?tag=Cars&publisher=The+Ledger`);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/rss.xml?tag=Cars' })).statusCode).toBe(200);
    const unknown = await get<ErrorResponse>('/api/articles/approved?tag=Caravans');
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors?.tag?.[0]).toContain('Cars');
    expect((await ctx.app.inject({ method: 'GET', url: '/rss.xml?tag=Caravans' })).statusCode).toBe(400);
    expect((await actions('tag-update')).at(-1)!.detail).toContain('Motoring');

    // A new tag may take the old address: it then is that tag's page.
    const again = await add('Motoring');
    expect(again.slug).toBe('motoring');
    expect((await get<Tag>('/api/tags/motoring')).body.name).toBe('Motoring');
    expect((await ctx.app.inject({ method: 'GET', url: '/rss.xml?tag=Motoring' })).statusCode).toBe(200);

    const clash = await asAdmin('PATCH', `/api/admin/tags/${tag._id}`, { name: 'motoring' });
    expect(clash.statusCode).toBe(409);
    expect((await asAdmin('PATCH', `/api/admin/tags/${tag._id}`, {})).statusCode).toBe(400);
    expect((await asAdmin('PATCH', '/api/admin/tags/not-an-id', { name: 'X' })).statusCode).toBe(404);
  });

  it('merges a tag into another: each holder has the target once, the tag goes, its addresses lead on', async () => {
    const from = await add('Footy');
    const into = await add('Football');
    await asAdmin('PATCH', `/api/admin/tags/${from._id}`, { name: 'Soccer' });
    const both = await holders(['Football', 'Soccer', 'Health']);
    const one = await holders(['Soccer']);

    expect(
      (await asAdmin('POST', `/api/admin/tags/${from._id}/merge`, { into: from._id })).json<ErrorResponse>(),
    ).toMatchObject({
      fieldErrors: { into: [TAG_MESSAGES.mergeIntoItself] },
    });
    const missing = await asAdmin('POST', `/api/admin/tags/${from._id}/merge`, { into: 'nope' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorResponse>().message).toBe(TAG_MESSAGES.mergeTargetNotFound);

    const merged = await asAdmin('POST', `/api/admin/tags/${from._id}/merge`, { into: into._id });
    expect(merged.statusCode).toBe(200);
    expect(merged.json<AdminTag>()).toMatchObject({ name: 'Football', articles: 2 });
    expect(await both.tags()).toEqual({
      article: ['Football', 'Health'],
      revision: ['Football', 'Health'],
      follow: ['Football', 'Health'],
      hidden: ['Football', 'Health'],
    });
    expect((await one.tags()).article).toEqual(['Football']);
    expect((await get<Tag[]>('/api/tags')).body.map((tag) => tag.name)).not.toContain('Soccer');
    for (const slug of ['soccer', 'footy']) expect((await get<Tag>(`/api/tags/${slug}`)).body.slug).toBe('football');
    expect((await actions('tag-merge')).at(-1)!.detail).toBe('Soccer → Football');
    const history = await asAdmin('GET', '/api/admin/history?action=tag-merge');
    expect(history.json<{ entries: { action: string; note: string; article: null }[] }>().entries[0]).toMatchObject({
      action: 'tag-merge',
      note: 'Soccer → Football',
      article: null,
    });
    expect((await asAdmin('POST', `/api/admin/tags/${from._id}/merge`, { into: into._id })).statusCode).toBe(404);
  });

  it('archives a tag: no longer offered or taken for a new article, kept by its articles, its page stays', async () => {
    const tag = await add('Opinion');
    const writer = await signedInUser(ctx.app, ctx.database.db);
    const image = await makeImage(ctx.images);
    const submit = (names: string[]) =>
      asAdmin(
        'POST',
        '/api/articles',
        { title: 'T', image, publisher: 'The Ledger', tags: names, description: 'D' },
        writer.token,
      );
    const first = await submit(['Opinion']);
    expect(first.statusCode).toBe(201);
    const id = first.json<{ insertedId: string }>().insertedId;

    const archived = await asAdmin('PATCH', `/api/admin/tags/${tag._id}`, { archived: true });
    expect(archived.json<AdminTag>()).toMatchObject({ archived: true, articles: 1 });
    const offered = (await get<Tag[]>('/api/tags')).body.map((one) => one.name);
    expect(offered).not.toContain('Opinion');
    expect((await get<Tag>('/api/tags/opinion')).body).toMatchObject({ name: 'Opinion', archived: true });
    expect((await get<{ total: number }>('/api/articles/approved?tag=Opinion')).status).toBe(200);

    const other = await signedInUser(ctx.app, ctx.database.db);
    const refused = await asAdmin(
      'POST',
      '/api/articles',
      { title: 'T', image, publisher: 'The Ledger', tags: ['Politics', 'Opinion'], description: 'D' },
      other.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().fieldErrors?.['tags.1']).toEqual([TAG_MESSAGES.chooseFrom(offered)]);

    // Its writer's edit keeps the archived tag it has.
    const edit = await asAdmin(
      'PATCH',
      `/api/articles/${id}`,
      { title: 'T2', description: 'D', tags: ['Opinion'] },
      writer.token,
    );
    expect(edit.statusCode).toBe(200);
    expect((await rowOf(id)).tags).toEqual(['Opinion']);

    await asAdmin('PATCH', `/api/admin/tags/${tag._id}`, { archived: false });
    expect((await get<Tag[]>('/api/tags')).body.map((one) => one.name)).toContain('Opinion');
  });

  it('checks brief follows and parental controls against the tags offered; an archived one already chosen stays', async () => {
    const tag = await add('Gardening');
    const owner = await signedInUser(ctx.app, ctx.database.db);
    const child = await insertUser(ctx.database.db);
    const [family] = await ctx.database.db.insert(families).values({ ownerId: owner.user.id, seats: 4 }).returning();
    await ctx.database.db
      .insert(familyMembers)
      .values({ userId: child.id, familyId: family!.id, youngReader: true, hiddenTags: ['Gardening'] });
    await ctx.database.db.insert(briefSubscriptions).values({
      email: owner.user.email,
      userId: owner.user.id,
      status: 'active',
      hour: 7,
      timeZone: 'UTC',
      tags: ['Gardening'],
    });
    await asAdmin('PATCH', `/api/admin/tags/${tag._id}`, { archived: true });
    const offered = (await get<Tag[]>('/api/tags')).body.map((one) => one.name);

    const controls = (hiddenTags: string[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/family/members/${child.id}/controls`,
        headers: bearer(owner.token),
        payload: { youngReader: true, hiddenTags },
      });
    const follows = (names: string[]) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/brief/me',
        headers: bearer(owner.token),
        payload: { hour: 7, timeZone: 'UTC', tags: names, publishers: [] },
      });

    for (const response of [await controls(['Gossip']), await follows(['Gossip'])]) {
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe(TAG_MESSAGES.unknownChoice(offered));
    }
    const other = await add('Knitting');
    await asAdmin('PATCH', `/api/admin/tags/${other._id}`, { archived: true });
    expect((await controls(['Knitting'])).statusCode).toBe(400);
    expect((await follows(['Knitting'])).statusCode).toBe(400);

    expect((await controls(['Gardening', 'Politics'])).statusCode).toBe(200);
    expect((await follows(['Gardening', 'Politics'])).statusCode).toBe(200);
    const [member] = await ctx.database.db.select().from(familyMembers).where(eq(familyMembers.userId, child.id));
    expect(member!.hiddenTags).toEqual(['Gardening', 'Politics']);
  });

  it("checks a write's tags again in its transaction, against the rows: a name renamed since the cache filled is refused", async () => {
    const tag = await add('Rowing');
    const writer = await signedInUser(ctx.app, ctx.database.db);
    const child = await insertUser(ctx.database.db);
    const [family] = await ctx.database.db.insert(families).values({ ownerId: writer.user.id, seats: 4 }).returning();
    await ctx.database.db.insert(familyMembers).values({ userId: child.id, familyId: family!.id, youngReader: true });
    await ctx.database.db.insert(briefSubscriptions).values({
      email: writer.user.email,
      userId: writer.user.id,
      status: 'active',
      hour: 7,
      timeZone: 'UTC',
      tags: [],
    });
    const image = await makeImage(ctx.images);
    expect((await get<Tag[]>('/api/tags')).body.map((one) => one.name)).toContain('Rowing'); // cached
    // A rename the cache has not heard of yet (as when it commits between a write's check and its insert).
    await ctx.database.db.update(tags).set({ name: 'Sculling', slug: 'sculling' }).where(eq(tags.id, tag._id));

    const writes = {
      submit: (names: string[]) =>
        asAdmin(
          'POST',
          '/api/articles',
          { title: 'T', image, publisher: 'The Ledger', tags: names, description: 'D' },
          writer.token,
        ),
      controls: (names: string[]) =>
        ctx.app.inject({
          method: 'PUT',
          url: `/api/family/members/${child.id}/controls`,
          headers: bearer(writer.token),
          payload: { youngReader: true, hiddenTags: names },
        }),
      follows: (names: string[]) =>
        ctx.app.inject({
          method: 'PUT',
          url: '/api/brief/me',
          headers: bearer(writer.token),
          payload: { hour: 7, timeZone: 'UTC', tags: names, publishers: [] },
        }),
    };
    for (const write of Object.values(writes)) expect((await write(['Rowing'])).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(articles).where(eq(articles.authorId, writer.user.id))).toEqual([]);
    const [member] = await ctx.database.db.select().from(familyMembers).where(eq(familyMembers.userId, child.id));
    expect(member!.hiddenTags).toEqual([]);
    const [follow] = await ctx.database.db
      .select()
      .from(briefSubscriptions)
      .where(eq(briefSubscriptions.email, writer.user.email));
    expect(follow!.tags).toEqual([]);
  });
});
