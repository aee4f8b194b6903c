import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '../../components/states';
import { useViewer } from '../../hooks/use-viewer';
import { paths } from '../../lib/paths';
import { returnState } from '../../lib/return-to';

/**
 * Admin-only pages (docs/product.md#who-may-call-what): anonymous visitors go to /login and come back, signed-in non-admins go
 * to /forbidden. It waits for the role lookup, so an admin is never bounced by the default role.
 */
export function AdminRoute({ children }: { children?: ReactNode }) {
  const { user, loading, roleLoading, isAdmin } = useViewer();
  const location = useLocation();
  if (loading || roleLoading) return <LoadingState />;
  if (!user) return <Navigate to={paths.login} replace state={returnState(location)} />;
  if (!isAdmin) return <Navigate to={paths.forbidden} replace />;
  return children ?? <Outlet />;
}
