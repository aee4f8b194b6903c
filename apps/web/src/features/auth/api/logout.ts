import { TEXT } from '@dispatch/shared';
import { useMutation } from '@tanstack/react-query';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { ApiError, apiRequest, errorMessage, lazySchema } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { showToast } from '../../../lib/lazy-toast';
import { apiPaths, paths } from '../../../lib/paths';

/** Ends the session on the server: its token stops working at once. */
export async function logout(): Promise<void> {
  try {
    await apiRequest(apiPaths.logout, lazySchema('noContent'), { method: 'POST' });
  } catch (error) {
    // 401: the server has already ended this session (expired, or logged out elsewhere); that is the goal.
    if (error instanceof ApiError && error.status === 401) return;
    throw error;
  }
}

/**
 * docs/product.md#article-status: logout clears the stored token, says 'User logged out!' and goes to /login; a failure is an
 * error toast. When the server could not end the session (offline, server error), the user stays
 * logged in here: dropping the token locally would leave a session alive on the server that this
 * browser could no longer end, so they are kept able to try again.
 */
export function useLogout() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Render the signed-out state first, so the page being left (and any unsaved-changes guard
      // it holds) is gone before the navigation to /login.
      flushSync(signOut);
      showToast('success', TEXT.toast.loggedOut);
      void navigate(paths.login, { replace: true });
    },
    onError: (error) => {
      showToast('error', errorMessage(error));
    },
  });
}
