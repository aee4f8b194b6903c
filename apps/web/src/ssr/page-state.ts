import type { User } from '@dispatch/shared';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What a server-rendered page hands to the browser, in a non-executable JSON block (never an inline script). */
export interface PageState {
  /** The viewer the HTML was rendered for: AUDIENCE_USER when it was rendered for an audience. */
  user: User | null;
  /**
   * Rendered for every signed-in reader who sees this page alike: who the reader is comes in
   * the PAGE_VIEWER_ELEMENT_ID element, and the page shows it once hydrated.
   */
  audience?: true;
  /** The end of that viewer's API token (`tokenTagOf`), so the browser can tell whether its stored token is the same session. */
  tokenTag: string | null;
  /** When the HTML was rendered: hydration draws the date and year it shows (hooks/use-now.ts). */
  renderedAt: number;
  queries: DehydratedState;
  router: HydrationState;
}

export const PAGE_STATE_ELEMENT_ID = 'page-state';

export const PAGE_VIEWER_ELEMENT_ID = 'page-viewer';

/** A shared page's reader's own part, written after the page by the server. */
export interface PageViewer {
  user: User;
  /** The end of their API token, as PageState's. */
  tokenTag: string;
}

/**
 * The signed-in reader a page shared by an audience is rendered for: no name, photo or address of anyone's.
 * Its empty e-mail never matches an author's, and asks the server for no role of its own.
 */
export const AUDIENCE_USER: User = {
  _id: '',
  name: '',
  email: '',
  profile_pic: '',
  role: 'user',
  premiumTaken: null,
  created_at: '1970-01-01T00:00:00.000Z',
  last_login_at: null,
  last_log_in: null,
  slug: '',
  bio: '',
  links: {},
};
