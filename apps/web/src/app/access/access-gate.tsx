import { answerAccess, type AccessRule } from '@dispatch/shared';
import { useMemo } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { LoadingState } from '../../components/states';
import { useViewer } from '../../hooks/use-viewer';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { returnState } from '../../lib/return-to';
import { accessRulesOf } from '../route-handle';
import { useNow } from '../../hooks/use-now';

const needsRole = (rule: AccessRule | undefined) => rule === 'admin' || rule === 'premium-list';

/**
 * The element of a route whose handle says who may open its pages (docs/product.md#who-may-call-what). It
 * answers the rules of every route the address matches with `answerAccess`, as the server's render and the
 * API do: an anonymous visitor goes to /login with the page they wanted, so login can bring them back; a
 * reader who is not an admin to /forbidden; one who may not list premium articles to /subscription.
 *
 * It waits while the session loads; without a session it answers from the session alone. A rule that needs
 * the role waits for the role lookup too (`RoleGate`).
 */
export function AccessGate() {
  const rules = accessRulesOf(useMatches());
  const { user, loading } = useAuth();
  const location = useLocation();
  // useMatches renders this again on every change of the router's state, a navigation away included: a new
  // state object would make <Navigate> navigate again, over the navigation under way (a logout's to /login).
  const comeBack = useMemo(() => returnState(location), [location]);
  const now = useNow();
  if (loading) return <LoadingState />;
  if (!user && answerAccess(rules, null, now) === 'sign-in') {
    return <Navigate to={paths.login} replace state={comeBack} />;
  }
  return user && rules.some(needsRole) ? <RoleGate rules={rules} /> : <Outlet />;
}

/**
 * A signed-in reader on a page whose rules need their role: it waits for the role lookup, so an admin is
 * never bounced by the default role, and for a lookup on its way when the cached role says no, so a reader
 * who has just paid (here or in another tab) is not bounced by a stale answer. It is answered again when
 * premium runs out (`useViewer`), so a lapse sends the reader away without a reload.
 */
function RoleGate({ rules }: { rules: (AccessRule | undefined)[] }) {
  const { roleLoading, roleFetching, viewer } = useViewer();
  const now = useNow();
  if (roleLoading) return <LoadingState />;
  const answer = answerAccess(rules, viewer, now);
  if (answer === 'forbidden') return <Navigate to={paths.forbidden} replace />;
  if (answer === 'subscribe') return roleFetching ? <LoadingState /> : <Navigate to={paths.subscription} replace />;
  return <Outlet />;
}
