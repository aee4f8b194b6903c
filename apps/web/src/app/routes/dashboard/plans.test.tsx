import { PLAN_MESSAGES, PLAN_TEXT, RENEWAL_MINUTES, SEED_PLANS, TEXT, type AdminPlan } from '@dispatch/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '../../../lib/paths';
import { errorResponse, jsonResponse, type StubRequest } from '../../../test/api-stub';
import { openDashboard } from '../../../test/admin';

const C = PLAN_TEXT.columns;
const F = PLAN_TEXT.fields;
const stamp = { createdAt: '2026-11-01T10:00:00.000Z', updatedAt: '2026-11-01T10:00:00.000Z' };

const seed: AdminPlan[] = [
  { ...SEED_PLANS[0]!, purchases: 40, activeHolders: 2, ...stamp },
  { ...SEED_PLANS[1]!, purchases: 12, activeHolders: 7, ...stamp },
  {
    id: 'partner-week',
    name: 'Partner Week',
    price: 4.5,
    currency: 'eur',
    label: '7 Days',
    value: 10080,
    features: ['Three premium articles'],
    premiumArticles: 3,
    familySeats: 1,
    position: 3,
    visibility: 'unlisted',
    renewsEvery: null,
    freeDays: 0,
    purchases: 0,
    activeHolders: 0,
    ...stamp,
  },
  { ...SEED_PLANS[2]!, visibility: 'archived', position: 4, purchases: 5, activeHolders: 1, ...stamp },
];

/** Two renewing plans, as the API answers them: their label is their interval's. */
const renewing: AdminPlan[] = [
  {
    ...SEED_PLANS[1]!,
    id: 'monthly',
    name: 'Monthly',
    price: 9,
    label: '1 Month',
    value: RENEWAL_MINUTES.month,
    position: 5,
    renewsEvery: 'month',
    freeDays: 7,
    purchases: 3,
    activeHolders: 3,
    ...stamp,
  },
  {
    ...SEED_PLANS[1]!,
    id: 'yearly',
    name: 'Yearly',
    price: 90,
    label: '1 Year',
    value: RENEWAL_MINUTES.year,
    position: 6,
    renewsEvery: 'year',
    freeDays: 0,
    purchases: 1,
    activeHolders: 1,
    ...stamp,
  },
];

function openPlans(routes: Record<string, unknown> = {}) {
  let plans = seed;
  const view = openDashboard('/dashboard/plans', {
    [apiPaths.adminPlans]: (_url: URL, request: StubRequest) => {
      if (request.method !== 'POST') return { plans };
      const created: AdminPlan = {
        ...seed[0]!,
        ...(request.body as object),
        id: 'weekly-pass',
        purchases: 0,
        activeHolders: 0,
      };
      plans = [...plans, created];
      return jsonResponse(created, 201);
    },
    [apiPaths.adminPlansOrder]: (_url: URL, request: StubRequest) => {
      const { ids } = request.body as { ids: string[] };
      plans = ids.map((id) => plans.find((plan) => plan.id === id)!);
      return { plans };
    },
    ...routes,
  });
  return view;
}

const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name }, { timeout: 10_000 })).closest('tr') as HTMLElement;

const durationCell = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .find((cell) => cell.dataset.label === C.duration)!;

/** Opens New plan and fills in what every plan needs. */
async function newPlan(person: ReturnType<typeof openPlans>['person'], name: string) {
  await rowOf('Individual Premium');
  await person.click(screen.getByRole('button', { name: PLAN_TEXT.newPlan }));
  const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.newPlan });
  await person.type(within(dialog).getByLabelText(F.name), name);
  await person.type(within(dialog).getByLabelText(F.price), '9');
  await person.type(within(dialog).getByLabelText(F.features), 'Every premium article');
  return dialog;
}

const postsTo = (api: ReturnType<typeof openPlans>['api']) =>
  api.calls(apiPaths.adminPlans).filter((request) => request.method === 'POST');

