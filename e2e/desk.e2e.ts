// The editor's desk and the dashboard (issue 15, items 1 and 10; issue 45, item 5), in Chromium at a desktop's and a
// phone's width: every article with the work waiting first, a search, one line a row at 1366 px and a card at 390 px,
// the row's menu, the preview and a decision from it, the keyboard alone in the menu and the preview, the
// pie's numbers, the users' search, the publishers beside their form, and axe in both themes.
import { DESK_TEXT, TEXT } from '@dispatch/shared';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount, pngFile } from './support/actions.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { api, apiLogin, approvedArticle, submittedArticle } from './support/api.js';
import { axeViolations } from './support/axe.js';
import { stack } from './support/stack.js';

const baseUrl = stack().baseUrl;
const D = TEXT.dashboard;
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A pending article by a new writer, with a title and text no other journey uses. */
async function submitted(writerName: string) {
  const writer = await newAccount(baseUrl, writerName);
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: writer.email, password: writer.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const form = new FormData();
  const png = await pngFile('story.png', '#446688');
  form.append('image', new Blob([new Uint8Array(png.buffer)], { type: 'image/png' }), 'story.png');
  const upload = await fetch(`${baseUrl}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const { url: image } = (await upload.json()) as { url: string };
  const stamp = `${Date.now()}${Math.round(Math.random() * 1000)}`;
  const title = `Lighthouse keepers vote ${stamp}`;
  const closing = `The keepers meet again in spring ${stamp}.`;
  const response = await fetch(`${baseUrl}/api/articles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      image,
      publisher: 'The Morning Ledger',
      tags: ['Politics', 'Health'],
      description: `The keepers of the northern lights voted on Tuesday.\n\n${closing}`,
    }),
  });
  expect(response.status).toBe(201);
  return { writer, title, closing };
}

/** Where a status stands in the desk's order: pending, then changes requested, then the rest. */
function waitingRank(status: string) {
  if (status === TEXT.writing.statuses.pending) return 0;
  return status === TEXT.writing.statuses.changes_requested ? 1 : 2;
}

/** The row of the admin table (a card on a phone) whose title is `title`. */
const rowOf = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

