import type { Plan } from '@dispatch/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { storePlanChoice } from '../utils/plan-choice';

/** docs/product.md#article-status: choosing a plan stores it under `subscriptionPlan` and moves on to payment. */
export function useChoosePlan() {
  const navigate = useNavigate();
  return useCallback(
    (plan: Plan) => {
      storePlanChoice(plan);
      void navigate(paths.payment);
    },
    [navigate],
  );
}
