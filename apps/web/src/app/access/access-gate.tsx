import { answerAccess } from '@dispatch/shared';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { LoadingState } from '../../components/states';
import { useViewer } from '../../hooks/use-viewer';
import { paths } from '../../lib/paths';
import { returnState } from '../../lib/return-to';
import { accessRulesOf } from '../route-handle';

/**
 * The element of a route whose handle says who may open its pages (docs/product.md#who-may-call-what). It
 * answers the rules of every route the address matches with `answerAccess`, as the server's render and the
 * API do: an anonymous visitor goes to /login with the page they wanted, so login can bring them back; a
 * reader who is not an admin to /forbidden; one who may not list premium articles to /subscription.
 *
 * It waits while the session loads and, for a rule that needs it, the role lookup, so an admin is never
 * bounced by the default role; and for a lookup on its way when the cached role says no, so a reader who has
 * just paid (here or in another tab) is not bounced by a stale answer. It is answered again when premium
 * runs out (`useViewer`), so a lapse sends the reader away without a reload.
 */
export function AccessGate() {
  const rules = accessRulesOf(useMatches());
  const { loading, roleLoading, roleFetching, viewer } = useViewer();
  const location = useLocation();
  const needsRole = rules.some((rule) => rule === 'admin' || rule === 'premium-list');
  if (loading || (needsRole && roleLoading)) return <LoadingState />;
  const answer = answerAccess(rules, viewer, new Date());
  if (answer === 'sign-in') return <Navigate to={paths.login} replace state={returnState(location)} />;
  if (answer === 'forbidden') return <Navigate to={paths.forbidden} replace />;
  if (answer === 'subscribe') return roleFetching ? <LoadingState /> : <Navigate to={paths.subscription} replace />;
  return <Outlet />;
}
