import {
  ACCESS_TEXT,
  BILLING_TEXT,
  imageSrcSet,
  isPremium,
  SUBSCRIPTION_TEXT,
  TEXT,
  type AdminUser,
  type User,
} from '@dispatch/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { ShieldIcon } from '../../../components/icons';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { table } from '../../../components/data-table';
import { dayFormat, formatDate } from '../../../lib/format-date';
import { useMakeAdmin } from '../api/make-admin';
import { EmailText } from './email-text';

const D = TEXT.dashboard;
const nameId = (id: string) => `user-${id}`;

/** The plan the reader's latest pass bought, or complimentary premium, and until when (or since when it ended). */
function PlanCell({ user }: { user: AdminUser }) {
  const name =
    user.accessSource === 'complimentary' ? ACCESS_TEXT.complimentary : user.accessSource ? user.planName : null;
  if (!name)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{ACCESS_TEXT.noPlan}</span>
      </>
    );
  const active = isPremium(user.premiumTaken, new Date());
  return (
    <span className="block min-w-0">
      <span className="block font-medium break-words text-ink">{name}</span>
      {user.premiumTaken && (
        <span className={`block text-xs tabular-nums ${active ? 'text-ink' : 'text-ink-soft'}`}>
          {(active ? ACCESS_TEXT.accessUntil : ACCESS_TEXT.accessEnded)(formatDate(user.premiumTaken, dayFormat))}
        </span>
      )}
      {user.subscription && <SubscriptionLine subscription={user.subscription} />}
    </span>
  );
}

/** A renewing subscription that is not over: how often it renews, and its state (past due stands out). */
function SubscriptionLine({ subscription }: { subscription: NonNullable<AdminUser['subscription']> }) {
  const S = SUBSCRIPTION_TEXT;
  const state = subscription.cancelAtPeriodEnd ? S.statuses.cancelled : S.statuses[subscription.status];
  const tone = subscription.status === 'past_due' ? 'font-semibold text-danger' : 'text-ink-soft';
  return <span className={`block text-xs ${tone}`}>{S.adminLine(S.intervals[subscription.renewsEvery], state)}</span>;
}

/** The family the reader owns (how many joined, and how many of its accounts are used) or is in (whose). */
function FamilyCell({ family }: { family: AdminUser['family'] }) {
  if (!family)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{ACCESS_TEXT.noFamily}</span>
      </>
    );
  if (family.role === 'member')
    return <span className="min-w-0 break-words text-ink">{ACCESS_TEXT.familyMember(family.owner)}</span>;
  return (
    <span className="block min-w-0">
      <span className="block font-medium text-ink">{ACCESS_TEXT.familyOwner(family.members)}</span>
      <span className="block text-xs text-ink-soft tabular-nums">
        {ACCESS_TEXT.familyAccounts(family.members + 1, family.seats)}
      </span>
    </span>
  );
}

/** docs/product.md#screens /dashboard/all-users: photo, name, e-mail, role; 'Make Admin' after a confirmation, or 'Admin'. */
export function UsersTable({ users, onOpenBilling }: { users: AdminUser[]; onOpenBilling: (user: User) => void }) {
  const promote = useMakeAdmin();
  const [promoting, setPromoting] = useState<User | null>(null);

  const confirm = () => {
    if (!promoting) return;
    promote.mutate(promoting._id, {
      onSuccess: () => toast.success(TEXT.toast.userPromoted),
      onError: () => toast.error(TEXT.toast.promoteFailed),
    });
  };

  return (
    <>
      <div className={table.wrapper}>
        <table className={table.table}>
          <thead className={table.head}>
            <tr>
              {[
                D.photo,
                D.name,
                D.email,
                D.role,
                ACCESS_TEXT.planLabel,
                ACCESS_TEXT.familyLabel,
                BILLING_TEXT.adminButton,
              ].map((label) => (
                <th key={label} scope="col" className={table.headCell}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={table.body}>
            {users.map((user) => (
              <tr key={user._id} className={table.row}>
                <td data-label={D.photo} className={table.cell}>
                  <img
                    src={user.profile_pic}
                    srcSet={imageSrcSet(user.profile_pic)}
                    sizes="40px"
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    className="size-10 rounded-full border border-rule bg-surface-muted object-cover"
                  />
                </td>
                <td data-label={D.name} className={`${table.cell} font-semibold text-ink`}>
                  <span id={nameId(user._id)} className="min-w-0 break-words">
                    {user.name}
                  </span>
                </td>
                <td data-label={D.email} className={`${table.cell} text-ink-soft`}>
                  <span className="min-w-0 break-words">
                    <EmailText email={user.email} />
                  </span>
                </td>
                <td data-label={D.role} className={table.cell}>
                  {user.role === 'admin' ? (
                    <span className="inline-flex items-center gap-1.5 rounded-full border border-ink bg-ink px-3 py-1 text-xs font-semibold text-paper">
                      <ShieldIcon className="size-3.5" />
                      {D.admin}
                    </span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setPromoting(user)}
                      disabled={promote.isPending && promote.variables === user._id}
                      aria-describedby={nameId(user._id)}
                      className="btn btn-outline px-3 py-1.5"
                    >
                      {D.makeAdmin}
                    </button>
                  )}
                </td>
                <td data-label={ACCESS_TEXT.planLabel} className={table.cell}>
                  <PlanCell user={user} />
                </td>
                <td data-label={ACCESS_TEXT.familyLabel} className={table.cell}>
                  <FamilyCell family={user.family} />
                </td>
                <td data-label={BILLING_TEXT.adminButton} className={table.cell}>
                  <button
                    type="button"
                    onClick={() => onOpenBilling(user)}
                    aria-describedby={nameId(user._id)}
                    className="btn btn-outline px-3 py-1.5"
                  >
                    {BILLING_TEXT.adminButton}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ConfirmDialog
        open={promoting !== null}
        onOpenChange={(open) => {
          if (!open) setPromoting(null);
        }}
        title={TEXT.confirm.title}
        description={promoting ? `${promoting.name} ${D.promoteBody}` : ''}
        confirmLabel={D.makeAdmin}
        onConfirm={confirm}
      />
    </>
  );
}
