import {
  durationLabel,
  numberedSlug,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  RENEWAL_MINUTES,
  renewalLabel,
  slugify,
  toMajorUnits,
  toMinorUnits,
  type AdminPlan,
  type Plan,
  type PlanInput,
  type PlanList,
  type PlanPatch,
  type PlanSnapshot,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit, type CommitDeps } from '../../db/commit.js';
import { badRequest, conflict, notFound } from '../../plugins/errors.js';
import { recordAction } from '../moderation/moderation.service.js';
import * as repository from './plans.repository.js';

/*
 * Plans are rows the admin edits (docs/product.md#plans); never deleted, archived instead. What a payment
 * grants is a snapshot of its plan taken when it is opened (`snapshotOf`), so an edit changes only later
 * purchases. The public list is cached under the 'plans' namespace, bumped after every change commits.
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'cache'>;
/** A change: the cached plans are stale once it committed. */
type ChangeDeps = Deps & CommitDeps;

export type PlanRow = repository.PlanRow;

// A change is seen at once (the namespace is bumped); the expiry only bounds memory.
const PLANS_TTL_MS = 60_000;
/** More plans than this whose names give one slug are refused as taken. */
const MAX_SLUG_NUMBER = PLAN_LIMITS.plansMax;

const currencyOf = (row: PlanRow, siteCurrency: string) => row.currency ?? siteCurrency;

export function toPlan(row: PlanRow, siteCurrency: string): Plan {
  return {
    id: row.id,
    name: row.name,
    price: toMajorUnits(row.priceMinor),
    currency: currencyOf(row, siteCurrency),
    label: row.renewsEvery ? renewalLabel(row.renewsEvery) : durationLabel(row.durationMinutes),
    value: row.durationMinutes,
    features: row.features,
    premiumArticles: row.premiumArticles,
    familySeats: row.familySeats,
    position: row.position,
    visibility: row.visibility,
    renewsEvery: row.renewsEvery,
    freeDays: row.freeDays,
  };
}

/** What a payment for this plan keeps: what it costs and grants now, whatever the row says later. */
export function snapshotOf(row: PlanRow, siteCurrency: string): PlanSnapshot {
  return {
    name: row.name,
    amount: row.priceMinor,
    currency: currencyOf(row, siteCurrency),
    durationMinutes: row.durationMinutes,
    features: row.features,
    premiumArticles: row.premiumArticles,
    familySeats: row.familySeats,
    ...(row.renewsEvery && { renewsEvery: row.renewsEvery, freeDays: row.freeDays }),
  };
}

/** GET /api/plans: the listed plans, in order. */
export function getListedPlans({ db, cache, config }: Deps): Promise<PlanList> {
  return cache.remember('plans', 'listed', PLANS_TTL_MS, async () => ({
    plans: (await repository.listListed(db)).map((row) => toPlan(row, config.payments.currency)),
  }));
}

/** GET /api/plans/:id: a plan on sale, listed or sold by its link; an archived or unknown one is no plan. */
export async function getPlanForSale({ db, cache, config }: Deps, id: string): Promise<Plan> {
  const plan = await cache.remember('plans', `plan:${id}`, PLANS_TTL_MS, async () => {
    const row = await repository.findById(db, id);
    return row && row.visibility !== 'archived' ? toPlan(row, config.payments.currency) : null;
  });
  if (!plan) throw notFound(PLAN_MESSAGES.planUnavailable);
  return plan;
}

/** The row of a plan a reader may buy now (listed or unlisted), read fresh; undefined otherwise. */
export async function findPlanOnSale(db: DbOrTx, id: string): Promise<PlanRow | undefined> {
  const row = await repository.findById(db, id);
  return row && row.visibility !== 'archived' ? row : undefined;
}

/** The dashboard's list: every plan in order, with its purchases and the readers who hold access through it. */
export async function getAdminPlans({ db, clock, config }: Deps): Promise<{ plans: AdminPlan[] }> {
  const [rows, counts] = await Promise.all([repository.listAll(db), repository.purchaseCounts(db, clock())]);
  return { plans: rows.map((row) => toAdminPlan(row, config.payments.currency, counts)) };
}