describe.each([
  ['desktop', WIDE],
  ['phone', PHONE],
] as const)("the editor's desk on a %s", (_form, viewport) => {
  let session: Session;
  afterEach(() => session.close());

  it('opens on every article, the work waiting first, finds a submission by its author, previews it whole and approves it from the preview', async () => {
    const { writer, title, closing } = await submitted('Nell Keeper');
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/all-articles');
    await page.getByRole('heading', { level: 1, name: D.allArticles }).waitFor();
    const filter = page.getByLabel(D.statusFilter);
    expect(await filter.inputValue()).toBe('all');
    await page.getByRole('table').waitFor();
    const statuses = await page.getByRole('table').locator('tbody tr td[data-label="Status"]').allTextContents();
    expect(statuses[0]).toBe(TEXT.writing.statuses.pending);
    expect(statuses).toEqual([...statuses].sort((a, b) => waitingRank(a) - waitingRank(b)));

    await page.getByRole('searchbox', { name: DESK_TEXT.searchArticles }).fill(writer.email);
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(writer.email);
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(1);
    await rowOf(page, title).waitFor();

    await rowOf(page, title).getByRole('button', { name: DESK_TEXT.moreActions }).click();
    await page.getByRole('menuitem', { name: DESK_TEXT.preview }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByText(closing).waitFor();
    expect(await dialog.getByText(writer.email).isVisible()).toBe(true);
    expect(await dialog.getByText('Politics, Health').isVisible()).toBe(true);
    expect(await dialog.getByText('The Morning Ledger').isVisible()).toBe(true);
    expect(await dialog.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(
      true,
    );
    expect(await axeViolations(page), `the preview at ${viewport.width} px`).toEqual([]);
    await expectNoSidewaysScroll(page, 'the preview');

    await dialog.getByRole('button', { name: D.approve }).click();
    await expectToast(page, TEXT.toast.articleApproved);
    await dialog.waitFor({ state: 'detached' });
    await rowOf(page, title).getByText(TEXT.writing.statuses.approved).waitFor();

    await filter.selectOption('pending');
    await page.waitForURL(/status=pending/);
    await page.getByText(DESK_TEXT.noArticlesMatch(writer.email)).waitFor();
    expect(new URL(page.url()).searchParams.get('q')).toBe(writer.email);
    expectNoErrors(session);
  });

  it("fits a row on one line at 1366 px and in a tidy card at 390 px, SPEC's actions as buttons; Request changes works from the row's menu", async () => {
    // A long name makes a long e-mail: the row truncates it, the card never breaks it mid-word.
    const { title } = await submitted('Bartholomew Featherstonehaugh Worthington');
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/all-articles');
    const body = page.getByRole('table').locator('tbody');
    await body.locator('tr').first().waitFor();
    if (viewport === WIDE) {
      // Every row as tall as every other, whatever its actions, and nothing in it on a second line.
      const rows = await body.locator('tr').evaluateAll((trs) =>
        trs.map((tr) => {
          const tops = (selector: string) =>
            [...tr.querySelectorAll(selector)].map((element) => Math.round(element.getBoundingClientRect().top));
          // Each cell's lines of text: its text's rectangles, grouped by how far down they start.
          const lines = [...tr.querySelectorAll('td')].map((cell) => {
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            const starts: number[] = [];
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) if (rect.width > 1) starts.push(rect.top);
            }
            starts.sort((one, other) => one - other);
            return starts.filter((top, index) => index === 0 || top - starts[index - 1]! > 8).length;
          });
          return {
            height: Math.round(tr.getBoundingClientRect().height),
            buttonTops: new Set(tops('button')).size,
            lines,
          };
        }),
      );
      expect(rows.length).toBeGreaterThan(1);
      expect(new Set(rows.map((row) => row.height)).size, JSON.stringify(rows)).toBe(1);
      expect(rows.every((row) => row.buttonTops === 1)).toBe(true);
      expect(
        rows.every((row) => row.lines.every((count) => count <= 1)),
        JSON.stringify(rows),
      ).toBe(true);
      expect(rows[0]!.height).toBeLessThan(56);
    }
    await page.getByRole('searchbox', { name: DESK_TEXT.searchArticles }).fill(title);
    await page.keyboard.press('Enter');
    const row = rowOf(page, title);
    await expect.poll(() => body.locator('tr').count()).toBe(1);
    expect(
      await row
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent)),
    ).toEqual([D.approve, D.decline, D.delete, DESK_TEXT.moreActions]);
    await expectNoSidewaysScroll(page, 'the desk');
    if (viewport === PHONE) {
      // A card: every control on screen, the whole e-mail inside it.
      for (const box of await row
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON() as DOMRect)))
        expect(box.right).toBeLessThanOrEqual(PHONE.width);
      const card = (await row.boundingBox())!;
      const email = (await row
        .getByText(/@example\.com$/)
        .first()
        .boundingBox())!;
      expect(email.x + email.width).toBeLessThanOrEqual(card.x + card.width);
    }

    await row.getByRole('button', { name: DESK_TEXT.moreActions }).click();
    const menu = page.getByRole('menu', { name: DESK_TEXT.moreActions });
    const place = (await menu.boundingBox())!;
    expect(place.x).toBeGreaterThanOrEqual(0);
    expect(place.x + place.width).toBeLessThanOrEqual(viewport.width);
    await menu.getByRole('menuitem', { name: D.requestChanges }).click();
    const note = page.getByRole('dialog', { name: D.requestChangesTitle });
    await note.getByLabel(D.note).fill('Name the keepers who voted, and quote one.');
    await note.getByRole('button', { name: D.requestChanges }).click();
    await expectToast(page, TEXT.toast.changesRequested);
    await row.getByText(TEXT.writing.statuses.changes_requested).waitFor();
    // Sent back, the row keeps Delete and its menu, whose list still opens inside the page by its left-hand button.
    expect(await row.getByRole('button').count()).toBe(2);
    await row.getByRole('button', { name: DESK_TEXT.moreActions }).click();
    const again = (await menu.boundingBox())!;
    expect(again.x).toBeGreaterThanOrEqual(0);
    expect(again.x + again.width).toBeLessThanOrEqual(viewport.width);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expectNoErrors(session);
  });

  it("lists a pending and an approved article, the pending one first, counts each status, and makes the approved one premium from its row: 'Article has been premium!'", async () => {
    const stamp = `${Date.now()}${Math.round(Math.random() * 1000)}`;
    const editor = await apiLogin(ADMIN);
    const approvedWriter = await apiLogin(await newAccount(baseUrl, 'Ada Approved'));
    const pendingWriter = await apiLogin(await newAccount(baseUrl, 'Pia Pending'));
    // The approved one is written first: the desk's order, not the age, puts the pending one above it.
    const approvedTitle = `Tidal survey ${stamp} approved`;
    await approvedArticle(approvedWriter.token, editor.token, { title: approvedTitle, description: 'Tides, charted.' });
    const pendingTitle = `Tidal survey ${stamp} waiting`;
    await submittedArticle(pendingWriter.token, { title: pendingTitle, description: 'Tides, to be charted.' });

    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/all-articles');
    await page.getByRole('searchbox', { name: DESK_TEXT.searchArticles }).fill(`Tidal survey ${stamp}`);
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=/);
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(2);
    const titles = await page.getByRole('table').locator('tbody tr').allTextContents();
    expect(titles[0]).toContain(pendingTitle);
    expect(titles[1]).toContain(approvedTitle);

    const filter = page.getByLabel(D.statusFilter);
    expect(await filter.locator('option').allTextContents()).toEqual([
      DESK_TEXT.statusWithCount(D.allStatuses, 2),
      DESK_TEXT.statusWithCount(TEXT.writing.statuses.pending, 1),
      DESK_TEXT.statusWithCount(TEXT.writing.statuses.changes_requested, 0),
      DESK_TEXT.statusWithCount(TEXT.writing.statuses.approved, 1),
      DESK_TEXT.statusWithCount(TEXT.writing.statuses.declined, 0),
    ]);

    await rowOf(page, approvedTitle).getByRole('button', { name: D.makePremium }).click();
    await expectToast(page, TEXT.toast.articlePremium);
    await expect.poll(() => rowOf(page, approvedTitle).getByRole('button', { name: D.makePremium }).count()).toBe(0);

    // Without a search, each option's count is what the table holds in that status.
    await page.getByRole('searchbox', { name: DESK_TEXT.searchArticles }).fill('');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    const counted: string[] = [];
    for (const status of ['pending', 'changes_requested', 'approved', 'declined'] as const) {
      const { total } = (await api(editor.token, 'GET', `/api/admin/articles?status=${status}&limit=1`)) as {
        total: number;
      };
      counted.push(DESK_TEXT.statusWithCount(TEXT.writing.statuses[status], total));
    }
    await expect.poll(async () => (await filter.locator('option').allTextContents()).slice(1)).toEqual(counted);
    expectNoErrors(session);
  });

  it("the row's menu and the preview take the keyboard alone: Enter opens the menu on Preview, Enter opens the preview, focus stays inside, Escape closes it back on the menu's button", async () => {
    const { title } = await submitted('Kai Keys');
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto(`/dashboard/all-articles?q=${encodeURIComponent(title)}`);
    const more = rowOf(page, title).getByRole('button', { name: DESK_TEXT.moreActions });
    await more.waitFor();
    // Tab from the search box to the row's menu button, as a keyboard user would.
    await page.getByRole('searchbox', { name: DESK_TEXT.searchArticles }).focus();
    const focused = (locator: typeof more) => locator.evaluate((element) => element === document.activeElement);
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      if (await focused(more)) break;
    }
    expect(await focused(more)).toBe(true);
    await page.keyboard.press('Enter');
    const preview = page.getByRole('menu').getByRole('menuitem', { name: DESK_TEXT.preview });
    await expect.poll(() => focused(preview)).toBe(true);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    expect(await page.getByRole('menu').count()).toBe(0);
    const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
    for (let presses = 0; presses < 12; presses += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInDialog(), `Tab ${presses + 1} stays in the preview`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix hands focus back a task after the dialog unmounts.
    await expect.poll(() => focused(more)).toBe(true);
    expectNoErrors(session);
  });

  it('the publisher pie shows each count and the total; the numbers add up', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard');
    const legend = page.getByRole('list', { name: D.byPublisher });
    await legend.waitFor();
    // Each item: the swatch, the name, the count, the share.
    const counts = await legend
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => Number(item.children[2]?.textContent)));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.every((count) => Number.isInteger(count) && count >= 0)).toBe(true);
    const total = counts.reduce((sum, count) => sum + count, 0);
    // The pie is drawn just after the page, in a task of its own.
    await page.getByText(DESK_TEXT.chartTotal(total)).waitFor();
    // Every slice has a colour of its own (each swatch drawn, none transparent).
    const swatches = await legend
      .locator('[aria-hidden="true"]')
      .evaluateAll((spans) => spans.map((span) => getComputedStyle(span).backgroundColor));
    expect(swatches.every((colour) => colour !== 'rgba(0, 0, 0, 0)')).toBe(true);
    expect(new Set(swatches).size).toBe(Math.min(swatches.length, 8));
    await expectNoSidewaysScroll(page, 'the overview');
    expectNoErrors(session);
  });

  it('each chart is drawn as it comes into view', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard');
    const card = (id: string) => page.locator(`section[aria-labelledby="${id}"]`);
    const drawing = (id: string) => card(id).locator('.recharts-wrapper svg');
    // Each chart's place, as the page opened: on screen or below it.
    const inView = async (id: string) =>
      card(id)
        .locator('> [aria-hidden="true"]')
        .evaluate((place) => place.getBoundingClientRect().top < window.innerHeight);
    const charts = ['chart-publishers', 'chart-tags', 'chart-months'] as const;
    const opened = new Map<string, boolean>();
    for (const id of charts) opened.set(id, await inView(id));
    // A laptop shows the pie and the bars side by side; a phone the pie alone, the others below it.
    expect(opened.get('chart-publishers')).toBe(true);
    expect(opened.get('chart-tags')).toBe(viewport === WIDE);
    if (viewport === PHONE) expect(opened.get('chart-months')).toBe(false);

    await drawing('chart-publishers').first().waitFor();
    await page.waitForTimeout(500);
    const below = charts.filter((id) => !opened.get(id));
    for (const id of below) expect(await drawing(id).count(), `${id} before the reader scrolls`).toBe(0);
    // Scrolled to, each is drawn (scrolling to the bars may bring the area into view too).
    for (const id of charts) {
      if (below.includes(id)) await card(id).scrollIntoViewIfNeeded();
      await drawing(id).first().waitFor();
    }
    // Every chart drawn shows its data: the bars for the tags, the area for the months.
    expect(await card('chart-tags').locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    expect(await card('chart-months').locator('.recharts-area-area').count()).toBe(1);
    expectNoErrors(session);
  });

  it('the users table finds a reader by part of the e-mail, and keeps the search in the URL', async () => {
    const reader = await newAccount(baseUrl, 'Ottilie Searchable');
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/all-users');
    await page.getByRole('table').waitFor();
    await page.getByRole('searchbox', { name: DESK_TEXT.searchUsers }).fill(reader.email.split('@')[0]!);
    await page.waitForURL(/q=ottilie/);
    await expect.poll(() => page.getByRole('table').locator('tbody tr').count()).toBe(1);
    expect(await page.getByRole('row').filter({ hasText: reader.email }).isVisible()).toBe(true);
    await page.reload();
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('row').filter({ hasText: reader.email }).waitFor();
    expect(await page.getByRole('searchbox', { name: DESK_TEXT.searchUsers }).inputValue()).toBe(
      reader.email.split('@')[0],
    );
    await expectNoSidewaysScroll(page, 'the users search');
    expectNoErrors(session);
  });

  it('Add Publisher lists the publishers with their article counts, and a new one at once', async () => {
    session = await openBrowser(viewport);
    const { page } = session;
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.goto('/dashboard/add-publisher');
    const list = page.getByRole('region', { name: DESK_TEXT.publishersHeading });
    const ledger = list.getByRole('listitem').filter({ hasText: 'The Morning Ledger' });
    await ledger.waitFor();
    expect(await ledger.innerText()).toMatch(/\d+ articles?$/);
    // Beside the form on a desktop, below it on a phone.
    const form = await page.getByRole('button', { name: D.publisherSubmit }).boundingBox();
    const box = await list.boundingBox();
    if (viewport === WIDE) expect(box!.x).toBeGreaterThan(form!.x + form!.width);
    else expect(box!.y).toBeGreaterThan(form!.y + form!.height);

    const name = `Gazette ${Date.now()}`;
    await page.getByLabel(D.publisherName).fill(name);
    await page.getByLabel(D.publisherLogo).setInputFiles(await pngFile('logo.png', '#aa3355'));
    const submit = page.getByRole('button', { name: D.publisherSubmit });
    await expect.poll(() => submit.isEnabled()).toBe(true);
    await submit.click();
    await expectToast(page, TEXT.toast.publisherAdded);
    await list.getByRole('listitem').filter({ hasText: name }).getByText(DESK_TEXT.articleCount(0)).waitFor();
    await expectNoSidewaysScroll(page, 'the add publisher page');
    expectNoErrors(session);
  });
});

