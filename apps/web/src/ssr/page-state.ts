import type { User } from '@dispatch/shared';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What a server-rendered page hands to the browser, in a non-executable JSON block (never an inline script). */
export interface PageState {
  /** The viewer the HTML was rendered for. */
  user: User | null;
  /** The end of that viewer's API token (`tokenTagOf`), so the browser can tell whether its stored token is the same session. */
  tokenTag: string | null;
  /** When the HTML was rendered: hydration draws the date and year it shows (hooks/use-now.ts). */
  renderedAt: number;
  queries: DehydratedState;
  router: HydrationState;
}

export const PAGE_STATE_ELEMENT_ID = 'page-state';
