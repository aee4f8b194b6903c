import { BILLING_TEXT } from '@dispatch/shared';
import { formatDate } from '../../../lib/format-date';

/**
 * For a reader whose premium has run out: when it ended. They land here from /premium-articles, which sends
 * readers without premium to /subscription (docs/product.md#premium-articles), so this says why, as /profile
 * says it.
 */
export function PremiumEnded({ premiumTaken }: { premiumTaken: string }) {
  return (
    <div role="status" className="rounded-md border border-accent-line/60 border-l-4 bg-accent-wash px-5 py-4">
      <p className="text-[0.9375rem] font-medium text-ink">{BILLING_TEXT.endedOn(formatDate(premiumTaken))}</p>
    </div>
  );
}
