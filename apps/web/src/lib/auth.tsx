import { API_MESSAGES, STORAGE_KEYS, type User } from '@dispatch/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { ApiError, apiRequest, lazySchema, readStoredToken, setAuthTokenEnabled, writeStoredToken } from './api-client';
import { apiPaths } from './paths';

export const authKeys = {
  all: ['auth'] as const,
  // Keyed by token so that a new sign-in (here or in another tab) can never show the previous user.
  session: (token: string | null) => [...authKeys.all, 'session', token] as const,
};

/** The user a token belongs to, or null once the server no longer accepts it (the token is then forgotten). */
export async function getSession(token: string, signal?: AbortSignal): Promise<User | null> {
  try {
    const { user } = await apiRequest(apiPaths.session, lazySchema('session'), { token, signal });
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      if (readStoredToken() === token) writeStoredToken(null);
      return null;
    }
    throw error;
  }
}

export interface AuthState {
  user: User | null;
  /** True until we know whether someone is signed in (docs/product.md#article-status). */
  loading: boolean;
  /** Keeps a token the server issued together with its user (the login answer carries both). */
  keepSession: (token: string, user: User) => void;
  /** Keeps a token the server issued after loading its user (Google sign-in hands over only a token). */
  signIn: (token: string) => Promise<User>;
  /** Forgets the session in this browser: the stored token, the user and every cached answer. */
  signOut: () => void;
  /** Replaces the signed-in user after their profile changed, so the navbar photo follows. */
  setUser: (user: User) => void;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * `initialToken` is for server rendering, where the session comes from the page cookie rather than a token
 * in localStorage (it names it by its token's tag); the query cache then already holds its session.
 */
export function AuthProvider({ children, initialToken }: { children: ReactNode; initialToken?: string | null }) {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() =>
    initialToken === undefined ? readStoredToken() : initialToken,
  );

  const session = useQuery({
    queryKey: authKeys.session(token),
    queryFn: ({ signal }) => (token ? getSession(token, signal) : null),
    enabled: token !== null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  // A session lookup that keeps failing (server unreachable) ends loading as anonymous but keeps the
  // token, so the next visit tries again.
  const loading = token !== null && session.isPending;
  const user = token !== null ? (session.data ?? null) : null;

  // docs/product.md#who-may-call-what: the client sends the token only once loading has finished. A layout effect, so the flag
  // is set before any child's query starts fetching in the same commit.
  useLayoutEffect(() => {
    setAuthTokenEnabled(!loading);
    return () => setAuthTokenEnabled(false);
  }, [loading]);

  // Logging in or out in another tab changes this one too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.token) return;
      const next = readStoredToken();
      setToken(next);
      if (next === null) queryClient.clear();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  // A session can end while the page is open (logout elsewhere, expiry): any 401 makes us ask the
  // server again, and the session lookup forgets a token it no longer accepts.
  useEffect(() => {
    if (!token) return;
    const recheck = (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) {
        void queryClient.invalidateQueries({ queryKey: authKeys.session(token) });
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && event.query.queryKey[0] !== authKeys.all[0]) {
        recheck(event.action.error);
      }
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, token]);

  const keepSession = useCallback(
    (next: string, signedIn: User) => {
      writeStoredToken(next);
      queryClient.setQueryData(authKeys.session(next), signedIn);
      setToken(next);
    },
    [queryClient],
  );

  const signIn = useCallback(
    async (next: string) => {
      const signedIn = await queryClient.fetchQuery({
        queryKey: authKeys.session(next),
        queryFn: () => getSession(next),
      });
      if (!signedIn) throw new ApiError({ status: 401, code: 'UNAUTHORIZED', message: API_MESSAGES.sessionExpired });
      keepSession(next, signedIn);
      return signedIn;
    },
    [queryClient, keepSession],
  );

  const signOut = useCallback(() => {
    writeStoredToken(null);
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  const setUser = useCallback(
    (next: User) => {
      if (token) queryClient.setQueryData(authKeys.session(token), next);
    },
    [queryClient, token],
  );

  const state = useMemo<AuthState>(
    () => ({ user, loading, keepSession, signIn, signOut, setUser }),
    [user, loading, keepSession, signIn, signOut, setUser],
  );

  return <AuthContext value={state}>{children}</AuthContext>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
