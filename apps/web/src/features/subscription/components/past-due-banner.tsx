import { SUBSCRIPTION_TEXT } from '@dispatch/shared';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * On every page while the reader's subscription is past due (docs/product.md#renewing-subscriptions): a renewal
 * failed, premium lasts through the grace period, and another card on /profile keeps it.
 */
export function PastDueBanner() {
  return (
    <div role="status" className="border-t border-red-300 bg-red-50 text-red-950">
      <p className="container-page flex flex-wrap items-center justify-center gap-x-4 gap-y-1 py-2 text-center text-sm">
        <span>{SUBSCRIPTION_TEXT.banner}</span>
        <Link to={paths.profileSubscription} className="font-semibold underline underline-offset-2">
          {SUBSCRIPTION_TEXT.bannerAction}
        </Link>
      </p>
    </div>
  );
}
