import { TEXT } from '@dispatch/shared';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';
import { PremiumEnded } from '../../features/subscription/components/premium-ended';
import { PremiumUntil } from '../../features/subscription/components/premium-until';
import { SubscriptionForm } from '../../features/subscription/components/subscription-form';
import { useViewer } from '../../hooks/use-viewer';
import { PageTitle } from '../../components/page-title';

/** /subscription, behind RequireAuth (docs/product.md#screens). */
export function SubscriptionRoute() {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const { isPremium, premiumTaken } = useViewer();

  return (
    <section aria-labelledby="subscription-heading" className="container-page max-w-3xl py-10 sm:py-14">
      <PageTitle title={TEXT.subscription.heading} />
      <div className="border-t-4 border-double border-ink pt-4">
        <h1 id="subscription-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {TEXT.subscription.heading}
        </h1>
        <p className="mt-2 text-ink-soft">{TEXT.subscriptionPage.intro}</p>
      </div>
      <div className="mt-8 space-y-4">
        {premiumTaken &&
          (isPremium ? <PremiumUntil premiumTaken={premiumTaken} /> : <PremiumEnded premiumTaken={premiumTaken} />)}
        <SubscriptionForm currency={config.currency} />
      </div>
    </section>
  );
}
