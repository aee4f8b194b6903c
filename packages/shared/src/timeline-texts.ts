/**
 * An article's timeline and the History view's actions. Apart from `TEXT` so that they stay out of the home page's
 * first load: only the editorial side of an article page and the dashboard, both lazy, show them.
 */
export const TIMELINE_TEXT = {
  heading: 'Timeline',
  empty: 'Nothing has happened to this article yet.',
  editor: 'An editor',
  you: 'You',
  /** How each recorded action reads in a timeline and in History. */
  actions: {
    'request-changes': 'Requested changes',
    resubmit: 'Resubmitted',
    approve: 'Approved',
    decline: 'Declined',
    premium: 'Made premium',
    correct: 'Published a correction',
    restore: 'Restored a revision',
    readers: 'Changed who reads it',
    delete: 'Deleted',
  },
} as const;
