// Families (issue 28), in Chromium at a desktop's and a phone's width: a reader buys the Family Plan, invites two
// people from /profile; each gets the e-mail, follows its link, is asked to verify their new account's address
// first (the welcome e-mail's link), accepts and reads a premium article; the owner
// removes one, who gets the teaser at once, while the other still reads. The owner then makes the other a young
// reader with Politics hidden: no Politics article in their lists, search, trending or related cards, and its
// URL answers a 403 page.
import { FAMILY_MESSAGES, FAMILY_TEXT, NOTICES_TEXT, TEXT } from '@dispatch/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { expectToast, logIn, newAccount, waitForMail } from './support/actions.js';
import { api, apiLogin, approvedArticle } from './support/api.js';
import { openBrowser, type Session } from './support/browser.js';
import { expectNoErrors, expectNoSidewaysScroll } from './support/expect.js';
import { ADMIN } from './support/server.js';
import { stack } from './support/stack.js';

const baseUrl = stack().baseUrl;
const P = TEXT.paymentPage;
const WIDE = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function premiumArticle(closing: string, title: string) {
  const editor = await apiLogin(ADMIN);
  const writer = await apiLogin(await newAccount(baseUrl, 'Family Writer'));
  const id = await approvedArticle(writer.token, editor.token, {
    title,
    description: `The opening lines of a premium story about ${title}.\n\n${closing}`,
    tags: ['Sports'],
  });
  await api(editor.token, 'PATCH', `/api/articles/premium/${id}`);
  return id;
}

async function politicsArticle(title: string) {
  const editor = await apiLogin(ADMIN);
  const writer = await apiLogin(await newAccount(baseUrl, 'Politics Writer'));
  return approvedArticle(writer.token, editor.token, {
    title,
    description: `A council story: ${title}, told at length for the family's journey.`,
    tags: ['Politics'],
  });
}

/** The titles of the Politics articles among everyone's Trending (the demo archive's most read). */
async function trendingPolitics() {
  const get = async <T>(path: string) => (await (await fetch(`${baseUrl}${path}`)).json()) as T;
  const trending = await get<{ _id: string; title: string }[]>('/api/articles/trending');
  const tagged = await Promise.all(
    trending.map(async (article) => ({
      title: article.title,
      tags: (await get<{ tags: string[] }>(`/api/articles/${article._id}/preview`)).tags,
    })),
  );
  return tagged.filter((article) => article.tags.includes('Politics')).map((article) => article.title);
}

const publisherName = async () =>
  ((await (await fetch(`${baseUrl}/api/publishers`)).json()) as { name: string }[])[0]!.name;

