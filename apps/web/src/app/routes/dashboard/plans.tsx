import { PLAN_TEXT, type AdminPlan } from '@dispatch/shared';
import { useState } from 'react';
import { EmptyState, ErrorState, TableSkeleton } from '../../../components/states';
import { useAdminPlans } from '../../../api/plans-admin';
import { PlanFormDialog } from '../../../features/plans/components/plan-form-dialog';
import { PlansTable } from '../../../features/plans/components/plans-table';
import { FALLBACK_CONFIG, useConfig } from '../../../lib/site-config';
import { DashboardHeading } from './dashboard-heading';

/** /dashboard/plans: what readers can buy (docs/product.md#plans), in order, with New plan and each plan's actions. */
export function PlansRoute() {
  const plans = useAdminPlans();
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);

  let content;
  if (plans.isPending) content = <TableSkeleton rows={3} />;
  else if (plans.isError) content = <ErrorState onRetry={() => void plans.refetch()} />;
  else if (plans.data.length === 0) content = <EmptyState message={PLAN_TEXT.empty} />;
  else content = <PlansTable plans={plans.data} publicUrl={config.publicUrl} onEdit={setEditing} />;

  return (
    <section aria-labelledby="plans-heading">
      <DashboardHeading id="plans-heading" title={PLAN_TEXT.pageTitle} intro={PLAN_TEXT.intro} />
      <div className="mb-5 flex justify-end">
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {PLAN_TEXT.newPlan}
        </button>
      </div>
      {content}
      <PlanFormDialog editing={editing} currency={config.currency} onClose={() => setEditing(null)} />
    </section>
  );
}
