import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '../../components/states';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { returnState } from '../../lib/return-to';

/**
 * Login-required pages (docs/product.md#screens): wait while auth is loading, send an anonymous visitor to /login
 * with the page they wanted, so login can bring them back. Wrap a page, or use it as the element of a
 * pathless route whose children all need a login.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingState />;
  if (!user) return <Navigate to={paths.login} replace state={returnState(location)} />;
  return children ?? <Outlet />;
}