function toAdminPlan(
  row: PlanRow,
  siteCurrency: string,
  counts: Awaited<ReturnType<typeof repository.purchaseCounts>>,
): AdminPlan {
  return {
    ...toPlan(row, siteCurrency),
    purchases: counts.purchases.get(row.id) ?? 0,
    activeHolders: counts.holders.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function adminPlan(deps: Deps, row: PlanRow): Promise<AdminPlan> {
  return toAdminPlan(row, deps.config.payments.currency, await repository.purchaseCounts(deps.db, deps.clock()));
}

const nameTaken = () => conflict(PLAN_MESSAGES.nameTaken);

type PlanShape = Pick<PlanRow, 'familySeats' | 'premiumArticles' | 'renewsEvery' | 'freeDays'>;

/**
 * Rules across fields: members share the owner's access in full, so a plan of several accounts cannot count
 * premium articles, nor can a renewing plan (its periods never add up); free days come before a renewing plan's
 * first charge only.
 */
function checkShape(plan: PlanShape) {
  if (plan.familySeats > 1 && plan.premiumArticles !== null)
    throw badRequest(PLAN_MESSAGES.familyNeedsFullAccess, { familySeats: [PLAN_MESSAGES.familyNeedsFullAccess] });
  if (plan.renewsEvery && plan.premiumArticles !== null)
    throw badRequest(PLAN_MESSAGES.renewingNeedsFullAccess, {
      premiumArticles: [PLAN_MESSAGES.renewingNeedsFullAccess],
    });
  if (!plan.renewsEvery && plan.freeDays > 0)
    throw badRequest(PLAN_MESSAGES.freeDaysNeedRenewal, { freeDays: [PLAN_MESSAGES.freeDaysNeedRenewal] });
}

/** A renewing plan lasts its interval, whatever duration was given with it. */
const durationOf = (durationMinutes: number, renewsEvery: PlanRow['renewsEvery']) =>
  renewsEvery ? RENEWAL_MINUTES[renewsEvery] : durationMinutes;

/** The row's columns of an input (any part of it). */
function toColumns(input: PlanPatch): Partial<repository.NewPlan> {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.price !== undefined && { priceMinor: toMinorUnits(input.price) }),
    ...(input.currency !== undefined && { currency: input.currency }),
    ...(input.durationMinutes !== undefined && { durationMinutes: input.durationMinutes }),
    ...(input.features !== undefined && { features: input.features }),
    ...(input.premiumArticles !== undefined && { premiumArticles: input.premiumArticles }),
    ...(input.familySeats !== undefined && { familySeats: input.familySeats }),
    ...(input.visibility !== undefined && { visibility: input.visibility }),
    ...(input.renewsEvery !== undefined && { renewsEvery: input.renewsEvery }),
    ...(input.freeDays !== undefined && { freeDays: input.freeDays }),
  };
}

/** What changed, for the record: the fields given, as given. */
const describe = (id: string, input: PlanPatch) => `${id}: ${JSON.stringify(input)}`;

/**
 * A new plan: its id a slug of its name ("-2", "-3"… when taken), placed last. Names are unique ignoring case;
 * a site holds at most PLAN_LIMITS.plansMax plans, archived ones included.
 */
