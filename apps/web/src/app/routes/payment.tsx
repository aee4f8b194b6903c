import { formatPrice, TEXT } from '@dispatch/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Checkout } from '../../features/payment/components/checkout';
import { OrderSummary } from '../../features/payment/components/order-summary';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';
import { chosenPlan } from '../../features/subscription/utils/plan-choice';
import { paths } from '../../lib/paths';
import { PageTitle } from '../../components/page-title';
import { LoadingState } from '../../components/states';
import { useHydrated } from '../../hooks/use-hydrated';

/** /payment, behind RequireAuth and in its own chunk (docs/conventions.md#web-conventions): pays for the stored choice, or the default plan. */
export function PaymentRoute() {
  // The plan is this browser's choice: the server cannot know it, so its HTML says "Loading" instead.
  return useHydrated() ? <Payment /> : <LoadingState />;
}

function Payment() {
  const [plan] = useState(chosenPlan);
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const navigate = useNavigate();

  const heading = TEXT.paymentPage.heading(formatPrice(plan.price, config.currency), plan.label);
  const onPaid = () => {
    toast.success(TEXT.toast.subscriptionSuccess);
    void navigate(paths.premiumArticles, { replace: true });
  };

  return (
    <section aria-labelledby="payment-heading" className="container-page max-w-4xl py-10 sm:py-14">
      <PageTitle title={heading} />
      <div className="border-t-4 border-double border-ink pt-4">
        <h1 id="payment-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {heading}
        </h1>
        <p className="mt-2 text-ink-soft">{TEXT.paymentPage.intro}</p>
      </div>
      <div className="mt-8 grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
        <OrderSummary plan={plan} currency={config.currency} />
        <div className="panel md:order-first">
          <Checkout plan={plan} stripePublishableKey={config.stripePublishableKey} onPaid={onPaid} />
        </div>
      </div>
    </section>
  );
}
