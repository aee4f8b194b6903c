import { DAY_MS, BILLING_TEXT, type User } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogFrame } from '../../../components/dialog-frame';
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { errorMessage } from '../../../lib/api-client';
import { useGrantPremium } from '../api/grant-premium';
import { BillingHistory } from './billing-history';
import { SubmitButton } from '../../../components/submit-button';

const T = BILLING_TEXT;

/** `YYYY-MM-DD` of a date in the admin's own time zone, for a date input. */
const dateInputValue = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function GrantForm({ user }: { user: User }) {
  const [until, setUntil] = useState(() => dateInputValue(new Date(Date.now() + 30 * DAY_MS)));
  const grant = useGrantPremium(user.email);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The end of the chosen day, where the admin is.
    grant.mutate(new Date(`${until}T23:59:59`), { onSuccess: () => toast.success(T.granted) });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3 border-t border-rule pt-4">
      <label className="block text-sm font-semibold text-ink">
        {T.grantLabel}
        <input
          type="date"
          required
          value={until}
          min={dateInputValue(new Date())}
          onChange={(event) => setUntil(event.target.value)}
          className="field-control mt-1 block"
        />
      </label>
      <SubmitButton pending={grant.isPending} className="btn btn-accent">
        {T.grant}
      </SubmitButton>
      {grant.isError && (
        <p role="alert" className="field-error w-full">
          {errorMessage(grant.error)}
        </p>
      )}
    </form>
  );
}

/** The users table's Billing: a reader's payments and premium, and a complimentary grant. */
export function BillingDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  return (
    <DialogFrame open={user !== null} onClose={onClose} className="max-w-3xl space-y-4 border-accent p-6 sm:p-8">
      {user && (
        <>
          <Dialog.Title className="text-2xl font-bold break-words text-ink">{T.adminTitle(user.name)}</Dialog.Title>
          <Dialog.Description className="text-ink-soft">{T.adminIntro}</Dialog.Description>
          <BillingHistory email={user.email} renewable={false} />
          <GrantForm user={user} />
          <div className="flex justify-end">
            <Dialog.Close className="btn btn-outline">{T.close}</Dialog.Close>
          </div>
        </>
      )}
    </DialogFrame>
  );
}
