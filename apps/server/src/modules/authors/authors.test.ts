import {
  AUTHOR_TEXT,
  AUTHOR_LIMITS,
  type ArticleDetail,
  type AuthorPage,
  type ErrorResponse,
  type User,
} from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, users } from '../../db/schema.js';
import { insertArticle, insertPublisher, insertUser, makeImage } from '../../test/fixtures.js';
import { bearer, signedInUser } from '../../test/http.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

type Caller = Awaited<ReturnType<typeof signedInUser>>;

const HOUR = 60 * 60 * 1000;
/** The text of the first `tag` element in `xml`. */
const textOf = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

describe('published time, author pages and bylines', () => {
  let ctx: TestContext;
  let admin: Caller;
  let writer: Caller;
  let reader: Caller;
  let image: string;
  let publisherId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    // Premium, so the one-article limit for writers without premium does not stop the submissions here.
    writer = await signedInUser(ctx.app, ctx.database.db, {
      name: 'Wanda Writer',
      email: 'wanda@example.com',
      premiumUntil: new Date('2099-01-01T00:00:00Z'),
    });
    reader = await signedInUser(ctx.app, ctx.database.db);
    image = await makeImage(ctx.images);
    publisherId = (await insertPublisher(ctx.database.db, { name: 'The Ledger' })).id;
  });
  afterAll(() => ctx.close());

  const db = () => ctx.database.db;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, caller?: Caller, payload?: object) =>
    ctx.app.inject({ method, url, headers: caller ? bearer(caller.token) : {}, ...(payload && { payload }) });
  const rowOf = async (id: string) => (await db().select().from(articles).where(eq(articles.id, id)))[0]!;

  /** Submitted through the API at the clock's time: pending, by the writer. */
  async function submit(title: string) {
    const response = await call('POST', '/api/articles', writer, {
      title,
      image,
      publisher: 'The Ledger',
      tags: ['Politics'],
      description: `${title}: the reporting.`,
    });
    expect(response.statusCode).toBe(201);
    const [row] = await db().select().from(articles).where(eq(articles.title, title));
    return row!.id;
  }

  describe('the published time', () => {
    it('is set by the first approval, not the submission, and never moves: an edit and a second approval keep it', async () => {
      const submitted = new Date('2026-03-02T09:00:00.000Z');
      ctx.clock.set(submitted);
      const id = await submit('Late approval');
      expect((await rowOf(id)).publishedAt).toBeNull();

      const approved = new Date(submitted.getTime() + 50 * HOUR);
      ctx.clock.set(approved);
      expect((await call('PATCH', `/api/articles/approve/${id}`, admin)).statusCode).toBe(200);
      const read = (await call('GET', `/api/articles/${id}`, reader)).json<ArticleDetail>();
      expect(read.article).toMatchObject({
        createdAt: submitted.toISOString(),
        publishedAt: approved.toISOString(),
        author_slug: 'wanda-writer',
      });

      // The writer edits it (back to review), an editor approves it again a day later.
      ctx.clock.set(new Date(approved.getTime() + 24 * HOUR));
      const edit = await call('PATCH', `/api/articles/${id}`, writer, {
        title: 'Late approval, corrected',
        description: 'Edited.',
        tags: ['Politics'],
      });
      expect(edit.statusCode).toBe(200);
      expect((await rowOf(id)).status).toBe('pending');
      expect((await call('PATCH', `/api/articles/approve/${id}`, admin)).statusCode).toBe(200);
      const row = await rowOf(id);
      expect(row.status).toBe('approved');
      expect(row.publishedAt?.toISOString()).toBe(approved.toISOString());
      expect(row.createdAt.toISOString()).toBe(submitted.toISOString());
      const again = (await call('GET', `/api/articles/${id}`, reader)).json<ArticleDetail>();
      expect(again.article.publishedAt).toBe(approved.toISOString());
      expect(again.article.updatedAt).toBe(new Date(approved.getTime() + 24 * HOUR).toISOString());
    });

    it('dates feeds and the news sitemap: an article submitted three days ago and approved an hour ago is news', async () => {
      const now = new Date('2026-04-10T12:00:00.000Z');
      ctx.clock.set(new Date(now.getTime() - 72 * HOUR));
      const late = await submit('Approved an hour ago');
      const early = await submit('Approved long ago');
      ctx.clock.set(new Date(now.getTime() - 71 * HOUR));
      await call('PATCH', `/api/articles/approve/${early}`, admin);
      ctx.clock.set(new Date(now.getTime() - HOUR));
      await call('PATCH', `/api/articles/approve/${late}`, admin);
      ctx.clock.set(now);

      const news = (await call('GET', '/sitemaps/news.xml')).body;
      expect(news).toContain(`/articles/${late}`);
      expect(news).toContain(new Date(now.getTime() - HOUR).toISOString());
      expect(news).not.toContain(`/articles/${early}`);

      const rss = (await call('GET', '/rss.xml')).body;
      const item = rss.slice(rss.indexOf('<title>Approved an hour ago</title>'));
      expect(textOf(item, 'pubDate')).toBe(new Date(now.getTime() - HOUR).toUTCString());
      // Newest published first: the late approval comes before the one approved long ago.
      expect(rss.indexOf('Approved an hour ago')).toBeLessThan(rss.indexOf('Approved long ago'));
      const atom = (await call('GET', '/feed.atom')).body;
      const entry = atom.slice(atom.indexOf('<title type="text">Approved an hour ago</title>'));
      expect(textOf(entry, 'published')).toBe(new Date(now.getTime() - HOUR).toISOString());
      expect(entry).toContain('/authors/wanda-writer</uri>');
    });
  });

  describe('author pages', () => {
    it('shows the name, photo, bio, links and approved articles, newest published first, never the e-mail', async () => {
      const author = await insertUser(db(), { name: 'Pía Page', email: 'pia@example.com' });
      const older = await insertArticle(
        db(),
        { publisherId, authorId: author.id },
        { title: 'Submitted last, published first', publishedAt: new Date('2026-01-05T00:00:00Z') },
      );
      const newer = await insertArticle(
        db(),
        { publisherId, authorId: author.id },
        {
          title: 'Submitted first, published last',
          createdAt: new Date('2026-01-01T00:00:00Z'),
          publishedAt: new Date('2026-01-09T00:00:00Z'),
        },
      );
      await insertArticle(db(), { publisherId, authorId: author.id }, { title: 'Still pending', status: 'pending' });
      await db()
        .update(users)
        .set({ bio: 'Covers the city.', links: { website: 'https://pia.example' } })
        .where(eq(users.id, author.id));
      await ctx.changed();

      const response = await call('GET', `/api/authors/${author.slug}`);
      expect(response.statusCode).toBe(200);
      const page = response.json<AuthorPage>();
      expect(author.slug).toBe('pia-page');
      expect(page.author).toEqual({
        name: 'Pía Page',
        slug: 'pia-page',
        photo: author.profilePic,
        bio: 'Covers the city.',
        links: { website: 'https://pia.example' },
      });
      expect(page.articles.map((card) => card._id)).toEqual([newer.id, older.id]);
      expect(page.total).toBe(2);
      expect(response.body).not.toContain('pia@example.com');
      expect((await call('GET', `/api/authors/${author.slug}?page=2`)).json<AuthorPage>().articles).toEqual([]);
    });

    it('pages the articles 12 at a time', async () => {
      const author = await insertUser(db(), { name: 'Prolific Pen' });
      for (let n = 0; n < AUTHOR_LIMITS.pageSize + 1; n += 1) {
        await insertArticle(
          db(),
          { publisherId, authorId: author.id },
          { publishedAt: new Date(Date.UTC(2026, 0, 1 + n)) },
        );
      }
      const first = (await call('GET', `/api/authors/${author.slug}`)).json<AuthorPage>();
      const second = (await call('GET', `/api/authors/${author.slug}?page=2`)).json<AuthorPage>();
      expect(first.articles).toHaveLength(AUTHOR_LIMITS.pageSize);
      expect(second.articles).toHaveLength(1);
      expect(first.total).toBe(AUTHOR_LIMITS.pageSize + 1);
    });

    it('lists every author page in the pages sitemap, and no account without a published article', async () => {
      const quiet = await insertUser(db(), { name: 'Unpublished Writer' });
      await insertArticle(db(), { publisherId, authorId: quiet.id }, { status: 'pending' });
      await ctx.changed();
      const pages = (await call('GET', '/sitemaps/pages.xml')).body;
      expect(pages).toContain(`/authors/${writer.user.slug}</loc>`);
      expect(pages).toContain('/authors/pia-page</loc>');
      expect(pages).not.toContain(`/authors/${quiet.slug}</loc>`);
    });

    it('answers 404 for an unknown address, and for an account with no approved article', async () => {
      const unpublished = await insertUser(db(), { name: 'Quiet Reader' });
      await insertArticle(db(), { publisherId, authorId: unpublished.id }, { status: 'declined' });
      for (const slug of ['nobody-here', unpublished.slug]) {
        const response = await call('GET', `/api/authors/${slug}`);
        expect(response.statusCode).toBe(404);
        expect(response.json<ErrorResponse>().message).toBe(AUTHOR_TEXT.notFound);
      }
    });

    it('gives every account a slug of its own: the same name is numbered', async () => {
      const first = await insertUser(db(), { name: 'Sam Same' });
      const second = await insertUser(db(), { name: 'Sam  Same!' });
      const third = await insertUser(db(), { name: 'sam same' });
      expect([first.slug, second.slug, third.slug]).toEqual(['sam-same', 'sam-same-2', 'sam-same-3']);
    });

    it("has a feed of the author's articles; an unknown author's feed is a 400", async () => {
      const rss = await call('GET', `/rss.xml?author=${writer.user.slug}`);
      expect(rss.statusCode).toBe(200);
      expect(rss.body).toContain('Approved an hour ago');
      expect(rss.body).not.toContain('Submitted last, published first');
      expect(textOf(rss.body, 'link')).toMatch(new RegExp(`/authors/${writer.user.slug}$`));
      const atom = await call('GET', `/feed.atom?author=${writer.user.slug}`);
      expect(atom.statusCode).toBe(200);
      const unknown = await call('GET', '/rss.xml?author=nobody-here');
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('the writer edits the author page on their profile', () => {
    const profile = async (payload: object, caller: Caller = writer) =>
      call('PATCH', `/api/users/${caller.user.email}`, caller, {
        name: caller.user.name,
        profile_pic: await makeImage(ctx.images),
        ...payload,
      });

    it.each([
      ['a bio too long', { bio: 'x'.repeat(AUTHOR_LIMITS.bioMaxLength + 1) }, 'bio', AUTHOR_TEXT.bioTooLong],
      ['a script address', { links: { website: 'javascript:alert(1)' } }, 'links.website', AUTHOR_TEXT.linkInvalid],
      ['an ftp address', { links: { x: 'ftp://files.example' } }, 'links.x', AUTHOR_TEXT.linkInvalid],
      ['no address at all', { links: { linkedin: 'my profile' } }, 'links.linkedin', AUTHOR_TEXT.linkInvalid],
    ])('refuses %s with a 400 and changes nothing', async (_case, payload, field, message) => {
      const response = await profile(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fieldErrors?.[field]).toContain(message);
      const [row] = await db().select().from(users).where(eq(users.id, writer.user.id));
      expect(row!.bio).toBe('');
      expect(row!.links).toEqual({});
    });

    it('refuses a link of a kind it does not know', async () => {
      expect((await profile({ links: { myspace: 'https://myspace.example' } })).statusCode).toBe(400);
    });

    it('stores a bio and http(s) links (a blank one is none), keeps them when a later save leaves them out', async () => {
      const saved = await profile({
        bio: '  Reports on the harbour.  ',
        links: { website: 'https://wanda.example/', x: 'http://x.example/wanda', instagram: '' },
      });
      expect(saved.statusCode).toBe(200);
      expect(saved.json<User>()).toMatchObject({
        slug: 'wanda-writer',
        bio: 'Reports on the harbour.',
        links: { website: 'https://wanda.example/', x: 'http://x.example/wanda' },
      });
      // SPEC's body (name and photo) alone leaves them as they are; the slug does not follow a new name.
      expect((await profile({ name: 'Wanda W. Writer' })).statusCode).toBe(200);
      const page = (await call('GET', '/api/authors/wanda-writer')).json<AuthorPage>();
      expect(page.author).toMatchObject({
        name: 'Wanda W. Writer',
        bio: 'Reports on the harbour.',
        links: { website: 'https://wanda.example/', x: 'http://x.example/wanda' },
      });
    });
  });

  describe('bylines', () => {
    let id: string;
    beforeAll(async () => {
      id = (await insertArticle(db(), { publisherId, authorId: writer.user.id }, { title: 'Byline check' })).id;
      await ctx.changed();
    });
    const setBylineEmail = async (shown: boolean) => {
      const response = await call('PATCH', '/api/admin/settings', admin, { bylineShowsEmail: shown });
      expect(response.statusCode).toBe(200);
    };

    it("show the author's e-mail by default, as SPEC's article answer does", async () => {
      const read = (await call('GET', `/api/articles/${id}`, reader)).json<ArticleDetail>();
      expect(read.article.author_email).toBe('wanda@example.com');
    });

    it('with the setting off, keep the e-mail from every public answer; the author and admins still get it', async () => {
      await setBylineEmail(false);
      try {
        const read = await call('GET', `/api/articles/${id}`, reader);
        expect(read.json<ArticleDetail>().article).toMatchObject({ author_email: '', author_slug: 'wanda-writer' });
        expect(read.body).not.toContain('wanda@example.com');
        const preview = await call('GET', `/api/articles/${id}/preview`);
        expect(preview.statusCode).toBe(200);
        expect(preview.body).not.toContain('wanda@example.com');
        const own = (await call('GET', `/api/articles/${id}`, writer)).json<ArticleDetail>();
        expect(own.article.author_email).toBe('wanda@example.com');
        const asAdmin = (await call('GET', `/api/articles/${id}`, admin)).json<ArticleDetail>();
        expect(asAdmin.article.author_email).toBe('wanda@example.com');
      } finally {
        await setBylineEmail(true);
      }
      const back = (await call('GET', `/api/articles/${id}`, reader)).json<ArticleDetail>();
      expect(back.article.author_email).toBe('wanda@example.com');
    });
  });
});