/** The path of the first link in `mail` to `route` (`/family/join`, `/verify-email`). */
function linkIn(mail: { text: string }, route: string) {
  const link = new RegExp(`https?://\\S+${route}\\?token=[\\w.-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeDefined();
  return new URL(link!).pathname + new URL(link!).search;
}

/**
 * Follows the invitation e-mail's link, signed in as `person`, and accepts. A new account's address is not verified:
 * the join page asks for that first, so the person follows the welcome e-mail's link and comes back.
 */
async function acceptFromMail(session: Session, person: { email: string; password: string }, ownerName: string) {
  const { page } = session;
  const join = linkIn(await waitForMail(person.email, `${ownerName} invites you`), '/family/join');
  await logIn(page, person.email, person.password);
  await page.goto(join);
  await page.getByText(FAMILY_MESSAGES.invitationNeedsVerifiedAddress).waitFor();
  // The preview's 403 is that answer, which the browser logs.
  session.errors.splice(
    0,
    session.errors.length,
    ...session.errors.filter((error) => !error.includes('status of 403')),
  );
  await page.goto(linkIn(await waitForMail(person.email, 'please verify your e-mail address'), '/verify-email'));
  await page.getByText(NOTICES_TEXT.verify.done).waitFor();
  await page.goto(join);
  await page.getByText(FAMILY_TEXT.joinIntro(ownerName)).waitFor();
  await page.getByRole('button', { name: FAMILY_TEXT.joinButton }).click();
  await page.getByText(FAMILY_TEXT.joined).waitFor();
}

describe.each([
  ['desktop', WIDE],
  ['phone', PHONE],
] as const)('the Family Plan, on a %s', (_form, viewport) => {
  const sessions: Session[] = [];
  afterEach(async () => {
    await Promise.all(sessions.splice(0).map((session) => session.close()));
  });
  const browser = async () => {
    const session = await openBrowser(viewport);
    sessions.push(session);
    return session;
  };

  it('the owner buys it and invites two people, who read premium; one removed gets the teaser, the other as a young reader never sees Politics', async () => {
    const stamp = `${Date.now() % 1_000_000}${viewport.width}`;
    const closing = `The lighthouse keeper counted ${stamp} ships.`;
    const politicsTitle = `Council vote ${stamp}`;
    const politicsId = await politicsArticle(politicsTitle);
    const sportsTitle = `Lighthouse log ${stamp}`;
    const articleId = await premiumArticle(closing, sportsTitle);
    const owner = await newAccount(baseUrl, 'Family Owner');
    const [first, second] = [await newAccount(baseUrl, 'Kin One'), await newAccount(baseUrl, 'Kin Two')];

    // The owner buys the Family Plan with 4242… and invites both from /profile.
    const ownerSession = await browser();
    const { page } = ownerSession;
    await logIn(page, owner.email, owner.password);
    await page.goto('/subscription');
    await page.getByLabel(TEXT.subscriptionPage.duration).selectOption({ value: 'family' });
    await page.getByRole('button', { name: TEXT.subscription.proceed }).click();
    await page.waitForURL('**/payment');
    await page.getByLabel(P.cardNumber).fill('4242 4242 4242 4242');
    await page.getByLabel(P.expiry).fill('12/34');
    await page.getByLabel(P.cvc).fill('123');
    await page.getByRole('button', { name: TEXT.payment.payNow }).click();
    await expectToast(page, TEXT.toast.subscriptionSuccess);
    await page.goto('/profile#family');
    const family = page.getByRole('region', { name: FAMILY_TEXT.heading });
    await family.getByText(FAMILY_TEXT.ownerIntro(6)).waitFor();
    for (const person of [first, second]) {
      await family.getByLabel(FAMILY_TEXT.inviteLabel).fill(person.email);
      await family.getByRole('button', { name: FAMILY_TEXT.inviteButton }).click();
      await expectToast(page, FAMILY_TEXT.invited(person.email));
    }
    await family.getByText(FAMILY_TEXT.seatsLeft(5, 5)).waitFor();
    await expectNoSidewaysScroll(page, '/profile');
    expectNoErrors(ownerSession);

    // Each follows the e-mail's link, accepts and reads the premium article.
    const firstSession = await browser();
    await acceptFromMail(firstSession, first, owner.name);
    await firstSession.page.goto(`/articles/${articleId}`);
    await firstSession.page.getByText(closing).waitFor();
    expectNoErrors(firstSession);
    const secondSession = await browser();
    await acceptFromMail(secondSession, second, owner.name);
    await secondSession.page.goto(`/articles/${articleId}`);
    await secondSession.page.getByText(closing).waitFor();
    await secondSession.page.goto('/profile#family');
    await secondSession.page
      .getByRole('region', { name: FAMILY_TEXT.heading })
      .getByText(FAMILY_TEXT.memberIntro(owner.name, 'Family Plan'))
      .waitFor();

    // The owner sees both, and removes the first after a confirmation.
    await page.reload();
    const members = family.getByRole('list', { name: FAMILY_TEXT.membersHeading });
    await members.getByText(first.name, { exact: true }).waitFor();
    await members.getByText(second.name, { exact: true }).waitFor();
    await family.getByText(FAMILY_TEXT.seatsLeft(3, 5)).waitFor();
    await family.getByRole('button', { name: `${FAMILY_TEXT.remove} ${first.name}` }).click();
    await page
      .getByRole('alertdialog', { name: FAMILY_TEXT.removeTitle })
      .getByRole('button', { name: FAMILY_TEXT.remove })
      .click();
    await expectToast(page, FAMILY_TEXT.removed(first.name));
    expect(await members.getByText(first.name, { exact: true }).count()).toBe(0);
    expectNoErrors(ownerSession);

    // At once: the removed reader gets the teaser, the other still reads.
    await firstSession.page.goto(`/articles/${articleId}`);
    await firstSession.page.getByRole('heading', { name: TEXT.detail.teaserTitle }).waitFor();
    expect(await firstSession.page.getByText(closing).count()).toBe(0);
    await secondSession.page.goto(`/articles/${articleId}`);
    await secondSession.page.getByText(closing).waitFor();
    expectNoErrors(secondSession);

    // Before any control, the Politics article is everywhere: trending, All Articles, the search, related.
    const young = secondSession.page;
    const trending = young.getByRole('region', { name: TEXT.home.trending });
    const politicsTrending = await trendingPolitics();
    expect(politicsTrending.length, 'the demo archive has Politics articles among the most read').toBeGreaterThan(0);
    await young.goto('/');
    await trending.getByText(politicsTrending[0]!).first().waitFor();
    await young.goto(`/articles?search=${stamp}`);
    await young.getByText(politicsTitle).first().waitFor();
    await young.goto(`/articles/${articleId}`);
    await young.getByText(politicsTitle).first().waitFor();

    // The owner makes the other member a young reader with Politics hidden.
    await family.locator('summary', { hasText: FAMILY_TEXT.controlsHeading }).click();
    const controls = family.getByRole('form', { name: `${FAMILY_TEXT.controlsHeading}: ${second.name}` });
    await controls.getByLabel(FAMILY_TEXT.youngReader).check();
    await controls.getByLabel('Politics', { exact: true }).check();
    await controls.getByRole('button', { name: FAMILY_TEXT.saveControls }).click();
    await expectToast(page, FAMILY_TEXT.controlsSaved(second.name));
    await members.getByText(FAMILY_TEXT.hiding(['Politics'])).waitFor();
    await expectNoSidewaysScroll(page, '/profile');
    expectNoErrors(ownerSession);

    // The young reader: no Politics article in trending, All Articles, the search or the related cards.
    await young.goto('/');
    await trending.getByRole('group').first().waitFor();
    for (const title of [politicsTitle, ...politicsTrending]) expect(await trending.getByText(title).count()).toBe(0);
    await young.goto('/articles');
    await young.getByText(sportsTitle).first().waitFor();
    expect(await young.getByText(politicsTitle).count()).toBe(0);
    await young.goto(`/articles?search=${stamp}`);
    await young.getByText(sportsTitle).first().waitFor();
    expect(await young.getByText(politicsTitle).count()).toBe(0);
    await young.goto(`/articles/${articleId}`);
    await young.getByText(closing).waitFor();
    await young.getByRole('heading', { name: TEXT.detail.moreFrom(await publisherName()) }).waitFor();
    expect(await young.getByText(politicsTitle).count()).toBe(0);
    // A page rendered for nobody (the page cookie gone, the token kept): the browser asks again as the young reader.
    await secondSession.context.clearCookies();
    await young.goto('/articles?tag=Politics');
    await young.getByText(TEXT.articles.empty).waitFor();
    expect(await young.getByText(politicsTitle).count()).toBe(0);
    // Its URL answers a 403 page, rendered by the server too.
    const answer = await young.goto(`/articles/${politicsId}`);
    expect(answer?.status()).toBe(403);
    await young.getByRole('heading', { level: 1, name: FAMILY_MESSAGES.hiddenArticle }).waitFor();
    // Their profile says so, with no way to leave the family or close the account alone.
    await young.goto('/profile#family');
    await young.getByText(FAMILY_TEXT.memberYoungReader(owner.name, ['Politics'])).waitFor();
    expect(await young.getByRole('button', { name: FAMILY_TEXT.leave }).count()).toBe(0);
    await young.getByText(FAMILY_MESSAGES.youngReaderDelete).waitFor();
    await expectNoSidewaysScroll(young, '/profile');
    expectNoErrors(secondSession);
  }, 180_000);
});
