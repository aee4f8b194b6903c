import { useEffect } from 'react';
import { useNavigate, type To } from 'react-router';

/**
 * Goes to `to` once mounted. Unlike <Navigate>, it may render on the server: the page's HTML is then
 * empty there, and the browser moves on as soon as it has hydrated it.
 */
export function Redirect({ to, state }: { to: To; state?: unknown }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true, state });
  }, [navigate, to, state]);
  return null;
}
