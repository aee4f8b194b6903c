import {
  canListPremium,
  hasPremiumAccess,
  hasPremiumNow,
  type Role,
  type RoleRecord,
  type User,
  type Viewer,
} from '@dispatch/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { apiRequest, liveSchema } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { apiPaths } from '../lib/paths';
import { useNow } from './use-now';

export const viewerKeys = {
  all: ['viewer'] as const,
  role: (email: string) => [...viewerKeys.all, 'role', email] as const,
};

export function getRole(email: string, signal?: AbortSignal): Promise<RoleRecord> {
  return apiRequest(apiPaths.role, liveSchema('role'), { query: { email }, signal });
}

/** docs/product.md#article-status: before or without the role lookup, a viewer is a plain user without premium. */
const DEFAULT_ROLE: RoleRecord = { role: 'user', premiumTaken: null };

/** The role answer as the shared access rules take it: a limited plan names how many premium articles it includes. */
export function accessFacts(
  record: RoleRecord,
): Pick<Viewer, 'role' | 'premiumTaken' | 'premiumArticles' | 'renewing'> {
  return {
    role: record.role,
    premiumTaken: record.premiumTaken,
    premiumArticles: record.premiumArticles?.included ?? null,
    ...(record.renewing && { renewing: record.renewing }),
  };
}

/** Pages that merely read the role reuse an answer this fresh; the navbar always asks again. */
const ROLE_STALE_MS = 30_000;

export interface ViewerState {
  user: User | null;
  loading: boolean;
  /** True while a signed-in viewer's role is not known yet; guards wait for it, links do not. */
  roleLoading: boolean;
  /** True while the role lookup is being asked again (the cached answer is still shown meanwhile). */
  roleFetching: boolean;
  role: Role;
  premiumTaken: string | null;
  /** Null: access (while it lasts) opens every premium article; otherwise how many the plan includes and has opened. */
  premiumArticles: { included: number; opened: number } | null;
  /** The viewer as the shared access rules take it; null for anonymous visitors. */
  viewer: Viewer | null;
  isAdmin: boolean;
  isPremium: boolean;
  /** Premium pages: unexpired premium, or an admin. */
  hasPremiumAccess: boolean;
  /** The premium list: any unexpired access (a pass with a number of articles too) or an admin. */
  canListPremium: boolean;
  /** Parental controls are on (docs/product.md#parental-controls): no gift links, no closing the account alone. */
  youngReader: boolean;
  /** A young reader's hidden tags: no filter or list offers them. Empty for anyone else. */
  hiddenTags: readonly string[];
  /** A renewal of their subscription failed (docs/product.md#renewing-subscriptions): pages ask for another card. */
  pastDue: boolean;
  /** They have had a renewing subscription: a renewing plan's free days are not theirs again. */
  freeDaysUsed: boolean;
}

const NO_TAGS: readonly string[] = [];

/** setTimeout's longest delay (about 24.8 days); a longer premium is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Renders again the moment premium runs out, so isPremium turns false (the navbar link goes, the premium
 * guard sends the reader away) without a reload or a new lookup.
 */
function useRerenderAtExpiry(premiumTaken: string | null): void {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!premiumTaken) return;
    const remaining = new Date(premiumTaken).getTime() - Date.now();
    if (!(remaining > 0)) return;
    const timer = setTimeout(() => setStep((value) => value + 1), Math.min(remaining + 1, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [premiumTaken, step]);
}

interface ViewerOptions {
  /** Ask the server again on every mount and window focus, whatever the cache holds (the navbar). */
  live?: boolean;
}

/** Who is looking, with their role and premium expiry from the role lookup (docs/product.md#article-status). */
export function useViewer({ live = false }: ViewerOptions = {}): ViewerState {
  const { user, loading } = useAuth();
  const email = user?.email ?? '';
  const roleQuery = useQuery({
    queryKey: viewerKeys.role(email),
    queryFn: ({ signal }) => getRole(email, signal),
    // A page shared by an audience came with its role, for a reader with no e-mail (AUDIENCE_USER).
    enabled: user !== null && !loading && email !== '',
    staleTime: ROLE_STALE_MS,
    refetchOnMount: live ? 'always' : true,
    refetchOnWindowFocus: live ? 'always' : true,
  });
  const record = roleQuery.data ?? DEFAULT_ROLE;
  const { role, premiumTaken } = record;
  const facts = accessFacts(record);
  useRerenderAtExpiry(premiumTaken);
  const now = useNow();
  return {
    user,
    loading,
    roleLoading: user !== null && roleQuery.isPending,
    roleFetching: roleQuery.isFetching,
    role,
    premiumTaken,
    premiumArticles: record.premiumArticles ?? null,
    viewer: user ? { email: user.email, ...facts } : null,
    isAdmin: role === 'admin',
    isPremium: hasPremiumNow(facts, now),
    hasPremiumAccess: user !== null && hasPremiumAccess(facts, now),
    canListPremium: user !== null && canListPremium(facts, now),
    youngReader: record.youngReader === true,
    hiddenTags: record.hiddenTags ?? NO_TAGS,
    pastDue: record.pastDue === true,
    freeDaysUsed: record.freeDaysUsed === true,
  };
}

/**
 * The navbar's view of the viewer: the role lookup runs again when it mounts, on window focus, on
 * every route change and when premium runs out here, so a promotion, a renewal elsewhere or a lapsed
 * subscription shows without a reload.
 */
export function useLiveViewer(): ViewerState {
  const state = useViewer({ live: true });
  const queryClient = useQueryClient();
  const { key } = useLocation();
  const signedIn = state.user !== null;
  const { isPremium } = state;

  useEffect(() => {
    if (!signedIn) return;
    // cancelRefetch: false joins a lookup already on its way (the one the mount started) instead of restarting it.
    void queryClient.invalidateQueries({ queryKey: viewerKeys.all }, { cancelRefetch: false });
  }, [key, signedIn, isPremium, queryClient]);

  return state;
}
