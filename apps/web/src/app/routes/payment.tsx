import {
  defaultPlan,
  formatPrice,
  PLAN_MESSAGES,
  PLAN_SALE_TEXT,
  planNote,
  SUBSCRIPTION_TEXT,
  TEXT,
  type Plan,
} from '@dispatch/shared';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Checkout } from '../../features/payment/components/checkout';
import { OrderSummary } from '../../features/payment/components/order-summary';
import { FALLBACK_CONFIG, useConfig } from '../../lib/site-config';
import { readStoredPlanId } from '../../features/subscription/utils/plan-choice';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { plansQueryOptions, usePlan } from '../../api/plans';
import { usePaymentIntent } from '../../api/payments';
import { PageTitle } from '../../components/page-title';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useHydrated } from '../../hooks/use-hydrated';

/** /payment, signed in only, and in its own chunk (docs/conventions.md#web-conventions): pays for the stored choice, or the default plan. */
export function PaymentRoute() {
  // The plan is this browser's choice: the server cannot know it, so its HTML says "Loading" instead.
  return useHydrated() ? <ChosenPlan /> : <LoadingState />;
}

function PaymentFrame({
  heading,
  intro = TEXT.paymentPage.intro,
  children,
}: {
  heading: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="payment-heading" className="container-page max-w-4xl py-10 sm:py-14">
      <PageTitle title={heading} />
      <div className="border-t-4 border-double border-ink pt-4">
        <h1 id="payment-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {heading}
        </h1>
        <p className="mt-2 text-ink-soft">{intro}</p>
      </div>
      {children}
    </section>
  );
}

/** The stored choice's plan as the server has it now (its price, not storage's), or the default plan. */
function ChosenPlan() {
  const [storedId] = useState(readStoredPlanId);
  const stored = usePlan(storedId);
  // Only without a stored choice: then the default plan is the one offered.
  const plans = useQuery({ ...plansQueryOptions(), enabled: !storedId });

  if (storedId) {
    if (stored.isPending) return <LoadingState />;
    if (stored.isError) {
      if (stored.error instanceof ApiError && stored.error.status === 404) {
        return (
          <PaymentFrame heading={PLAN_SALE_TEXT.unavailableHeading}>
            <div className="mt-8">
              <EmptyState message={PLAN_MESSAGES.planUnavailable}>
                <Link to={paths.subscription} className="btn btn-accent">
                  {TEXT.paymentPage.changePlan}
                </Link>
              </EmptyState>
            </div>
          </PaymentFrame>
        );
      }
      return <ErrorState onRetry={() => void stored.refetch()} />;
    }
    return <Payment plan={stored.data} />;
  }
  if (plans.isPending) return <LoadingState />;
  if (plans.isError) return <ErrorState onRetry={() => void plans.refetch()} />;
  const plan = defaultPlan(plans.data);
  if (!plan) return <EmptyState message={PLAN_SALE_TEXT.noneOnSale} />;
  return <Payment plan={plan} />;
}

/**
 * The plan as this reader's checkout offers it: its free days are the intent's answer (an account's first renewing
 * subscription only), none until the answer comes, so the page never promises free days the server does not give.
 */
function useOffer(plan: Plan): Plan {
  const intent = usePaymentIntent(plan.id);
  return { ...plan, freeDays: intent.data?.freeDays ?? 0 };
}

function Payment({ plan: chosen }: { plan: Plan }) {
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const navigate = useNavigate();
  const plan = useOffer(chosen);

  const heading = plan.renewsEvery
    ? SUBSCRIPTION_TEXT.checkoutHeading(planNote(plan))
    : TEXT.paymentPage.heading(formatPrice(plan.price, plan.currency), plan.label);
  const onPaid = () => {
    toast.success(TEXT.toast.subscriptionSuccess);
    void navigate(paths.premiumArticles, { replace: true });
  };

  return (
    <PaymentFrame heading={heading} intro={plan.renewsEvery ? SUBSCRIPTION_TEXT.checkoutIntro : undefined}>
      <div className="mt-8 grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_18rem]">
        <OrderSummary plan={plan} />
        <div className="panel md:order-first">
          <Checkout plan={plan} stripePublishableKey={config.stripePublishableKey} onPaid={onPaid} />
        </div>
      </div>
    </PaymentFrame>
  );
}
