import {
  SPEC_SITE_RULES,
  TEXT,
  type AdminSiteSettings,
  type ErrorResponse,
  type PublicConfig,
  type User,
} from '@dispatch/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, moderationActions, siteSettings, users } from '../../db/schema.js';
import { insertPublisher, makeImage } from '../../test/fixtures.js';
import { bearer, multipart, pngBytes, signedInUser } from '../../test/http.js';
import { createTestContext, openTwoInstances, type TestContext, type TwoInstances } from '../../test/test-app.js';
import { getSiteSettings } from './settings.service.js';

type Caller = Awaited<ReturnType<typeof signedInUser>>;

const ENV = {
  SITE_NAME: 'Harbour Gazette',
  SUPPORT_EMAIL: 'desk@harbour.example',
  SOCIAL_X: 'https://x.com/harbour',
};

describe('site settings', () => {
  let ctx: TestContext;
  let admin: Caller;
  let reader: Caller;
  beforeAll(async () => {
    ctx = await createTestContext({ env: ENV });
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    reader = await signedInUser(ctx.app, ctx.database.db);
  });
  afterAll(() => ctx.close());

  const config = async () => (await ctx.app.inject({ method: 'GET', url: '/api/config' })).json<PublicConfig>();
  const read = (token = admin.token) =>
    ctx.app.inject({ method: 'GET', url: '/api/admin/settings', headers: bearer(token) });
  const patch = (payload: unknown, token = admin.token) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: bearer(token), payload: payload as object });
  const settingsRows = () => ctx.database.db.select().from(siteSettings);
  const historyRows = () =>
    ctx.database.db.select().from(moderationActions).where(eq(moderationActions.action, 'settings-update'));

  it('a new site (no row) answers SPEC rules and the environment name, contact and social links', async () => {
    expect(await settingsRows()).toEqual([]);
    const settings = await getSiteSettings(ctx.deps);
    expect(settings).toEqual({
      siteName: 'Harbour Gazette',
      contactEmail: 'desk@harbour.example',
      postalAddress: '',
      social: {
        facebook: 'https://www.facebook.com/',
        x: 'https://x.com/harbour',
        instagram: 'https://www.instagram.com/',
        linkedin: 'https://www.linkedin.com/',
      },
      ...SPEC_SITE_RULES,
    });
    expect(settings).toMatchObject({
      freeArticleReaders: 'signed-in',
      bylineShowsEmail: true,
      registrationPhoto: 'required',
      writerArticleLimit: 1,
    });
    const publicConfig = await config();
    expect(publicConfig).toMatchObject({
      siteName: 'Harbour Gazette',
      supportEmail: 'desk@harbour.example',
      postalAddress: '',
      social: settings.social,
      ...SPEC_SITE_RULES,
    });
    const answer = await read();
    expect(answer.statusCode).toBe(200);
    expect(answer.json<AdminSiteSettings>()).toEqual({
      settings,
      defaults: settings,
      checklist: { siteName: false, contact: false, readers: false, plans: false, dismissed: false },
    });
  });

  it('refuses the settings to anyone but an admin, checked on the server', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await read(reader.token)).statusCode).toBe(403);
    const refused = await patch({ siteName: 'Taken Over' }, reader.token);
    expect(refused.statusCode).toBe(403);
    expect(await settingsRows()).toEqual([]);
    expect((await config()).siteName).toBe('Harbour Gazette');
  });

  it('refuses bad input with 400 and field messages, and changes nothing', async () => {
    const cases: [unknown, string][] = [
      [{ siteName: '   ' }, 'siteName'],
      [{ siteName: 'Two\nLines' }, 'siteName'],
      [{ contactEmail: 'not an address' }, 'contactEmail'],
      [{ writerArticleLimit: -1 }, 'writerArticleLimit'],
      [{ writerArticleLimit: 2.5 }, 'writerArticleLimit'],
      [{ freeArticleReaders: 'everybody' }, 'freeArticleReaders'],
      [{ registrationPhoto: 'never' }, 'registrationPhoto'],
      [{ social: { x: 'javascript:alert(1)' } }, 'social.x'],
      [{ postalAddress: 'a'.repeat(301) }, 'postalAddress'],
    ];
    for (const [payload, field] of cases) {
      const response = await patch({ siteName: 'Fine Name', ...(payload as object) });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<ErrorResponse>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fieldErrors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const unknown = await patch({ siteTitle: 'Misspelt' });
    expect(unknown.statusCode).toBe(400);
    expect(await settingsRows()).toEqual([]);
    expect(await historyRows()).toEqual([]);
    expect((await config()).siteName).toBe('Harbour Gazette');
  });

  it('a partial change keeps the other settings, is answered at once by /api/config, and is recorded in History', async () => {
    // Cached first: the change must reach the cached answer.
    expect((await config()).writerArticleLimit).toBe(1);
    const response = await patch({
      siteName: 'The Harbour Daily',
      writerArticleLimit: 3,
      social: { facebook: 'https://facebook.com/harbour' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<AdminSiteSettings>();
    expect(body.settings).toMatchObject({
      siteName: 'The Harbour Daily',
      contactEmail: 'desk@harbour.example',
      writerArticleLimit: 3,
      social: { facebook: 'https://facebook.com/harbour', x: 'https://x.com/harbour' },
      freeArticleReaders: 'signed-in',
    });
    expect(body.checklist.siteName).toBe(true);
    expect(await config()).toMatchObject({
      siteName: 'The Harbour Daily',
      writerArticleLimit: 3,
      social: { facebook: 'https://facebook.com/harbour', x: 'https://x.com/harbour' },
    });
    const [row] = await settingsRows();
    expect(row).toMatchObject({ siteName: 'The Harbour Daily', writerArticleLimit: 3, contactEmail: null });
    const history = await historyRows();
    expect(history).toHaveLength(1);
    expect(history[0]!.actorId).toBe(admin.user.id);
    expect(history[0]!.detail).toBe(
      [
        'siteName: “Harbour Gazette” → “The Harbour Daily”',
        'writerArticleLimit: 1 → 3',
        'social.facebook: “https://www.facebook.com/” → “https://facebook.com/harbour”',
      ].join('\n'),
    );
  });

  it('a change to what is already set records nothing', async () => {
    const response = await patch({ siteName: 'The Harbour Daily', writerArticleLimit: 3 });
    expect(response.statusCode).toBe(200);
    expect(await historyRows()).toHaveLength(1);
  });

  it('shows settings changes on the History view with the admin and the change', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/history?action=settings-update',
      headers: bearer(admin.token),
    });
    expect(response.statusCode).toBe(200);
    const { entries } = response.json<{ entries: { action: string; note: string; article: unknown }[] }>();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'settings-update', article: null });
    expect(entries[0]!.note).toContain('writerArticleLimit: 1 → 3');
  });

  it('marks checklist steps and its dismissal on the row, without a History entry', async () => {
    await patch({ reviewed: 'plans' });
    await patch({ contactEmail: 'editor@harbour.example' });
    let checklist = (await read()).json<AdminSiteSettings>().checklist;
    expect(checklist).toEqual({ siteName: true, contact: true, readers: false, plans: true, dismissed: false });
    await patch({ reviewed: 'readers', checklistDismissed: true });
    checklist = (await read()).json<AdminSiteSettings>().checklist;
    expect(checklist).toEqual({ siteName: true, contact: true, readers: true, plans: true, dismissed: true });
    expect(await historyRows()).toHaveLength(2);
    expect((await config()).supportEmail).toBe('editor@harbour.example');
  });
});