export async function createPlan(deps: ChangeDeps, admin: Viewer, input: PlanInput): Promise<AdminPlan> {
  const now = deps.clock();
  const row = await commit(deps, async (tx, after) => {
    await repository.lockPlans(tx);
    const existing = await repository.listAll(tx);
    if (existing.length >= PLAN_LIMITS.plansMax) throw conflict(PLAN_MESSAGES.tooManyPlans);
    if (await repository.findByName(tx, input.name)) throw nameTaken();
    const renewsEvery = input.renewsEvery ?? null;
    const shape = {
      familySeats: input.familySeats ?? 1,
      premiumArticles: input.premiumArticles,
      renewsEvery,
      freeDays: input.freeDays ?? 0,
    };
    checkShape(shape);
    const slug = slugify(input.name).slice(0, 56).replace(/-+$/, '') || 'plan';
    const position = Math.max(0, ...existing.map((plan) => plan.position)) + 1;
    for (let n = 1; n <= MAX_SLUG_NUMBER; n += 1) {
      const created = await repository.insertIfFree(tx, {
        id: numberedSlug(slug, n),
        name: input.name,
        priceMinor: toMinorUnits(input.price),
        currency: input.currency ?? null,
        durationMinutes: durationOf(input.durationMinutes, renewsEvery),
        features: input.features,
        ...shape,
        position,
        visibility: input.visibility,
        createdAt: now,
        updatedAt: now,
      });
      if (created) {
        after.stale('plans');
        await recordAction(tx, {
          actorId: admin.id,
          action: 'plan-create',
          detail: describe(created.id, input),
          at: now,
        });
        return created;
      }
    }
    throw nameTaken();
  });
  return adminPlan(deps, row);
}

/** Any part of a plan; a change that would leave no plan listed is refused. */
export async function updatePlan(deps: ChangeDeps, admin: Viewer, id: string, patch: PlanPatch): Promise<AdminPlan> {
  const now = deps.clock();
  const row = await commit(deps, async (tx, after) => {
    await repository.lockPlans(tx);
    const existing = await repository.listAll(tx);
    const plan = existing.find((candidate) => candidate.id === id);
    if (!plan) throw notFound(PLAN_MESSAGES.planNotFound);
    const renewsEvery = patch.renewsEvery !== undefined ? patch.renewsEvery : plan.renewsEvery;
    checkShape({
      familySeats: patch.familySeats ?? plan.familySeats,
      premiumArticles: patch.premiumArticles !== undefined ? patch.premiumArticles : plan.premiumArticles,
      renewsEvery,
      freeDays: patch.freeDays ?? (patch.renewsEvery === null ? 0 : plan.freeDays),
    });
    if (patch.name !== undefined) {
      const named = await repository.findByName(tx, patch.name);
      if (named && named.id !== id) throw nameTaken();
    }
    if (patch.visibility !== undefined && patch.visibility !== 'listed') {
      const othersListed = existing.some((candidate) => candidate.id !== id && candidate.visibility === 'listed');
      if (!othersListed) throw conflict(PLAN_MESSAGES.lastListedPlan);
    }
    const columns = toColumns(patch);
    // A plan made a pass again loses its free days; a renewing plan's duration is its interval's.
    if (patch.renewsEvery === null && patch.freeDays === undefined) columns.freeDays = 0;
    if (renewsEvery || patch.renewsEvery === null)
      columns.durationMinutes = durationOf(patch.durationMinutes ?? plan.durationMinutes, renewsEvery);
    const updated = await repository.update(tx, id, { ...columns, updatedAt: now });
    after.stale('plans');
    await recordAction(tx, { actorId: admin.id, action: 'plan-update', detail: describe(id, patch), at: now });
    return updated!;
  });
  return adminPlan(deps, row);
}

/** The new order: every plan's id exactly once. */
export async function reorderPlans(deps: ChangeDeps, admin: Viewer, ids: string[]): Promise<{ plans: AdminPlan[] }> {
  const now = deps.clock();
  await commit(deps, async (tx, after) => {
    await repository.lockPlans(tx);
    const existing = await repository.listAll(tx);
    const known = new Set(existing.map((plan) => plan.id));
    const given = new Set(ids);
    if (given.size !== ids.length || given.size !== known.size || ids.some((id) => !known.has(id))) {
      throw badRequest(PLAN_MESSAGES.orderInvalid, { ids: [PLAN_MESSAGES.orderInvalid] });
    }
    for (const [index, id] of ids.entries()) await repository.setPosition(tx, id, index + 1, now);
    after.stale('plans');
    await recordAction(tx, { actorId: admin.id, action: 'plan-reorder', detail: ids.join(', '), at: now });
  });
  return getAdminPlans(deps);
}
