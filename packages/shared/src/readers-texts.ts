/**
 * Who reads one article (docs/product.md#who-reads-what): the desk's control, its badge and History's note. Apart from
 * `TEXT` so that they stay out of the home page's first load: the desk and the article page are lazy.
 */
export const READERS_TEXT = {
  /** The desk's row menu: keep a free article for signed-in readers, whatever the site's setting. */
  keepForSignedIn: 'For signed-in readers',
  /** The desk's row menu, on a marked article: back to the site's setting. */
  openToSiteReaders: 'Open to the site’s readers',
  /** The badge on a marked article's desk row and page. */
  badge: 'Signed-in readers',
  badgeHint: 'Visitors sign in to read this article, whoever the site opens free articles to.',
  keptForSignedIn: 'Now for signed-in readers.',
  openedToSiteReaders: 'Now open to the site’s readers.',
  /** History's note on the 'readers' action. */
  historyNote: { signedInOnly: 'For signed-in readers', open: 'Open to the site’s readers' },
} as const;
