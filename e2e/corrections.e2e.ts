// Corrections: an editor publishes one on the article page; readers find it under the article and on
// /corrections, in the server's HTML and in the feeds. Runs against the built app (e2e/run.js).
import { CORRECTION_TEXT, TEXT, TIMELINE_TEXT, type Revision } from '@dispatch/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { childOf, findAll, parseXml, textOf } from '../apps/server/src/test/xml.js';
import { expectToast, logIn, newAccount } from './support/actions.js';
import { api, apiLogin, approvedArticle } from './support/api.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { stack } from './support/stack.js';

const baseUrl = stack().baseUrl;
const C = CORRECTION_TEXT;
/** Words only the paywalled part of the premium article holds, past its excerpt. */
const MARKER = 'quillfeathersecret';

const html = async (path: string, cookie?: string) => {
  const response = await fetch(`${baseUrl}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  expect(response.status, path).toBe(200);
  return response.text();
};
/** The element with this id, as the server wrote it. */
const sectionById = (page: string, id: string) =>
  new RegExp(`<section[^>]*id="${id}"[\\s\\S]*?</section>`).exec(page)?.[0] ?? '';

describe('corrections', () => {
  const created: string[] = [];
  let editor: { token: string; cookie: string };

  beforeAll(async () => {
    editor = await apiLogin(ADMIN);
  });
  afterAll(async () => {
    // Other journeys count the seeded articles; a deleted article takes its corrections with it.
    for (const id of created) await api(editor.token, 'DELETE', `/api/articles/${id}`);
  });

  describe('in the HTML the server renders and in the feeds', () => {
    let id: string;
    const note = 'An earlier version said <b>nine</b> councillors & "all" voted.';

    beforeAll(async () => {
      const description = [
        'The council voted on the tram line on Tuesday evening, after a long and heated debate.',
        `The paid paragraph names the ${MARKER} and the exact count.`,
      ].join('\n\n');
      id = await approvedArticle(editor.token, editor.token, { title: `Tram vote ${Date.now()}`, description });
      created.push(id);
      await api(editor.token, 'PATCH', `/api/articles/premium/${id}`);
      const { revisions } = (await api(editor.token, 'GET', `/api/articles/${id}/revisions`)) as {
        revisions: Revision[];
      };
      await api(editor.token, 'POST', `/api/articles/${id}/corrections`, { revisionId: revisions[0]!._id, note });
    });

    it("puts the corrections in a teaser reader's article page, as text, without the premium text", async () => {
      const reader = await newAccount(baseUrl, 'Tess Teaser');
      const { cookie } = await apiLogin(reader);
      const page = await html(`/articles/${id}`, cookie);
      expect(page).toContain(TEXT.detail.teaserTitle);
      const section = sectionById(page, 'corrections');
      expect(section).toContain(`>${C.heading}</h2>`);
      expect(section).toContain('An earlier version said &lt;b&gt;nine&lt;/b&gt; councillors &amp; ');
      expect(section).not.toContain('<b>');
      expect(page).not.toContain(MARKER);
    });

    it('lists it on /corrections, a page of its own with its title, canonical URL and feeds', async () => {
      const page = await html('/corrections');
      const head = page.slice(0, page.indexOf('</head>'));
      expect(head).toMatch(new RegExp(`<title>${C.heading} · [^<]+</title>`));
      expect(head).toContain(`<link rel="canonical" href="${baseUrl}/corrections"/>`);
      expect(head).toMatch(
        /<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="\/corrections\/rss.xml"/,
      );
      expect(page).toContain(`href="/articles/${id}#corrections"`);
      expect(page).toContain('An earlier version said &lt;b&gt;nine&lt;/b&gt;');
      expect(page).not.toContain(MARKER);
      const footer = page.slice(page.lastIndexOf('<footer'));
      expect(footer).toMatch(new RegExp(`<a [^>]*href="/corrections"[^>]*>${TEXT.footer.corrections}</a>`));
    });

    it('serves well-formed feeds that carry it', async () => {
      const rss = parseXml(await (await fetch(`${baseUrl}/corrections/rss.xml`)).text());
      const item = findAll(childOf(rss, 'channel'), 'item').find((one) => textOf(one, 'description') === note);
      expect(item && textOf(item, 'link')).toBe(`${baseUrl}/articles/${id}#corrections`);
      const atom = parseXml(await (await fetch(`${baseUrl}/corrections/feed.atom`)).text());
      expect(findAll(atom, 'entry').some((entry) => textOf(entry, 'summary') === note)).toBe(true);
      const pages = await (await fetch(`${baseUrl}/sitemaps/pages.xml`)).text();
      expect(pages).toContain(`<loc>${baseUrl}/corrections</loc>`);
    });
  });

  describe('in Chromium', () => {
    const sessions: Session[] = [];
    const open = async (viewport?: Parameters<typeof openBrowser>[0]) => {
      const session = await openBrowser(viewport);
      sessions.push(session);
      return session;
    };
    afterEach(async () => {
      for (const session of sessions) expectNoErrors(session);
      await Promise.all(sessions.splice(0).map((session) => session.close()));
    });

    it('the editor publishes a correction on the fixed article; readers see it under the article and on /corrections', async () => {
      const writer = await newAccount(baseUrl, 'Wes Writer');
      const writerLogin = await apiLogin(writer);
      const title = `Ferry timetable changes ${Date.now()}`;
      const id = await approvedArticle(writerLogin.token, editor.token, {
        title,
        description: 'The new ferry timetable starts on 3 May.',
      });
      created.push(id);
      // The writer fixes the date: the article goes back to review, and the editor approves it again.
      await api(writerLogin.token, 'PATCH', `/api/articles/${id}`, {
        title,
        description: 'The new ferry timetable starts on 13 May.',
        tags: ['Politics'],
      });
      await api(editor.token, 'PATCH', `/api/articles/approve/${id}`);

      const { page } = await open();
      await logIn(page, ADMIN.email, ADMIN.password);
      await page.goto(`/articles/${id}`);
      const form = page.locator('section').filter({ has: page.getByRole('heading', { name: C.publishHeading }) });
      const revision = form.getByLabel(C.revisionLabel);
      // The fix is the latest revision, chosen already.
      expect(await revision.locator('option:checked').textContent()).toContain(TEXT.revisions.number(2));
      const note = 'An earlier version of this article gave the wrong start date for the timetable.';
      await form.getByLabel(C.noteLabel).fill(note);
      await form.getByRole('button', { name: C.publish }).click();
      const confirm = page.getByRole('alertdialog', { name: C.confirmTitle });
      await confirm.getByRole('button', { name: C.publish }).click();
      await expectToast(page, TEXT.toast.correctionPublished);
      const corrections = page.locator('#corrections');
      await corrections.getByText(note).waitFor();
      // The timeline records it as an editorial action.
      await page.getByText(TIMELINE_TEXT.actions.correct).first().waitFor();

      const readerSession = await open();
      const reader = await newAccount(baseUrl, 'Rae Reader');
      await logIn(readerSession.page, reader.email, reader.password);
      await readerSession.page.goto(`/articles/${id}`);
      await readerSession.page.locator('#corrections').getByText(note).waitFor();
      expect(await readerSession.page.getByRole('heading', { name: C.publishHeading }).count()).toBe(0);

      await readerSession.page.goto('/');
      await readerSession.page.getByRole('contentinfo').getByRole('link', { name: TEXT.footer.corrections }).click();
      await readerSession.page.getByRole('heading', { level: 1, name: C.heading }).waitFor();
      const entry = readerSession.page.getByRole('listitem').filter({ hasText: note });
      await entry.getByRole('link', { name: title }).click();
      await readerSession.page.waitForURL(new RegExp(`/articles/${id}#corrections$`));
      await readerSession.page.locator('#corrections').getByText(note).waitFor();
    });
  });
});
