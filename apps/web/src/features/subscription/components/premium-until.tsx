import { TEXT } from '@dispatch/shared';
import { StarIcon } from '../../../components/icons';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

/** For a reader who already has premium: until when it runs, and that a renewal adds to it (docs/architecture/payments.md#granting-premium-once). */
export function PremiumUntil({ premiumTaken }: { premiumTaken: string }) {
  const until = new Date(premiumTaken);
  return (
    <div role="status" className="flex gap-3 rounded-md border border-rule bg-surface px-5 py-4">
      <StarIcon className="mt-0.5 size-5 shrink-0 text-accent" />
      <p className="text-[0.9375rem] text-ink">
        {TEXT.subscriptionPage.activeUntil}{' '}
        <time dateTime={until.toISOString()} className="font-semibold">
          {dateFormat.format(until)}
        </time>
        . <span className="text-ink-soft">{TEXT.subscriptionPage.renewalExtends}</span>
      </p>
    </div>
  );
}
