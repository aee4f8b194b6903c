import { TIMINGS } from '@dispatch/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { HydratedProvider, useHydrated } from '../hooks/use-hydrated';
import { RenderedAtProvider } from '../hooks/use-now';
import { AuthProvider } from '../lib/auth';

// No toast is due at the first paint: react-toastify loads just after it (lib/lazy-toast.ts).
const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/** Everything a route needs around it: the one query client, auth, and the one toast container. */
export function AppProviders({
  queryClient,
  initialToken,
  renderedAt = null,
  children,
}: {
  queryClient: QueryClient;
  /** Server rendering only: the session of the page cookie, named by the tag of the browser's token. */
  initialToken?: string | null;
  /** Server rendering and hydration: when the page's HTML was rendered. */
  renderedAt?: number | null;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <RenderedAtProvider value={renderedAt}>
        <HydratedProvider hydrating={renderedAt !== null}>
          <AuthProvider initialToken={initialToken}>
            {children}
            <Toasts />
          </AuthProvider>
        </HydratedProvider>
      </RenderedAtProvider>
    </QueryClientProvider>
  );
}

/** Not part of the server's HTML: no toast is due before the page is hydrated. */
function Toasts() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="top-right"
        autoClose={TIMINGS.toastAutoCloseMs}
        pauseOnHover
        pauseOnFocusLoss
        theme="light"
      />
    </Suspense>
  );
}
