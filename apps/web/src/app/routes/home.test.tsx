import { SEED_PLANS, STORAGE_KEYS, TEXT, TIMINGS, UPGRADE_TEXT, type Plan } from '@dispatch/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, stubApi } from '../../test/api-stub';
import { config, publishers, stats, trending } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { ROLES, sessionRoutes, storeToken } from '../../test/session';

function stubHome(trendingAnswer: unknown = trending) {
  return stubApi({
    '/api/config': config,
    '/api/publishers': publishers,
    '/api/articles/trending': trendingAnswer,
    '/api/stats/users': stats,
  });
}

describe('home page', () => {
  afterEach(() => vi.useRealTimers());

  it('shows its six sections in order', async () => {
    stubHome();
    renderRoute('/');

    await screen.findByRole('heading', { level: 2, name: TEXT.home.trending });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    const sections: string[] = [
      TEXT.home.trending,
      TEXT.home.publishers,
      TEXT.home.stats,
      TEXT.home.plans,
      TEXT.home.trust,
      TEXT.home.testimonials,
    ];
    expect(headings.filter((text) => sections.includes(text ?? ''))).toEqual(sections);
  });

  it('shows trending cards with a Read More link, the publishers and the three testimonials', async () => {
    stubHome();
    renderRoute('/');

    const carousel = await screen.findByRole('group', { name: TEXT.home.trending });
    const first = within(carousel).getByRole('heading', { name: trending[0]?.title });
    const slide = first.closest('article');
    expect(slide && within(slide).getByRole('link', { name: new RegExp(TEXT.home.readMore) })).toHaveAttribute(
      'href',
      '/articles/t1',
    );
    const publisherList = await screen.findByRole('region', { name: TEXT.home.publishers });
    for (const publisher of publishers)
      expect(await within(publisherList).findByText(publisher.name)).toBeInTheDocument();
    for (const testimonial of TEXT.homeCopy.testimonials) {
      expect(screen.getByRole('img', { name: testimonial.name })).toBeInTheDocument();
      expect(screen.getByText(testimonial.comment)).toBeInTheDocument();
    }
  });

  it('says so when there are no trending articles', async () => {
    stubHome([]);
    renderRoute('/');
    expect(await screen.findByText(TEXT.home.noTrending)).toBeInTheDocument();
  });

  it('says once, with one retry, that the API did not answer, and loads the sections when it does', async () => {
    let down = true;
    const answer = (body: unknown) => () =>
      down ? errorResponse(503, 'Service unavailable') : new Response(JSON.stringify(body), { status: 200 });
    stubApi({
      '/api/config': config,
      '/api/publishers': answer(publishers),
      '/api/articles/trending': answer(trending),
      '/api/stats/users': answer(stats),
      '/api/plans': answer({ plans: SEED_PLANS }),
    });
    // Past the three retries a server error gets (1 s, 2 s, 4 s), before the upgrade modal's 10 s.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const person = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderRoute('/');
    for (let second = 0; second < 9 && !screen.queryByText(TEXT.homeCopy.loadFailed); second += 1) {
      await act(() => vi.advanceTimersByTimeAsync(1_000));
    }

    expect(await screen.findByText(TEXT.homeCopy.loadFailed)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText(TEXT.states.unavailable)).toHaveLength(4));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(TEXT.states.loadFailed)).not.toBeInTheDocument();

    down = false;
    await person.click(screen.getByRole('button', { name: TEXT.states.retry }));
    expect(await screen.findByRole('group', { name: TEXT.home.trending })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(TEXT.homeCopy.loadFailed)).not.toBeInTheDocument());
    expect(screen.queryByText(TEXT.states.unavailable)).not.toBeInTheDocument();
  });

  it('stores the chosen plan and moves on to payment', async () => {
    stubHome();
    const { router } = renderRoute('/');
    const user = userEvent.setup();

    const card = (await screen.findByRole('heading', { name: 'Individual Premium' })).closest('article');
    await user.click(within(card!).getByRole('button', { name: TEXT.home.choosePlan }));

    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.subscriptionPlan) ?? 'null')).toEqual({
      id: 'individual',
      label: '5 Days',
      value: 7200,
      price: 300,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/payment'));
  });

  it('shows the plans the server lists, in its order, each with its price, duration, benefits and note', async () => {
    const weekly: Plan = {
      id: 'weekly-pass',
      name: 'Weekly Pass',
      price: 12.5,
      currency: 'eur',
      label: '7 Days',
      value: 7 * 24 * 60,
      features: ['Five premium articles', 'Cancel any time'],
      premiumArticles: 5,
      familySeats: 1,
      position: 1,
      visibility: 'listed',
      renewsEvery: null,
      freeDays: 0,
    };
    stubApi({
      '/api/config': config,
      '/api/publishers': publishers,
      '/api/articles/trending': trending,
      '/api/stats/users': stats,
      '/api/plans': { plans: [weekly, SEED_PLANS[0]] },
    });
    renderRoute('/');

    const section = await screen.findByRole('region', { name: TEXT.home.plans });
    await within(section).findByRole('heading', { name: 'Weekly Pass' });
    expect(
      within(section)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Weekly Pass', SEED_PLANS[0]!.name]);
    const card = within(section).getByRole('heading', { name: 'Weekly Pass' }).closest('article')!;
    expect(within(card).getByText('€12.50')).toBeInTheDocument();
    expect(within(card).getByText(`${TEXT.homeCopy.accessFor} 7 Days`)).toBeInTheDocument();
    expect(within(card).getByText('Five premium articles')).toBeInTheDocument();
    expect(within(card).getByText('€12.50 for 7 days')).toBeInTheDocument();
    expect(within(section).queryByText('Individual Premium')).not.toBeInTheDocument();
  });

  describe("a renewing plan's note", () => {
    const monthly: Plan = {
      ...SEED_PLANS[1]!,
      id: 'monthly',
      name: 'Monthly',
      price: 9,
      label: '1 Month',
      value: 43200,
      renewsEvery: 'month',
      freeDays: 7,
    };

    async function planNoteOnHome(signedIn?: { freeDaysUsed?: true }) {
      if (signedIn) storeToken();
      stubApi({
        '/api/config': config,
        '/api/publishers': publishers,
        '/api/articles/trending': trending,
        '/api/stats/users': stats,
        '/api/plans': { plans: [monthly] },
        ...(signedIn && sessionRoutes(undefined, { ...ROLES.user, ...signedIn })),
      });
      renderRoute('/');
      const section = await screen.findByRole('region', { name: TEXT.home.plans });
      return (await within(section).findByRole('heading', { name: 'Monthly' })).closest('article')!;
    }

    it('promises its free days to a visitor and to a reader who never subscribed', async () => {
      expect(within(await planNoteOnHome()).getByText('7 days free, then $9.00 a month')).toBeInTheDocument();
      expect(await within(await planNoteOnHome({})).findByText('7 days free, then $9.00 a month')).toBeInTheDocument();
    });

    it('promises no free days to a reader whose earlier subscription used them', async () => {
      const card = await planNoteOnHome({ freeDaysUsed: true });

      expect(await within(card).findByText('$9.00 a month')).toBeInTheDocument();
      expect(within(card).queryByText(/days free/)).not.toBeInTheDocument();
    });
  });

  describe('upgrade modal', () => {
    async function renderHomeWithFakeClock() {
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
      stubHome();
      const view = renderRoute('/');
      await screen.findByRole('heading', { level: 2, name: TEXT.home.trending });
      return view;
    }

    it('is hidden before 10 seconds and appears after them', async () => {
      await renderHomeWithFakeClock();

      act(() => vi.advanceTimersByTime(TIMINGS.upgradeModalDelayMs - 1500));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      act(() => vi.advanceTimersByTime(1500));
      const dialog = await screen.findByRole('dialog', { name: UPGRADE_TEXT.title });
      expect(dialog).toHaveTextContent(UPGRADE_TEXT.body);
    });

    it('closes with its close button', async () => {
      await renderHomeWithFakeClock();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

      act(() => vi.advanceTimersByTime(TIMINGS.upgradeModalDelayMs));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: UPGRADE_TEXT.closeLabel }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("closes and goes to /subscription on 'Go to Subscription'", async () => {
      const { router } = await renderHomeWithFakeClock();
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });

      act(() => vi.advanceTimersByTime(TIMINGS.upgradeModalDelayMs));
      const dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: UPGRADE_TEXT.goToSubscription }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
