import {
  ARTICLE_MESSAGES,
  ARTICLE_STATUSES,
  decideTransition,
  EDITORIAL_ACTIONS,
  EDITORIAL_ROLES,
  TEXT,
  type AdminArticlePage,
  type ArticleDetail,
  type ArticleReview,
  type ArticleStatus,
  type EditorialAction,
  type EditorialRole,
  type ErrorResponse,
  type HistoryPage,
  type MyArticlePage,
  type RevisionList,
  type Timeline,
} from '@dispatch/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleRevisions, articles, moderationActions } from '../../db/schema.js';
import { insertArticle, insertPublisher, makeImage } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Caller = Awaited<ReturnType<typeof signedInUser>>;

/** The request each editorial action is, on one article (and, to restore, one of its revisions). */
function requestFor(action: EditorialAction, id: string, revisionId: string): InjectOptions {
  switch (action) {
    case 'approve':
      return { method: 'PATCH', url: `/api/articles/approve/${id}` };
    case 'decline':
      return { method: 'PATCH', url: `/api/articles/decline/${id}`, payload: { reason: 'Thin.' } };
    case 'request-changes':
      return { method: 'PATCH', url: `/api/articles/request-changes/${id}`, payload: { note: 'Cite a source.' } };
    case 'resubmit':
      return { method: 'PATCH', url: `/api/articles/resubmit/${id}` };
    case 'edit':
      return {
        method: 'PATCH',
        url: `/api/articles/${id}`,
        payload: { title: 'Edited title', description: 'Edited text.', tags: ['Health'] },
      };
    case 'restore':
      return { method: 'POST', url: `/api/articles/${id}/revisions/${revisionId}/restore` };
    case 'premium':
      return { method: 'PATCH', url: `/api/articles/premium/${id}` };
    case 'correct':
      return {
        method: 'POST',
        url: `/api/articles/${id}/corrections`,
        payload: { revisionId, note: 'An earlier version misspelled the mayor’s name.' },
      };
  }
}

