import { useEffect } from 'react';
import { useNavigate, type To } from 'react-router';
import { useHydrated } from '../hooks/use-hydrated';

/**
 * Goes to `to` once mounted. Unlike <Navigate>, it may render on the server: the page's HTML is then
 * empty there, and the browser moves on once it has hydrated that HTML (the hydrated flag has turned true),
 * never in the same render as hydration's last steps.
 */
export function Redirect({ to, state }: { to: To; state?: unknown }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) void navigate(to, { replace: true, state });
  }, [hydrated, navigate, to, state]);
  return null;
}
