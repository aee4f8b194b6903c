import { formatPrice, PLAN_MESSAGES, PLAN_TEXT, type AdminPlan } from '@dispatch/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { table } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useReorderPlans } from '../api/reorder-plans';
import { useUpdatePlan } from '../api/update-plan';

const C = PLAN_TEXT.columns;
const nameId = (id: string) => `plan-${id}`;

function visibilityClass(visibility: AdminPlan['visibility']) {
  const tone = {
    listed: 'border-emerald-300 bg-emerald-50 text-emerald-900',
    unlisted: 'border-sky-300 bg-sky-50 text-sky-900',
    archived: 'border-stone-300 bg-stone-50 text-stone-800',
  }[visibility];
  return `inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`;
}

/** A plan sold by its link only: the link, to copy and send. */
function BuyLink({ plan, publicUrl }: { plan: AdminPlan; publicUrl: string }) {
  const url = `${publicUrl || window.location.origin}${paths.subscriptionFor(plan.id)}`;
  const copy = () => {
    navigator.clipboard?.writeText(url).then(
      () => toast.success(PLAN_TEXT.linkCopied),
      () => undefined,
    );
  };
  return (
    <span className="flex w-full min-w-0 flex-col gap-1">
      <span className="text-xs font-semibold text-ink-soft">{PLAN_TEXT.planLink}</span>
      <a href={url} className="text-xs break-all text-accent underline-offset-2 hover:underline">
        {url}
      </a>
      <button
        type="button"
        onClick={copy}
        aria-describedby={nameId(plan.id)}
        className="btn btn-outline self-start px-3 py-1 text-xs"
      >
        {PLAN_TEXT.copyLink}
      </button>
    </span>
  );
}

/** A pass's duration ("5 Days"); a renewing plan's interval, and its free days before the first charge. */
function Duration({ plan }: { plan: AdminPlan }) {
  if (!plan.renewsEvery) return plan.label;
  return (
    <>
      <span>{PLAN_TEXT.renews(plan.label)}</span>
      {plan.freeDays > 0 && (
        <>
          {' '}
          <span className="text-ink-soft md:block">{PLAN_TEXT.afterFreeDays(plan.freeDays)}</span>
        </>
      )}
    </>
  );
}

interface PlansTableProps {
  plans: AdminPlan[];
  publicUrl: string;
  onEdit: (plan: AdminPlan) => void;
}

/** Every plan in the order readers see them, with what it sold; edit, archive or list again, and move. */
export function PlansTable({ plans, publicUrl, onEdit }: PlansTableProps) {
  const update = useUpdatePlan();
  const reorder = useReorderPlans();
  const [archiving, setArchiving] = useState<AdminPlan | null>(null);

  const move = (index: number, by: -1 | 1) => {
    const ids = plans.map((plan) => plan.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, {
      onSuccess: () => toast.success(PLAN_MESSAGES.reordered),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const setVisibility = (plan: AdminPlan, visibility: AdminPlan['visibility'], done: string) =>
    update.mutate(
      { id: plan.id, patch: { visibility } },
      {
        onSuccess: () => toast.success(done),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  const busy = update.isPending || reorder.isPending;
  return (
    <>
      <div className={table.wrapper}>
        <table className={table.table}>
          <thead className={table.head}>
            <tr>
              {[
                C.name,
                C.price,
                C.duration,
                C.articles,
                C.accounts,
                C.visibility,
                C.purchases,
                C.holders,
                PLAN_TEXT.actions,
              ].map((label) => (
                <th key={label} scope="col" className={table.headCell}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={table.body}>
            {plans.map((plan, index) => (
              <tr key={plan.id} className={table.row}>
                <th scope="row" data-label={C.name} className={`${table.cell} font-semibold text-ink md:max-w-64`}>
                  <span id={nameId(plan.id)} className="min-w-0 break-words">
                    {plan.name}
                  </span>
                </th>
                <td data-label={C.price} className={`${table.cell} tabular-nums`}>
                  {formatPrice(plan.price, plan.currency)}
                </td>
                <td data-label={C.duration} className={table.cell}>
                  <Duration plan={plan} />
                </td>
                <td data-label={C.articles} className={`${table.cell} tabular-nums`}>
                  {plan.premiumArticles === null ? PLAN_TEXT.allArticles : plan.premiumArticles}
                </td>
                <td data-label={C.accounts} className={`${table.cell} tabular-nums`}>
                  {PLAN_TEXT.accounts(plan.familySeats)}
                </td>
                <td data-label={C.visibility} className={table.cell}>
                  <span className={visibilityClass(plan.visibility)}>{PLAN_TEXT.visibility[plan.visibility]}</span>
                  {plan.visibility === 'unlisted' && <BuyLink plan={plan} publicUrl={publicUrl} />}
                </td>
                <td data-label={C.purchases} className={`${table.cell} tabular-nums`}>
                  {plan.purchases}
                </td>
                <td data-label={C.holders} className={`${table.cell} tabular-nums`}>
                  {plan.activeHolders}
                </td>
                <td data-label={PLAN_TEXT.actions} className={table.cell}>
                  <span className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      onClick={() => onEdit(plan)}
                      aria-describedby={nameId(plan.id)}
                      className="btn btn-outline px-3 py-1.5"
                    >
                      {PLAN_TEXT.edit}
                    </button>
                    {plan.visibility === 'archived' ? (
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => setVisibility(plan, 'listed', PLAN_MESSAGES.saved)}
                        aria-describedby={nameId(plan.id)}
                        className="btn btn-outline px-3 py-1.5"
                      >
                        {PLAN_TEXT.restore}
                      </button>
                    ) : (
                      <button
                        type="button"
                        disabled={busy}
                        onClick={() => setArchiving(plan)}
                        aria-describedby={nameId(plan.id)}
                        className="btn btn-outline px-3 py-1.5"
                      >
                        {PLAN_TEXT.archive}
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={busy || index === 0}
                      onClick={() => move(index, -1)}
                      aria-describedby={nameId(plan.id)}
                      className="btn btn-outline px-3 py-1.5"
                    >
                      {PLAN_TEXT.moveUp}
                    </button>
                    <button
                      type="button"
                      disabled={busy || index === plans.length - 1}
                      onClick={() => move(index, 1)}
                      aria-describedby={nameId(plan.id)}
                      className="btn btn-outline px-3 py-1.5"
                    >
                      {PLAN_TEXT.moveDown}
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={archiving !== null}
        onOpenChange={(open) => {
          if (!open) setArchiving(null);
        }}
        title={PLAN_TEXT.archiveTitle}
        description={archiving ? PLAN_TEXT.archiveBody(archiving.name) : ''}
        confirmLabel={PLAN_TEXT.archive}
        tone="danger"
        onConfirm={() => {
          if (archiving) setVisibility(archiving, 'archived', PLAN_MESSAGES.archived);
        }}
      />
    </>
  );
}