describe('the editorial workflow', () => {
  let ctx: TestContext;
  let admin: Caller;
  let writer: Caller;
  let reader: Caller;
  let publisherId: string;
  let image: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin', name: 'Edna Editor' });
    writer = await signedInUser(ctx.app, ctx.database.db, { name: 'Wren Writer' });
    reader = await signedInUser(ctx.app, ctx.database.db);
    publisherId = (await insertPublisher(ctx.database.db, { name: 'Workflow Post' })).id;
    image = await makeImage(ctx.images);
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  // Each call a second later than the one before, so records and revisions have an order in time.
  const call = (request: InjectOptions, caller?: Caller) => {
    ctx.clock.advance(1000);
    return ctx.app.inject({ ...request, headers: caller ? bearer(caller.token) : {} });
  };
  const stateOf = async (id: string) => (await db().select().from(articles).where(eq(articles.id, id)))[0]!;
  const recordOf = (id: string) =>
    db()
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.articleId, id))
      .orderBy(moderationActions.createdAt);
  const revisionsOf = (id: string) => db().select().from(articleRevisions).where(eq(articleRevisions.articleId, id));

  /** An article in a given state, by the writer, with one revision (its text as inserted). */
  async function articleIn(status: ArticleStatus, values: Parameters<typeof insertArticle>[2] = {}) {
    const row = await insertArticle(db(), { publisherId, authorId: writer.user.id }, { status, ...values });
    const [revision] = await db()
      .insert(articleRevisions)
      .values({
        articleId: row.id,
        number: 1,
        authorId: writer.user.id,
        title: row.title,
        description: row.description,
        tags: row.tags,
      })
      .returning();
    return { id: row.id, revisionId: revision!.id, title: row.title };
  }

  describe('the transitions table, enforced: every state × every action × every role', () => {
    const callers: Record<EditorialRole, () => Caller | undefined> = {
      anonymous: () => undefined,
      reader: () => reader,
      author: () => writer,
      admin: () => admin,
    };
    const rolesOf: Record<EditorialRole, EditorialRole[]> = {
      anonymous: ['anonymous'],
      reader: ['reader'],
      author: ['reader', 'author'],
      admin: ['reader', 'admin'],
    };
    const cases = ARTICLE_STATUSES.flatMap((status) =>
      EDITORIAL_ACTIONS.flatMap((action) => EDITORIAL_ROLES.map((role) => [status, action, role] as const)),
    );

    it('has a case for each of 4 states, 8 actions and 4 roles', () => {
      expect(cases).toHaveLength(4 * 8 * 4);
    });

    it.each(cases)('%s, %s, as %s', async (status, action, role) => {
      const article = await articleIn(status);
      const before = await stateOf(article.id);
      const response = await call(requestFor(action, article.id, article.revisionId), callers[role]());
      const decision = decideTransition(status, action, rolesOf[role]);
      const after = await stateOf(article.id);
      if (role === 'anonymous') {
        expect(response.statusCode).toBe(401);
      } else if (decision.allowed) {
        expect(response.statusCode, response.body).toBe(action === 'correct' ? 201 : 200);
        expect(after.status).toBe(decision.to);
        const recorded = (await recordOf(article.id)).map((entry) => entry.action);
        expect(recorded).toEqual(action === 'edit' ? [] : [action]);
      } else {
        expect(response.statusCode, response.body).toBe(decision.refusal === 'role' ? 403 : 409);
      }
      if (role === 'anonymous' || !decision.allowed) {
        expect(after).toEqual(before);
        expect(await recordOf(article.id)).toEqual([]);
      }
    });
  });

  describe('review with requested changes', () => {
    it('requires a note, in the shared words', async () => {
      const { id } = await articleIn('pending');
      const response = await call(
        { method: 'PATCH', url: `/api/articles/request-changes/${id}`, payload: { note: '   ' } },
        admin,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fieldErrors).toMatchObject({ note: [TEXT.validation.noteRequired] });
      expect((await stateOf(id)).status).toBe('pending');
    });

    it('goes round: request changes → the writer reads the note, edits (still theirs), resubmits → approved', async () => {
      const { id, revisionId, title } = await articleIn('pending', { description: 'The council met on Monday.' });
      expect((await call(requestFor('request-changes', id, revisionId), admin)).statusCode).toBe(200);
      const row = await stateOf(id);
      expect(row).toMatchObject({
        status: 'changes_requested',
        changesNote: 'Cite a source.',
        reviewedRevisionId: revisionId,
      });

      const mine = await call({ method: 'GET', url: `/api/articles/user/${writer.user.email}?limit=50` }, writer);
      expect(mine.json<MyArticlePage>().articles.find((article) => article._id === id)).toMatchObject({
        status: 'changes_requested',
        changesNote: 'Cite a source.',
      });
      const detail = await call({ method: 'GET', url: `/api/articles/${id}` }, writer);
      expect(detail.json<ArticleDetail>().article).toMatchObject({
        status: 'changes_requested',
        changesNote: 'Cite a source.',
      });
      expect((await call({ method: 'GET', url: `/api/articles/${id}` }, reader)).statusCode).toBe(404);

      const edit = await call(
        {
          method: 'PATCH',
          url: `/api/articles/${id}`,
          payload: { title, description: 'The city council met on Monday and voted 7 to 2.', tags: ['Politics'] },
        },
        writer,
      );
      expect(edit.statusCode).toBe(200);
      expect(await stateOf(id)).toMatchObject({ status: 'changes_requested', changesNote: 'Cite a source.' });

      expect((await call(requestFor('resubmit', id, revisionId), writer)).statusCode).toBe(200);
      expect((await stateOf(id)).status).toBe('pending');
      const again = await call(requestFor('resubmit', id, revisionId), writer);
      expect(again.statusCode).toBe(409);
      expect(again.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.notChangesRequested);

      const review = await call({ method: 'GET', url: `/api/admin/articles/${id}/review` }, admin);
      expect(review.statusCode).toBe(200);
      expect(review.json<ArticleReview>()).toMatchObject({
        note: 'Cite a source.',
        reviewed: { _id: revisionId, number: 1, description: 'The council met on Monday.' },
        current: { number: 2, description: 'The city council met on Monday and voted 7 to 2.' },
      });
      const list = await call({ method: 'GET', url: '/api/admin/articles?status=pending&limit=50' }, admin);
      expect(list.json<AdminArticlePage>().articles.find((article) => article._id === id)).toMatchObject({
        hasReviewedVersion: true,
        changesNote: null,
      });

      expect((await call(requestFor('approve', id, revisionId), admin)).statusCode).toBe(200);
      const record = await recordOf(id);
      expect(record.map((entry) => [entry.action, entry.actorId, entry.detail])).toEqual([
        ['request-changes', admin.user.id, 'Cite a source.'],
        ['resubmit', writer.user.id, null],
        ['approve', admin.user.id, null],
      ]);
    });

    it('filters the admin list by status', async () => {
      await articleIn('changes_requested');
      const response = await call(
        { method: 'GET', url: '/api/admin/articles?status=changes_requested&limit=50' },
        admin,
      );
      const page = response.json<AdminArticlePage>();
      expect(page.articles.length).toBeGreaterThan(0);
      expect(page.articles.every((article) => article.status === 'changes_requested')).toBe(true);
      expect(page.total).toBe(await db().$count(articles, eq(articles.status, 'changes_requested')));
      expect((await call({ method: 'GET', url: '/api/admin/articles?status=lost' }, admin)).statusCode).toBe(400);
    });

    it('lets one of two concurrent decisions win; the other gets 409 and leaves no record', async () => {
      const { id, revisionId } = await articleIn('pending');
      const other = await signedInUser(ctx.app, db(), { role: 'admin' });
      const results = await Promise.all([
        call(requestFor('request-changes', id, revisionId), admin),
        call(requestFor('approve', id, revisionId), other),
      ]);
      expect(results.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(await recordOf(id)).toHaveLength(1);

      const second = await articleIn('changes_requested');
      const resubmits = await Promise.all([
        call(requestFor('resubmit', second.id, second.revisionId), writer),
        call(requestFor('resubmit', second.id, second.revisionId), writer),
      ]);
      expect(resubmits.map((response) => response.statusCode).sort()).toEqual([200, 409]);
      expect(await recordOf(second.id)).toHaveLength(1);
    });
  });

  describe('revisions', () => {
    it('keeps one for the submission and one per edit, numbered, newest first', async () => {
      const author = await signedInUser(ctx.app, db());
      const created = await call(
        {
          method: 'POST',
          url: '/api/articles',
          payload: { title: 'First title', image, publisher: 'Workflow Post', tags: ['Sports'], description: 'One.' },
        },
        author,
      );
      const { insertedId: id } = created.json<{ insertedId: string }>();
      await call(
        {
          method: 'PATCH',
          url: `/api/articles/${id}`,
          payload: { title: 'Second title', description: 'Two.', tags: ['Health'] },
        },
        author,
      );
      const response = await call({ method: 'GET', url: `/api/articles/${id}/revisions` }, author);
      expect(response.statusCode).toBe(200);
      const { revisions } = response.json<RevisionList>();
      expect(revisions.map((revision) => [revision.number, revision.title, revision.tags])).toEqual([
        [2, 'Second title', ['Health']],
        [1, 'First title', ['Sports']],
      ]);
      expect(revisions[0]!.author_name).toBe(author.user.name);
    });

    it('shows them to the author and admins only, even for a premium article', async () => {
      const { id } = await articleIn('approved', { isPremium: true });
      expect((await call({ method: 'GET', url: `/api/articles/${id}/revisions` }, writer)).statusCode).toBe(200);
      expect((await call({ method: 'GET', url: `/api/articles/${id}/revisions` }, admin)).statusCode).toBe(200);
      const premiumReader = await signedInUser(ctx.app, db(), { premiumUntil: new Date(Date.now() + 3_600_000) });
      for (const caller of [reader, premiumReader]) {
        const refused = await call({ method: 'GET', url: `/api/articles/${id}/revisions` }, caller);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain('Body of article');
      }
      expect((await call({ method: 'GET', url: `/api/articles/${id}/revisions` })).statusCode).toBe(401);
    });

    it('restores an old revision as a new one, and an approved article goes back to review', async () => {
      const { id, revisionId, title } = await articleIn('approved');
      await call(requestFor('edit', id, revisionId), writer);
      expect((await stateOf(id)).title).toBe('Edited title');
      await db().update(articles).set({ status: 'approved' }).where(eq(articles.id, id));

      const restored = await call(requestFor('restore', id, revisionId), admin);
      expect(restored.statusCode).toBe(200);
      expect(await stateOf(id)).toMatchObject({ title, status: 'pending', decidedById: null });
      const revisions = await revisionsOf(id);
      expect(revisions).toHaveLength(3);
      expect(revisions.filter((revision) => revision.title === title)).toHaveLength(2);
      const [entry] = await recordOf(id);
      expect(entry).toMatchObject({ action: 'restore', actorId: admin.user.id, detail: TEXT.revisions.number(1) });
    });

    it('refuses an unknown revision, or one of another article', async () => {
      const one = await articleIn('pending');
      const two = await articleIn('pending');
      const unknown = await call(
        { method: 'POST', url: `/api/articles/${one.id}/revisions/00000000-0000-0000-0000-000000000000/restore` },
        writer,
      );
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ErrorResponse>().message).toBe(ARTICLE_MESSAGES.revisionNotFound);
      expect((await call(requestFor('restore', one.id, two.revisionId), writer)).statusCode).toBe(404);
      expect((await call(requestFor('restore', one.id, 'not-an-id'), writer)).statusCode).toBe(404);
      expect(await revisionsOf(one.id)).toHaveLength(1);
    });
  });

  describe('moderation history', () => {
    it('pages every editorial action 10 at a time, filtered by person, action and article', async () => {
      const { id, revisionId } = await articleIn('pending');
      await call(requestFor('request-changes', id, revisionId), admin);
      await call(requestFor('resubmit', id, revisionId), writer);
      const history = (query = '') => call({ method: 'GET', url: `/api/admin/history${query}` }, admin);

      const first = (await history()).json<HistoryPage>();
      expect(first.entries.length).toBeLessThanOrEqual(10);
      expect(first.total).toBe(await db().$count(moderationActions));
      expect(first.actors.map((actor) => actor._id)).toEqual(expect.arrayContaining([admin.user.id, writer.user.id]));

      const forArticle = (await history(`?article=${id}`)).json<HistoryPage>();
      expect(forArticle.total).toBe(2);
      expect(forArticle.entries.map((entry) => entry.action)).toEqual(['resubmit', 'request-changes']);
      expect(forArticle.entries[1]).toMatchObject({
        note: 'Cite a source.',
        actor: { _id: admin.user.id, name: 'Edna Editor' },
        article: { _id: id },
      });

      const byWriter = (await history(`?actor=${writer.user.id}&action=resubmit`)).json<HistoryPage>();
      expect(byWriter.total).toBe(
        await db().$count(
          moderationActions,
          and(eq(moderationActions.actorId, writer.user.id), eq(moderationActions.action, 'resubmit')),
        ),
      );
      expect(byWriter.entries.every((entry) => entry.action === 'resubmit')).toBe(true);
      expect((await history('?article=nothing')).json<HistoryPage>()).toMatchObject({ entries: [], total: 0 });
      expect((await history('?action=vanish')).statusCode).toBe(400);
    });

    it("shows an article's timeline to admins with names, to its writer without the editor's name, to no one else", async () => {
      const { id, revisionId } = await articleIn('pending');
      await call(requestFor('request-changes', id, revisionId), admin);
      await call(requestFor('resubmit', id, revisionId), writer);

      const forAdmin = (await call({ method: 'GET', url: `/api/articles/${id}/history` }, admin)).json<Timeline>();
      expect(forAdmin.entries.map((entry) => [entry.action, entry.actor?.name, entry.byAuthor])).toEqual([
        ['request-changes', 'Edna Editor', false],
        ['resubmit', 'Wren Writer', true],
      ]);
      const forWriter = await call({ method: 'GET', url: `/api/articles/${id}/history` }, writer);
      expect(forWriter.json<Timeline>().entries.map((entry) => [entry.action, entry.note, entry.actor])).toEqual([
        ['request-changes', 'Cite a source.', null],
        ['resubmit', null, null],
      ]);
      expect(forWriter.body).not.toContain('Edna Editor');
      expect((await call({ method: 'GET', url: `/api/articles/${id}/history` }, reader)).statusCode).toBe(404);
    });
  });
});
