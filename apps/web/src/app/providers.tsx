import { TIMINGS } from '@dispatch/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider } from '../lib/auth';

// No toast is due at the first paint: react-toastify loads just after it (lib/lazy-toast.ts).
const ToastContainer = lazy(async () => ({ default: (await import('react-toastify')).ToastContainer }));

/** Everything a route needs around it: the one query client, auth, and the one toast container. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={TIMINGS.toastAutoCloseMs}
            pauseOnHover
            pauseOnFocusLoss
            theme="light"
          />
        </Suspense>
      </AuthProvider>
    </QueryClientProvider>
  );
}
