import type { ArticleStatus } from './constants.js';

/**
 * Everything that moves an article through review (docs/product.md#article-status). Delete is not here: it
 * removes the article from any status (author or admin) and moves nothing.
 */
export const EDITORIAL_ACTIONS = [
  'approve',
  'decline',
  'request-changes',
  'resubmit',
  'edit',
  'restore',
  'premium',
  'correct',
] as const;
export type EditorialAction = (typeof EDITORIAL_ACTIONS)[number];

/** Who acts, seen from one article: an admin who wrote it is both 'admin' and 'author'. */
export const EDITORIAL_ROLES = ['anonymous', 'reader', 'author', 'admin'] as const;
export type EditorialRole = (typeof EDITORIAL_ROLES)[number];

interface Move {
  to: ArticleStatus;
  by: readonly EditorialRole[];
}

const AUTHOR = ['author'] as const;
const ADMIN = ['admin'] as const;
const AUTHOR_OR_ADMIN = ['author', 'admin'] as const;

/**
 * The one table of allowed moves: state × action → next state, and who may make it. The server enforces
 * it in one place (`transitionArticle` in the articles service); the web reads it to decide which buttons
 * to show. A move not in the table is refused: 403 when the caller may never make it, 409 when the
 * article is not in a state it applies to.
 */
export const ARTICLE_TRANSITIONS: Record<ArticleStatus, Partial<Record<EditorialAction, Move>>> = {
  pending: {
    approve: { to: 'approved', by: ADMIN },
    decline: { to: 'declined', by: ADMIN },
    'request-changes': { to: 'changes_requested', by: ADMIN },
    edit: { to: 'pending', by: AUTHOR },
    restore: { to: 'pending', by: AUTHOR_OR_ADMIN },
  },
  changes_requested: {
    resubmit: { to: 'pending', by: AUTHOR },
    // The writer works on the requested changes; the article stays with them until they resubmit.
    edit: { to: 'changes_requested', by: AUTHOR },
    restore: { to: 'changes_requested', by: AUTHOR_OR_ADMIN },
  },
  approved: {
    premium: { to: 'approved', by: ADMIN },
    // A public correction: the article stays as it is, with a note tied to the revision that fixed it.
    correct: { to: 'approved', by: ADMIN },
    edit: { to: 'pending', by: AUTHOR },
    restore: { to: 'pending', by: AUTHOR_OR_ADMIN },
  },
  declined: {
    edit: { to: 'pending', by: AUTHOR },
    restore: { to: 'pending', by: AUTHOR_OR_ADMIN },
  },
};

export type TransitionDecision =
  | { allowed: true; to: ArticleStatus }
  /** 'role': this caller may not make this move from any state (403); 'state': not from this one (409). */
  | { allowed: false; refusal: 'role' | 'state' };

/** The roles a viewer holds towards one article. */
export function editorialRoles(
  viewer: { id: string; role: 'user' | 'admin' } | null,
  authorId: string,
): EditorialRole[] {
  if (!viewer) return ['anonymous'];
  const roles: EditorialRole[] = ['reader'];
  if (viewer.id === authorId) roles.push('author');
  if (viewer.role === 'admin') roles.push('admin');
  return roles;
}

const holds = (move: Move | undefined, roles: readonly EditorialRole[]) =>
  move !== undefined && move.by.some((role) => roles.includes(role));

/** May these roles make this move from this state, and where does it lead? */
export function decideTransition(
  status: ArticleStatus,
  action: EditorialAction,
  roles: readonly EditorialRole[],
): TransitionDecision {
  const move = ARTICLE_TRANSITIONS[status][action];
  if (holds(move, roles)) return { allowed: true, to: move!.to };
  const everMay = Object.values(ARTICLE_TRANSITIONS).some((moves) => holds(moves[action], roles));
  return { allowed: false, refusal: everMay ? 'state' : 'role' };
}

/** Whether a button for this move should show on an article in this status. */
export const canTransition = (status: ArticleStatus, action: EditorialAction, roles: readonly EditorialRole[]) =>
  decideTransition(status, action, roles).allowed;
