/**
 * The banner above a writer's own article: where it stands, in words. Apart from `TEXT` so that it stays out of the
 * home page's first load: only the (lazy) article page shows it.
 */
export const OWN_ARTICLE_TEXT = {
  label: 'Your article',
  pending: 'Waiting for review: an editor reads it before it appears in Articles.',
  changes_requested: 'An editor asked for changes. Their note is below the article.',
  seeNote: 'Read the note',
  declined: 'Declined by an editor.',
  reason: 'Reason:',
  approved: 'Published: it appears in Articles.',
  premium: 'Published as premium: subscribers read it in full, others see its opening.',
  myArticles: 'All my articles',
  viewsNote: 'Your own visits are not counted as views.',
} as const;