describe('the site settings where they apply', () => {
  let ctx: TestContext;
  let admin: Caller;
  let image: string;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { ...ENV, SMTP_URL: 'smtp://127.0.0.1:2525' } });
    admin = await signedInUser(ctx.app, ctx.database.db, { role: 'admin' });
    image = await makeImage(ctx.images);
    await insertPublisher(ctx.database.db, { name: 'The Quay' });
  });
  afterAll(() => ctx.close());

  const patch = (payload: object) =>
    ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', headers: bearer(admin.token), payload });
  const submit = (token: string, title: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/articles',
      headers: bearer(token),
      payload: { title, image, publisher: 'The Quay', tags: ['Politics'], description: 'Some reporting.' },
    });
  let registrations = 0;
  const register = async (email: string, withPhoto: boolean) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...(await multipart(
        { name: 'New Reader', email, password: 'Secret#123' },
        withPhoto ? { image: { bytes: await pngBytes(), name: 'me.png' } } : {},
      )),
      remoteAddress: `10.9.${(registrations += 1)}.1`,
    });

  it('a writer without premium holds as many articles as the limit says, told in its number; 0 lifts it', async () => {
    const writer = await signedInUser(ctx.app, ctx.database.db);
    expect((await submit(writer.token, 'First')).statusCode).toBe(201);
    const spec = await submit(writer.token, 'Second');
    expect(spec.statusCode).toBe(403);
    expect(spec.json<ErrorResponse>().message).toBe(TEXT.addArticle.oneArticleLimit);

    expect((await patch({ writerArticleLimit: 3 })).statusCode).toBe(200);
    expect((await submit(writer.token, 'Second')).statusCode).toBe(201);
    expect((await submit(writer.token, 'Third')).statusCode).toBe(201);
    const fourth = await submit(writer.token, 'Fourth');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json<ErrorResponse>().message).toBe('You cannot post more than 3 articles.');

    expect((await patch({ writerArticleLimit: 0 })).statusCode).toBe(200);
    expect((await submit(writer.token, 'Fourth')).statusCode).toBe(201);
    await patch({ writerArticleLimit: 1 });
  });

  it('registration needs a photo (SPEC) until the settings make it optional; then a generated avatar stands in', async () => {
    const refused = await register('no-photo@example.com', false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().fieldErrors?.image).toEqual([TEXT.validation.imageRequired]);
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'no-photo@example.com'))).toEqual([]);

    await patch({ registrationPhoto: 'optional' });
    const accepted = await register('no-photo@example.com', false);
    expect(accepted.statusCode).toBe(201);
    const { user } = accepted.json<{ user: User }>();
    expect(user.profile_pic).toMatch(/^\/api\/uploads\//);
    expect(await ctx.images.owns(user.profile_pic)).toBe(true);
    // A photo still given is kept.
    const withPhoto = await register('photo@example.com', true);
    expect(withPhoto.statusCode).toBe(201);
    expect(withPhoto.json<{ user: User }>().user.profile_pic).not.toBe(user.profile_pic);
    await patch({ registrationPhoto: 'required' });
  });

  it("e-mails carry the settings' site name, and their postal address in the footer once set", async () => {
    await register('before@example.com', true);
    const [before] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'before@example.com'));
    expect(before!.subject).toContain('Harbour Gazette');
    expect(before!.textBody).not.toContain('12 Quay Street');

    await patch({ siteName: 'The Quay Courier', postalAddress: '12 Quay Street\nPort Town' });
    await register('after@example.com', true);
    const [after] = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'after@example.com'));
    expect(after!.subject).toContain('The Quay Courier');
    expect(after!.textBody.trimEnd().endsWith('12 Quay Street\nPort Town')).toBe(true);
    expect(after!.htmlBody).toContain('12 Quay Street\nPort Town');
    expect(after!.htmlBody).toContain('The Quay Courier');
  });

  it("feeds are titled with the settings' site name, at once after a change", async () => {
    const titleOf = async () => {
      const feed = (await ctx.app.inject({ method: 'GET', url: '/rss.xml' })).body;
      return /<title>([^<]*)<\/title>/.exec(feed)?.[1];
    };
    await patch({ siteName: 'The Quay Courier' });
    expect(await titleOf()).toBe('The Quay Courier');
    await patch({ siteName: 'Quay Evening News' });
    expect(await titleOf()).toBe('Quay Evening News');
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

// Two instances need a shared PostgreSQL and Redis; .ci/run provides both, and elsewhere this shows as skipped.
describe.runIf(serverUrl && redisUrl)('site settings on two instances sharing PostgreSQL and Redis', () => {
  let twin: TwoInstances;
  beforeAll(async () => {
    twin = await openTwoInstances(redisUrl!);
  });
  afterAll(() => twin.close());

  it('a change made on one instance is answered by the other at once, though it had cached the settings', async () => {
    const [a, b] = twin.apps;
    const admin = await signedInUser(a, twin.db, { role: 'admin' });
    const configOf = async (app: typeof a) =>
      (await app.inject({ method: 'GET', url: '/api/config' })).json<PublicConfig>();
    expect((await configOf(b)).writerArticleLimit).toBe(1);
    const response = await a.inject({
      method: 'PATCH',
      url: '/api/admin/settings',
      headers: bearer(admin.token),
      payload: { writerArticleLimit: 5, siteName: 'Twin Times' },
    });
    expect(response.statusCode).toBe(200);
    expect(await configOf(b)).toMatchObject({ writerArticleLimit: 5, siteName: 'Twin Times' });
  });
});