describe("axe on the desk's pages", () => {
  let session: Session;
  afterEach(() => session.close());

  it.each(['light', 'dark'] as const)(
    'finds nothing to fix in the %s theme at both widths',
    async (scheme) => {
      for (const viewport of [WIDE, PHONE]) {
        session = await openBrowser(viewport);
        const { page } = session;
        await page.emulateMedia({ colorScheme: scheme });
        await logIn(page, ADMIN.email, ADMIN.password);
        for (const url of [
          '/dashboard',
          '/dashboard/all-articles?status=all',
          '/dashboard/all-users?q=example',
          '/dashboard/add-publisher',
        ]) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.getByRole('main').locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
          await page.waitForLoadState('networkidle');
          expect(await axeViolations(page), `${url} at ${viewport.width} px, ${scheme}`).toEqual([]);
        }
        await page.goto('/dashboard/all-articles?status=all');
        await page.getByRole('button', { name: DESK_TEXT.moreActions }).first().click();
        await page.getByRole('menu').waitFor();
        expect(await axeViolations(page), `a row's menu at ${viewport.width} px, ${scheme}`).toEqual([]);
        await page.getByRole('menuitem', { name: DESK_TEXT.preview }).click();
        await page.getByRole('dialog').waitFor();
        await page.waitForLoadState('networkidle');
        expect(await axeViolations(page), `the preview at ${viewport.width} px, ${scheme}`).toEqual([]);
        await session.close();
      }
      session = await openBrowser();
    },
    300_000,
  );
});
