import {
  ACCOUNT_MESSAGES,
  FAMILY_BENEFITS,
  FAMILY_MESSAGES,
  SEED_PLANS,
  type ArticleDetail,
  type ArticlePage,
  type ErrorResponse,
  type FamilyInvitation,
  type FamilyView,
  type PaymentIntent,
  type RelatedArticles,
  type RoleRecord,
  type TrendingArticle,
} from '@dispatch/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle, insertPublisher, insertUser } from '../../test/fixtures.js';
import { bearer, PASSWORD, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** docs/product.md#parental-controls: the owner hides tags from a young reader, everywhere they read. */
describe('parental controls: a young reader never sees the tags their family hides', () => {
  let ctx: TestContext;
  const ids = {} as Record<'politics' | 'politicsPremium' | 'mixed' | 'sports' | 'sportsPremium', string>;
  let owner: { token: string; user: { id: string; email: string } };
  let young: { token: string; user: { id: string; email: string } };
  let other: { token: string; user: { id: string; email: string } };

  const call = (options: InjectOptions, token?: string) =>
    ctx.app.inject({ ...options, headers: token ? bearer(token) : {} });
  const get = (url: string, token?: string) => call({ method: 'GET', url }, token);
  const setControls = (token: string, memberId: string, payload: Record<string, unknown>) =>
    call({ method: 'PUT', url: `/api/family/members/${memberId}/controls`, payload }, token);
  const titlesOf = (page: { articles: { title: string }[] }) => page.articles.map((article) => article.title);
  const listed = async (url: string, token?: string) => titlesOf((await get(url, token)).json<ArticlePage>());

  beforeAll(async () => {
    ctx = await createTestContext();
    const db = ctx.database.db;
    const publisher = await insertPublisher(db);
    const author = await insertUser(db);
    const refs = { publisherId: publisher.id, authorId: author.id };
    const add = async (title: string, values: Parameters<typeof insertArticle>[2]) =>
      (await insertArticle(db, refs, { title, ...values })).id;
    // Politics is the most read, so trending would lead with it.
    ids.politics = await add('Harbour vote Politics', { tags: ['Politics'], views: 900 });
    ids.politicsPremium = await add('Harbour deal Politics premium', {
      tags: ['Politics'],
      isPremium: true,
      views: 800,
    });
    ids.mixed = await add('Harbour clinic Politics and Health', { tags: ['Health', 'Politics'], views: 700 });
    ids.sports = await add('Harbour regatta Sports', { tags: ['Sports'], views: 10 });
    ids.sportsPremium = await add('Harbour final Sports premium', { tags: ['Sports'], isPremium: true, views: 5 });

    owner = await signedInUser(ctx.app, db);
    const intent = await call(
      { method: 'POST', url: '/api/create-payment-intent', payload: { planId: 'family' } },
      owner.token,
    );
    const { clientSecret } = intent.json<PaymentIntent>();
    const paid = await call(
      { method: 'POST', url: '/api/payments/confirm', payload: { clientSecret, card: GOOD_CARD } },
      owner.token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const join = async () => {
      const person = await signedInUser(ctx.app, db);
      const invited = await call(
        { method: 'POST', url: '/api/family/invitations', payload: { email: person.user.email } },
        owner.token,
      );
      const token = new URL(invited.json<FamilyInvitation>().link).searchParams.get('token');
      const accepted = await call(
        { method: 'POST', url: '/api/family/invitations/accept', payload: { token } },
        person.token,
      );
      expect(accepted.statusCode, accepted.body).toBe(200);
      return person;
    };
    young = await join();
    other = await join();
  });
  afterAll(() => ctx.close());

  it('lets only the owner set controls, on a member of their family, with known tags', async () => {
    const refused = (response: { statusCode: number; json: <T>() => T }, status: number, message: string) => {
      expect(response.statusCode).toBe(status);
      expect(response.json<ErrorResponse>().message).toBe(message);
    };
    refused(
      await setControls(owner.token, young.user.id, { youngReader: false, hiddenTags: ['Politics'] }),
      400,
      FAMILY_MESSAGES.hiddenTagsNeedYoungReader,
    );
    expect(
      (await setControls(owner.token, young.user.id, { youngReader: true, hiddenTags: ['Gossip'] })).statusCode,
    ).toBe(400);
    expect((await setControls(owner.token, young.user.id, { youngReader: 'yes', hiddenTags: [] })).statusCode).toBe(
      400,
    );
    refused(
      await setControls(other.token, young.user.id, { youngReader: true, hiddenTags: [] }),
      403,
      FAMILY_MESSAGES.ownerSetsControls,
    );
    refused(
      await setControls(young.token, young.user.id, { youngReader: false, hiddenTags: [] }),
      403,
      FAMILY_MESSAGES.ownerSetsControls,
    );
    const stranger = await signedInUser(ctx.app, ctx.database.db);
    refused(
      await setControls(owner.token, stranger.user.id, { youngReader: true, hiddenTags: [] }),
      404,
      FAMILY_MESSAGES.notMember,
    );
    expect((await get('/api/family', young.token)).json<FamilyView>()).toMatchObject({
      role: 'member',
      controls: { youngReader: false, hiddenTags: [] },
    });
  });

  it('leaves a hidden tag’s articles out of every list, search and page the young reader sees', async () => {
    // What makes the Family Plan's "Parental controls" line true.
    expect(SEED_PLANS.find((plan) => plan.id === 'family')!.features).toContain(FAMILY_BENEFITS.parentalControls);
    // The catalogue's cache is warm with everyone's answers first: the young reader's must be kept apart.
    expect(await listed('/api/articles/approved')).toContain('Harbour vote Politics');
    expect(await listed('/api/articles/approved?search=harbour', other.token)).toContain('Harbour vote Politics');
    const trendingBefore = (await get('/api/articles/trending')).json<TrendingArticle[]>();
    expect(trendingBefore[0]?.title).toBe('Harbour vote Politics');

    const set = await setControls(owner.token, young.user.id, {
      youngReader: true,
      hiddenTags: ['Politics', 'Politics'],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<FamilyView>()).toMatchObject({
      role: 'owner',
    });
    // Both joined at the same test-clock instant, so the list's order is the ids'.
    const view = set.json<FamilyView>();
    expect(view.role === 'owner' && view.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: young.user.id, controls: { youngReader: true, hiddenTags: ['Politics'] } }),
        expect.objectContaining({ id: other.user.id, controls: { youngReader: false, hiddenTags: [] } }),
      ]),
    );
    expect((await get('/api/family', young.token)).json<FamilyView>()).toMatchObject({
      controls: { youngReader: true, hiddenTags: ['Politics'] },
    });

    const sports = ['Harbour final Sports premium', 'Harbour regatta Sports'];
    const home = (await get('/api/articles/approved', young.token)).json<ArticlePage>();
    expect(titlesOf(home)).toEqual(sports);
    expect(home.total).toBe(2);
    expect(await listed('/api/articles/approved?tag=Politics', young.token)).toEqual([]);
    expect(await listed('/api/articles/approved?tag=Health', young.token)).toEqual([]);
    const search = (await get('/api/articles/approved?search=harbour', young.token)).json<ArticlePage>();
    expect(titlesOf(search)).toEqual(sports);
    expect(search.total).toBe(2);
    expect(await listed('/api/premium-articles', young.token)).toEqual(['Harbour final Sports premium']);
    const trending = (await get('/api/articles/trending', young.token)).json<TrendingArticle[]>();
    expect(trending.map((article) => article.title)).toEqual([
      'Harbour regatta Sports',
      'Harbour final Sports premium',
    ]);
    const related = (await get(`/api/articles/${ids.sports}/related`, young.token)).json<RelatedArticles>();
    expect(JSON.stringify(related)).not.toContain('Politics premium');
    expect(related.publisher.articles.map((article) => article.title)).toEqual(['Harbour final Sports premium']);

    // Everyone else still gets the whole catalogue, from the same cache.
    expect(await listed('/api/articles/approved')).toHaveLength(5);
    expect(await listed('/api/articles/approved?search=harbour', other.token)).toHaveLength(5);
    expect((await get('/api/articles/trending')).json<TrendingArticle[]>()[0]?.title).toBe('Harbour vote Politics');
  });

  it('answers a hidden article’s URL, its related list, corrections and view with a clear 403', async () => {
    for (const id of [ids.politics, ids.politicsPremium, ids.mixed]) {
      const response = await get(`/api/articles/${id}`, young.token);
      expect(response.statusCode).toBe(403);
      expect(response.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.hiddenArticle);
      expect(response.body).not.toContain('Harbour');
    }
    expect((await get(`/api/articles/${ids.politics}/related`, young.token)).statusCode).toBe(403);
    expect((await get(`/api/articles/${ids.politics}/preview`, young.token)).statusCode).toBe(403);
    expect((await get(`/api/articles/${ids.politics}/preview`)).statusCode).toBe(200);
    expect((await get(`/api/articles/${ids.politics}/corrections`, young.token)).statusCode).toBe(403);
    const view = await call({ method: 'PATCH', url: `/api/articles/views/${ids.politics}` }, young.token);
    expect(view.statusCode).toBe(403);
    // Their family's premium opens the rest.
    const sports = (await get(`/api/articles/${ids.sportsPremium}`, young.token)).json<ArticleDetail>();
    expect(sports.access).toBe(true);
    // The other member is not a young reader.
    expect((await get(`/api/articles/${ids.politics}`, other.token)).statusCode).toBe(200);
  });

  it('keeps the young reader from making gift links, leaving the family or deleting the account', async () => {
    const role = (await get('/api/users/role', young.token)).json<RoleRecord>();
    expect(role).toMatchObject({ youngReader: true, hiddenTags: ['Politics'] });
    const otherRole = (await get('/api/users/role', other.token)).json<RoleRecord>();
    expect([otherRole.youngReader, otherRole.hiddenTags]).toEqual([undefined, undefined]);
    // Their own record comes from their session; an admin's look-up reads the rows: the two agree.
    const admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    for (const member of [young, other, owner]) {
      const own = (await get('/api/users/role', member.token)).json<RoleRecord>();
      const looked = await get(`/api/users/role?email=${encodeURIComponent(member.user.email)}`, admin.token);
      expect(own).toEqual(looked.json<RoleRecord>());
    }

    const gift = await call({ method: 'POST', url: `/api/articles/${ids.sportsPremium}/gift-links` }, young.token);
    expect(gift.statusCode).toBe(403);
    expect(gift.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.youngReaderGiftLinks);
    const leave = await call({ method: 'POST', url: '/api/family/leave' }, young.token);
    expect(leave.statusCode).toBe(403);
    expect(leave.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.youngReaderLeave);
    const deletion = await call(
      { method: 'POST', url: '/api/account/delete', payload: { confirmation: PASSWORD } },
      young.token,
    );
    expect(deletion.statusCode).toBe(403);
    expect(deletion.json<ErrorResponse>().message).toBe(FAMILY_MESSAGES.youngReaderDelete);
    expect(deletion.json<ErrorResponse>().message).not.toBe(ACCOUNT_MESSAGES.passwordWrong);
    expect((await get('/api/family', young.token)).json<FamilyView>().role).toBe('member');

    // The other member may do all of it: a gift link of their own, for one.
    const otherGift = await call({ method: 'POST', url: `/api/articles/${ids.sportsPremium}/gift-links` }, other.token);
    expect(otherGift.statusCode, otherGift.body).toBe(201);
  });

  it('gives the whole catalogue back at once when the owner lifts the controls', async () => {
    const lifted = await setControls(owner.token, young.user.id, { youngReader: false, hiddenTags: [] });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(await listed('/api/articles/approved', young.token)).toHaveLength(5);
    expect((await get(`/api/articles/${ids.politics}`, young.token)).statusCode).toBe(200);
    expect((await get('/api/users/role', young.token)).json<RoleRecord>().youngReader).toBeUndefined();
  });
});
