import { PLAN_MESSAGES, PLAN_SALE_TEXT, SUBSCRIPTION_TEXT, TEXT } from '@dispatch/shared';
import type { LoaderFunctionArgs } from 'react-router';
import { useSearchParams } from 'react-router';
import { PremiumEnded } from '../../features/subscription/components/premium-ended';
import { PremiumUntil } from '../../features/subscription/components/premium-until';
import { SubscriptionForm } from '../../features/subscription/components/subscription-form';
import { useViewer } from '../../hooks/use-viewer';
import { PageTitle } from '../../components/page-title';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { ApiError } from '../../lib/api-client';
import { planQueryOptions, plansQueryOptions, usePlan, usePlans } from '../../api/plans';
import { prefetch } from '../../lib/prefetch';
import { readsOf, type LoaderClient } from '../page-context';

const linkedPlanId = (search: URLSearchParams) => search.get('plan')?.trim() || undefined;

/** The plans on sale and, for `?plan=`, that plan (a plan sold by its link only is not in the list). */
export function subscriptionLoader(clientFor: LoaderClient) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const planId = linkedPlanId(new URL(request.url).searchParams);
    const reads = readsOf(context);
    await Promise.all([
      prefetch(queryClient, plansQueryOptions(), reads?.plans),
      planId ? prefetch(queryClient, planQueryOptions(planId), reads && (() => reads.plan(planId))) : undefined,
    ]);
    return null;
  };
}

function Plans() {
  const [search] = useSearchParams();
  const planId = linkedPlanId(search);
  const plans = usePlans();
  const linked = usePlan(planId);

  if (plans.isPending || (planId && linked.isPending)) return <LoadingState />;
  if (plans.isError) return <ErrorState onRetry={() => void plans.refetch()} />;
  // A link to a plan no longer offered (archived, or never there) says so and offers what is on sale.
  const linkGone =
    planId !== undefined && linked.isError && linked.error instanceof ApiError && linked.error.status === 404;
  if (planId && linked.isError && !linkGone) return <ErrorState onRetry={() => void linked.refetch()} />;
  const linkedPlan = linked.data && linked.data.visibility !== 'archived' ? linked.data : undefined;
  return (
    <>
      {linkGone && (
        <p
          role="alert"
          className="rounded-md border border-accent-line bg-accent-wash px-4 py-3 font-semibold text-ink"
        >
          {PLAN_MESSAGES.planUnavailable}
        </p>
      )}
      {plans.data.length === 0 && !linkedPlan ? (
        <EmptyState message={PLAN_SALE_TEXT.noneOnSale} />
      ) : (
        <SubscriptionForm key={linkedPlan?.id ?? ''} plans={plans.data} linkedPlan={linkedPlan} />
      )}
    </>
  );
}

/** /subscription, signed in only (docs/product.md#screens). */
export function SubscriptionRoute() {
  const { isPremium, premiumTaken } = useViewer();
  // "Nothing renews by itself" is true only while no listed plan renews.
  const renewingListed = usePlans().data?.some((plan) => plan.renewsEvery) === true;

  return (
    <section aria-labelledby="subscription-heading" className="container-page max-w-3xl py-10 sm:py-14">
      <PageTitle title={TEXT.subscription.heading} />
      <div className="border-t-4 border-double border-ink pt-4">
        <h1 id="subscription-heading" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {TEXT.subscription.heading}
        </h1>
        <p className="mt-2 text-ink-soft">
          {renewingListed ? SUBSCRIPTION_TEXT.introWithRenewing : TEXT.subscriptionPage.intro}
        </p>
      </div>
      <div className="mt-8 space-y-4">
        {premiumTaken &&
          (isPremium ? <PremiumUntil premiumTaken={premiumTaken} /> : <PremiumEnded premiumTaken={premiumTaken} />)}
        <Plans />
      </div>
    </section>
  );
}