describe('/dashboard/plans', () => {
  it('lists every plan in order with its price, duration, articles, accounts, who can buy it, purchases and holders', async () => {
    openPlans();

    expect(
      await screen.findByRole('heading', { level: 1, name: PLAN_TEXT.pageTitle }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const trial = await rowOf(SEED_PLANS[0]!.name);
    const cell = (row: HTMLElement, column: string) =>
      within(row)
        .getAllByRole('cell')
        .find((candidate) => candidate.dataset.label === column);
    for (const [column, value] of [
      [C.price, '$10.00'],
      [C.duration, '1 Minute'],
      [C.articles, PLAN_TEXT.allArticles],
      [C.accounts, '1 account'],
      [C.visibility, PLAN_TEXT.visibility.listed],
      [C.purchases, '40'],
      [C.holders, '2'],
    ] as const) {
      expect(cell(trial, column)).toHaveTextContent(value);
    }
    const names = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(names).toEqual(['Free Trial (1 Minute, for testing)', 'Individual Premium', 'Partner Week', 'Family Plan']);

    const partner = await rowOf('Partner Week');
    expect(within(partner).getByText('€4.50')).toBeInTheDocument();
    expect(within(partner).getByText(PLAN_TEXT.visibility.unlisted)).toBeInTheDocument();
    expect(cell(partner, C.articles)).toHaveTextContent('3');
    expect(within(partner).getByRole('link', { name: /\/subscription\?plan=partner-week$/ })).toHaveAttribute(
      'href',
      'http://127.0.0.1:3000/subscription?plan=partner-week',
    );
    const family = await rowOf('Family Plan');
    expect(cell(family, C.accounts)).toHaveTextContent('6 accounts');
    expect(within(family).getByText(PLAN_TEXT.visibility.archived)).toBeInTheDocument();
    expect(within(family).getByRole('button', { name: PLAN_TEXT.restore })).toBeInTheDocument();
    expect(within(family).queryByRole('button', { name: PLAN_TEXT.archive })).not.toBeInTheDocument();
    expect(within(trial).getByRole('button', { name: PLAN_TEXT.moveUp })).toBeDisabled();
    expect(within(family).getByRole('button', { name: PLAN_TEXT.moveDown })).toBeDisabled();
  }, 20_000);

  it('creates a plan from the form, posting it as the API takes it, and says so', async () => {
    const { api, person } = openPlans();
    await rowOf('Individual Premium');

    await person.click(screen.getByRole('button', { name: PLAN_TEXT.newPlan }));
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.newPlan });
    expect(within(dialog).getByLabelText(F.currency)).toHaveValue('usd');
    expect(within(dialog).getByLabelText(F.familySeats)).toHaveValue(1);
    expect(within(dialog).getByLabelText(F.familySeats)).toHaveAccessibleDescription(F.familySeatsHint);
    await person.type(within(dialog).getByLabelText(F.name), 'Weekly Pass');
    await person.type(within(dialog).getByLabelText(F.price), '12.5');
    await person.clear(within(dialog).getByLabelText(F.currency));
    await person.type(within(dialog).getByLabelText(F.currency), 'eur');
    await person.clear(within(dialog).getByLabelText(F.duration));
    await person.type(within(dialog).getByLabelText(F.duration), '7');
    await person.selectOptions(within(dialog).getByLabelText(F.durationUnit), PLAN_TEXT.units.days);
    await person.type(within(dialog).getByLabelText(F.features), 'Five premium articles\n\n  The Sunday letter  ');
    await person.click(within(dialog).getByRole('radio', { name: F.premiumArticlesCount }));
    await person.type(within(dialog).getByLabelText(F.premiumArticlesNumber), '5');
    await person.click(within(dialog).getByRole('radio', { name: PLAN_TEXT.visibility.unlisted }));
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));

    expect(await screen.findByText(PLAN_MESSAGES.created)).toBeInTheDocument();
    const posts = api.calls(apiPaths.adminPlans).filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([
      {
        name: 'Weekly Pass',
        price: 12.5,
        currency: 'eur',
        durationMinutes: 7 * 24 * 60,
        features: ['Five premium articles', 'The Sunday letter'],
        premiumArticles: 5,
        familySeats: 1,
        visibility: 'unlisted',
        renewsEvery: null,
        freeDays: 0,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowOf('Weekly Pass')).toBeInTheDocument();
  }, 20_000);

  it("checks the form as the server would, and shows the server's field errors under their fields", async () => {
    const { api, person } = openPlans({
      [apiPaths.adminPlans]: (_url: URL, request: StubRequest) =>
        request.method === 'POST'
          ? errorResponse(400, 'Check the highlighted fields', {
              code: 'VALIDATION_FAILED',
              fieldErrors: {
                durationMinutes: [PLAN_MESSAGES.durationInvalid],
                currency: [PLAN_MESSAGES.currencyInvalid],
              },
            })
          : { plans: seed },
    });
    await rowOf('Individual Premium');
    await person.click(screen.getByRole('button', { name: PLAN_TEXT.newPlan }));
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.newPlan });

    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));
    expect(await within(dialog).findByText(PLAN_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(F.price)).toHaveAccessibleDescription(PLAN_MESSAGES.priceInvalid);
    expect(within(dialog).getByLabelText(F.features)).toHaveAccessibleDescription(PLAN_MESSAGES.featuresRequired);
    expect(api.calls(apiPaths.adminPlans).filter((request) => request.method === 'POST')).toHaveLength(0);

    await person.type(within(dialog).getByLabelText(F.name), 'Long Read');
    await person.type(within(dialog).getByLabelText(F.price), '3');
    await person.type(within(dialog).getByLabelText(F.features), 'Every premium article');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(F.duration)).toHaveAccessibleDescription(PLAN_MESSAGES.durationInvalid),
    );
    expect(within(dialog).getByLabelText(F.currency)).toHaveAccessibleDescription(PLAN_MESSAGES.currencyInvalid);
    expect(screen.queryByText(PLAN_MESSAGES.created)).not.toBeInTheDocument();
  }, 20_000);

  it('creates a plan for several accounts, posting familySeats, and lists it with its accounts', async () => {
    const { api, person } = openPlans();
    await rowOf('Individual Premium');
    await person.click(screen.getByRole('button', { name: PLAN_TEXT.newPlan }));
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.newPlan });

    await person.type(within(dialog).getByLabelText(F.name), 'Household');
    await person.type(within(dialog).getByLabelText(F.price), '20');
    await person.type(within(dialog).getByLabelText(F.features), 'Four readers');
    await person.clear(within(dialog).getByLabelText(F.familySeats));
    await person.type(within(dialog).getByLabelText(F.familySeats), '4');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));

    expect(await screen.findByText(PLAN_MESSAGES.created)).toBeInTheDocument();
    const posts = api.calls(apiPaths.adminPlans).filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([
      expect.objectContaining({ name: 'Household', premiumArticles: null, familySeats: 4 }),
    ]);
    const household = await rowOf('Household');
    expect(
      within(household)
        .getAllByRole('cell')
        .find((cell) => cell.dataset.label === C.accounts),
    ).toHaveTextContent('4 accounts');
  }, 20_000);

  it('refuses accounts outside 1 to 10, or several accounts with a number of articles, before sending', async () => {
    const { api, person } = openPlans();
    await rowOf('Individual Premium');
    await person.click(screen.getByRole('button', { name: PLAN_TEXT.newPlan }));
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.newPlan });
    await person.type(within(dialog).getByLabelText(F.name), 'Household');
    await person.type(within(dialog).getByLabelText(F.price), '20');
    await person.type(within(dialog).getByLabelText(F.features), 'Readers');
    const accounts = within(dialog).getByLabelText(F.familySeats);

    for (const value of ['0', '11', '2.5', '']) {
      await person.clear(accounts);
      if (value) await person.type(accounts, value);
      await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));
      await waitFor(() =>
        expect(accounts).toHaveAccessibleDescription(`${F.familySeatsHint} ${PLAN_MESSAGES.familySeatsInvalid}`),
      );
    }

    await person.clear(accounts);
    await person.type(accounts, '3');
    await person.click(within(dialog).getByRole('radio', { name: F.premiumArticlesCount }));
    await person.type(within(dialog).getByLabelText(F.premiumArticlesNumber), '5');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));
    await waitFor(() =>
      expect(accounts).toHaveAccessibleDescription(`${F.familySeatsHint} ${PLAN_MESSAGES.familyNeedsFullAccess}`),
    );
    expect(api.calls(apiPaths.adminPlans).filter((request) => request.method === 'POST')).toHaveLength(0);
  }, 20_000);

  it("shows the server's accounts error under Accounts", async () => {
    const { api, person } = openPlans({
      [apiPaths.adminPlans]: (_url: URL, request: StubRequest) =>
        request.method === 'POST'
          ? errorResponse(400, PLAN_MESSAGES.familyNeedsFullAccess, {
              code: 'VALIDATION_FAILED',
              fieldErrors: { familySeats: [PLAN_MESSAGES.familyNeedsFullAccess] },
            })
          : { plans: seed },
    });
    await rowOf('Individual Premium');
    await person.click(screen.getByRole('button', { name: PLAN_TEXT.newPlan }));
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.newPlan });
    await person.type(within(dialog).getByLabelText(F.name), 'Household');
    await person.type(within(dialog).getByLabelText(F.price), '20');
    await person.type(within(dialog).getByLabelText(F.features), 'Readers');
    await person.clear(within(dialog).getByLabelText(F.familySeats));
    await person.type(within(dialog).getByLabelText(F.familySeats), '5');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(F.familySeats)).toHaveAccessibleDescription(
        `${F.familySeatsHint} ${PLAN_MESSAGES.familyNeedsFullAccess}`,
      ),
    );
    expect(api.calls(apiPaths.adminPlans).filter((request) => request.method === 'POST')).toHaveLength(1);
    expect(screen.queryByText(PLAN_MESSAGES.created)).not.toBeInTheDocument();
  }, 20_000);

  it("edits a plan's accounts, starting from its own", async () => {
    const { api, person } = openPlans({
      [apiPaths.adminPlan('family')]: (_url: URL, request: StubRequest) => ({
        ...seed[3],
        ...(request.body as object),
      }),
    });
    await person.click(within(await rowOf('Family Plan')).getByRole('button', { name: PLAN_TEXT.edit }));
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.editTitle('Family Plan') });
    expect(within(dialog).getByLabelText(F.familySeats)).toHaveValue(6);

    await person.clear(within(dialog).getByLabelText(F.familySeats));
    await person.type(within(dialog).getByLabelText(F.familySeats), '4');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.save }));

    expect(await screen.findByText(PLAN_MESSAGES.saved)).toBeInTheDocument();
    const [patch] = api.calls(apiPaths.adminPlan('family'));
    expect(patch?.method).toBe('PATCH');
    expect(patch?.body).toMatchObject({ familySeats: 4, premiumArticles: null });
  }, 20_000);

  it('edits a plan in the same form, filled in, and PATCHes it', async () => {
    const { api, person } = openPlans({
      [apiPaths.adminPlan('individual')]: (_url: URL, request: StubRequest) => ({
        ...seed[1],
        ...(request.body as object),
      }),
    });
    await person.click(within(await rowOf('Individual Premium')).getByRole('button', { name: PLAN_TEXT.edit }));
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.editTitle('Individual Premium') });
    expect(within(dialog).getByLabelText(F.price)).toHaveValue(300);
    expect(within(dialog).getByLabelText(F.duration)).toHaveValue(5);
    expect(within(dialog).getByLabelText(F.durationUnit)).toHaveValue('days');
    expect(within(dialog).getByRole('radio', { name: F.premiumArticlesAll })).toBeChecked();

    await person.clear(within(dialog).getByLabelText(F.price));
    await person.type(within(dialog).getByLabelText(F.price), '280');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.save }));

    expect(await screen.findByText(PLAN_MESSAGES.saved)).toBeInTheDocument();
    const [patch] = api.calls(apiPaths.adminPlan('individual'));
    expect(patch?.method).toBe('PATCH');
    expect(patch?.body).toMatchObject({
      price: 280,
      durationMinutes: 7200,
      premiumArticles: null,
      visibility: 'listed',
      renewsEvery: null,
      freeDays: 0,
    });
  }, 20_000);

  it('creates a monthly plan with free days: no duration to enter, every premium article, renewsEvery and freeDays posted', async () => {
    const { api, person } = openPlans();
    const dialog = await newPlan(person, 'Monthly');
    expect(within(dialog).getByLabelText(F.renewsEvery)).toHaveValue('pass');
    expect(within(dialog).queryByLabelText(F.freeDays)).not.toBeInTheDocument();
    await person.click(within(dialog).getByRole('radio', { name: F.premiumArticlesCount }));
    await person.type(within(dialog).getByLabelText(F.premiumArticlesNumber), '5');

    await person.selectOptions(within(dialog).getByLabelText(F.renewsEvery), PLAN_TEXT.renewal.month);
    expect(within(dialog).queryByLabelText(F.duration)).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText(F.durationUnit)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: F.premiumArticlesAll })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: F.premiumArticlesCount })).toBeDisabled();
    expect(within(dialog).queryByLabelText(F.premiumArticlesNumber)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: F.premiumArticles })).toHaveAccessibleDescription(
      PLAN_MESSAGES.renewingNeedsFullAccess,
    );
    const freeDays = within(dialog).getByLabelText(F.freeDays);
    expect(freeDays).toHaveValue(0);
    await person.clear(freeDays);
    await person.type(freeDays, '7');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));

    expect(await screen.findByText(PLAN_MESSAGES.created)).toBeInTheDocument();
    expect(postsTo(api).map((request) => request.body)).toEqual([
      {
        name: 'Monthly',
        price: 9,
        currency: 'usd',
        durationMinutes: RENEWAL_MINUTES.month,
        features: ['Every premium article'],
        premiumArticles: null,
        familySeats: 1,
        visibility: 'listed',
        renewsEvery: 'month',
        freeDays: 7,
      },
    ]);
  }, 20_000);

  it('made a pass again, the plan hides its free days, shows its duration and posts renewsEvery null and no free days', async () => {
    const { api, person } = openPlans();
    const dialog = await newPlan(person, 'Fortnight');
    await person.selectOptions(within(dialog).getByLabelText(F.renewsEvery), PLAN_TEXT.renewal.year);
    await person.clear(within(dialog).getByLabelText(F.freeDays));
    await person.type(within(dialog).getByLabelText(F.freeDays), '7');

    await person.selectOptions(within(dialog).getByLabelText(F.renewsEvery), PLAN_TEXT.renewal.pass);
    expect(within(dialog).queryByLabelText(F.freeDays)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: F.premiumArticlesCount })).toBeEnabled();
    await person.clear(within(dialog).getByLabelText(F.duration));
    await person.type(within(dialog).getByLabelText(F.duration), '14');
    expect(within(dialog).getByLabelText(F.durationUnit)).toHaveValue('days');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));

    expect(await screen.findByText(PLAN_MESSAGES.created)).toBeInTheDocument();
    expect(postsTo(api).map((request) => request.body)).toEqual([
      expect.objectContaining({ name: 'Fortnight', durationMinutes: 14 * 24 * 60, renewsEvery: null, freeDays: 0 }),
    ]);
  }, 20_000);

  it("lists a renewing plan's duration as its interval, renewing, after its free days", async () => {
    openPlans({ [apiPaths.adminPlans]: { plans: [...seed, ...renewing] } });

    expect(durationCell(await rowOf('Monthly')).textContent).toBe('1 Month, renews after 7 free days');
    expect(durationCell(await rowOf('Yearly')).textContent).toBe('1 Year, renews');
    expect(durationCell(await rowOf('Individual Premium')).textContent).toBe('5 Days');
  }, 20_000);

  it('edits a renewing plan starting from its interval and free days, and PATCHes them', async () => {
    const { api, person } = openPlans({
      [apiPaths.adminPlans]: { plans: [...seed, ...renewing] },
      [apiPaths.adminPlan('monthly')]: (_url: URL, request: StubRequest) => ({
        ...renewing[0],
        ...(request.body as object),
      }),
    });
    await person.click(within(await rowOf('Monthly')).getByRole('button', { name: PLAN_TEXT.edit }));
    const dialog = await screen.findByRole('dialog', { name: PLAN_TEXT.editTitle('Monthly') });
    expect(within(dialog).getByLabelText(F.renewsEvery)).toHaveValue('month');
    expect(within(dialog).getByLabelText(F.freeDays)).toHaveValue(7);
    expect(within(dialog).queryByLabelText(F.duration)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: F.premiumArticlesCount })).toBeDisabled();

    await person.selectOptions(within(dialog).getByLabelText(F.renewsEvery), PLAN_TEXT.renewal.year);
    await person.clear(within(dialog).getByLabelText(F.freeDays));
    await person.type(within(dialog).getByLabelText(F.freeDays), '14');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.save }));

    expect(await screen.findByText(PLAN_MESSAGES.saved)).toBeInTheDocument();
    const [patch] = api.calls(apiPaths.adminPlan('monthly'));
    expect(patch?.method).toBe('PATCH');
    expect(patch?.body).toMatchObject({
      durationMinutes: RENEWAL_MINUTES.year,
      premiumArticles: null,
      renewsEvery: 'year',
      freeDays: 14,
    });
  }, 20_000);

  it('refuses free days outside 0 to 90 before sending', async () => {
    const { api, person } = openPlans();
    const dialog = await newPlan(person, 'Monthly');
    await person.selectOptions(within(dialog).getByLabelText(F.renewsEvery), PLAN_TEXT.renewal.month);
    const freeDays = within(dialog).getByLabelText(F.freeDays);

    for (const value of ['91', '-1', '1.5', '']) {
      await person.clear(freeDays);
      if (value) await person.type(freeDays, value);
      await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));
      await waitFor(() =>
        expect(freeDays).toHaveAccessibleDescription(`${F.freeDaysHint} ${PLAN_MESSAGES.freeDaysInvalid}`),
      );
    }
    expect(postsTo(api)).toHaveLength(0);
  }, 20_000);

  it("shows the server's free days, renewal and premium articles errors by their fields", async () => {
    const { api, person } = openPlans({
      [apiPaths.adminPlans]: (_url: URL, request: StubRequest) =>
        request.method === 'POST'
          ? errorResponse(400, 'Check the highlighted fields', {
              code: 'VALIDATION_FAILED',
              fieldErrors: {
                freeDays: [PLAN_MESSAGES.freeDaysInvalid],
                renewsEvery: [PLAN_MESSAGES.renewsEveryInvalid],
                premiumArticles: [PLAN_MESSAGES.premiumArticlesInvalid],
              },
            })
          : { plans: seed },
    });
    const dialog = await newPlan(person, 'Monthly');
    await person.selectOptions(within(dialog).getByLabelText(F.renewsEvery), PLAN_TEXT.renewal.month);
    await person.type(within(dialog).getByLabelText(F.freeDays), '7');
    await person.click(within(dialog).getByRole('button', { name: PLAN_TEXT.create }));

    await waitFor(() =>
      expect(within(dialog).getByLabelText(F.freeDays)).toHaveAccessibleDescription(
        `${F.freeDaysHint} ${PLAN_MESSAGES.freeDaysInvalid}`,
      ),
    );
    expect(within(dialog).getByLabelText(F.renewsEvery)).toHaveAccessibleDescription(PLAN_MESSAGES.renewsEveryInvalid);
    expect(within(dialog).getByRole('group', { name: F.premiumArticles })).toHaveAccessibleDescription(
      `${PLAN_MESSAGES.renewingNeedsFullAccess} ${PLAN_MESSAGES.premiumArticlesInvalid}`,
    );
    expect(postsTo(api)).toHaveLength(1);
    expect(screen.queryByText(PLAN_MESSAGES.created)).not.toBeInTheDocument();
  }, 20_000);

  it('archives a plan only after a confirmation, with PATCH {visibility: archived}', async () => {
    const { api, person } = openPlans({
      [apiPaths.adminPlan('individual')]: { ...seed[1], visibility: 'archived' },
    });
    await person.click(within(await rowOf('Individual Premium')).getByRole('button', { name: PLAN_TEXT.archive }));

    const confirm = await screen.findByRole('alertdialog', { name: PLAN_TEXT.archiveTitle });
    expect(confirm).toHaveTextContent(PLAN_TEXT.archiveBody('Individual Premium'));
    expect(api.calls(apiPaths.adminPlan('individual'))).toHaveLength(0);
    await person.click(within(confirm).getByRole('button', { name: PLAN_TEXT.archive }));

    expect(await screen.findByText(PLAN_MESSAGES.archived)).toBeInTheDocument();
    expect(api.calls(apiPaths.adminPlan('individual')).map((request) => [request.method, request.body])).toEqual([
      ['PATCH', { visibility: 'archived' }],
    ]);
  }, 20_000);

  it('says why the last listed plan cannot be archived', async () => {
    const { person } = openPlans({
      [apiPaths.adminPlan('individual')]: () => errorResponse(409, PLAN_MESSAGES.lastListedPlan),
    });
    await person.click(within(await rowOf('Individual Premium')).getByRole('button', { name: PLAN_TEXT.archive }));
    const confirm = await screen.findByRole('alertdialog', { name: PLAN_TEXT.archiveTitle });
    await person.click(within(confirm).getByRole('button', { name: PLAN_TEXT.archive }));

    expect(await screen.findByText(PLAN_MESSAGES.lastListedPlan)).toBeInTheDocument();
  }, 20_000);

  it('moves a plan down by sending every id in the new order', async () => {
    const { api, person } = openPlans();
    await person.click(within(await rowOf(SEED_PLANS[0]!.name)).getByRole('button', { name: PLAN_TEXT.moveDown }));

    expect(await screen.findByText(PLAN_MESSAGES.reordered)).toBeInTheDocument();
    expect(api.calls(apiPaths.adminPlansOrder).map((request) => [request.method, request.body])).toEqual([
      ['PUT', { ids: ['individual', 'trial', 'partner-week', 'family'] }],
    ]);
    expect(
      screen
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent)
        .slice(0, 2),
    ).toEqual(['Individual Premium', 'Free Trial (1 Minute, for testing)']);
  }, 20_000);

  it("is in the dashboard's menu", async () => {
    openPlans();
    const menu = await screen.findByRole(
      'navigation',
      { name: TEXT.dashboard.sidebar, hidden: true },
      { timeout: 10_000 },
    );
    expect(within(menu).getByRole('link', { name: PLAN_TEXT.pageTitle, hidden: true })).toHaveAttribute(
      'href',
      '/dashboard/plans',
    );
  }, 20_000);
});
