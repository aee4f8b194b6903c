import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '../../components/states';
import { useViewer } from '../../hooks/use-viewer';
import { paths } from '../../lib/paths';
import { returnState } from '../../lib/return-to';

/**
 * Premium pages (docs/product.md#who-may-call-what): readers with unexpired premium (a pass with a number of
 * premium articles too: it opens them from here) and admins pass, other signed-in readers
 * go to /subscription. It waits for the role lookup, and for a lookup on its way when the cached answer
 * says no, so a reader who has just paid (here or in another tab) is not bounced by a stale answer. The
 * viewer is re-evaluated when premium runs out, so a lapse sends the reader away without a reload.
 */
export function RequirePremium({ children }: { children?: ReactNode }) {
  const { user, loading, roleLoading, roleFetching, canListPremium } = useViewer();
  const location = useLocation();
  if (loading || roleLoading) return <LoadingState />;
  if (!user) return <Navigate to={paths.login} replace state={returnState(location)} />;
  if (canListPremium) return children ?? <Outlet />;
  if (roleFetching) return <LoadingState />;
  return <Navigate to={paths.subscription} replace />;
}
