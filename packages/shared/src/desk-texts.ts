/**
 * The texts of the editor's desk (the dashboard's searches, the article preview, the publisher counts). Apart from
 * `TEXT` so that they stay out of the home page's first load: only the dashboard's lazy routes import them
 * (docs/decisions/011-page-weight-and-audits.md).
 */
export const DESK_TEXT = {
  searchArticles: 'Search articles',
  searchArticlesHint: 'Title, author name or e-mail',
  searchUsers: 'Search users',
  searchUsersHint: 'Name or e-mail',
  search: 'Search',
  noArticlesMatch: (search: string) => `No articles match “${search}”.`,
  noUsersMatch: (search: string) => `No users match “${search}”.`,
  /** A status filter's option with how many articles it holds, e.g. "Pending (3)". */
  statusWithCount: (status: string, count: number) => `${status} (${count})`,
  preview: 'Preview',
  /** The name of each row's menu button (its face is three dots): Preview and the actions beyond SPEC's four. */
  moreActions: 'More actions',
  previewIntro: 'The whole submission, as its writer sent it.',
  submittedBy: 'Submitted by',
  submittedOn: 'Submitted',
  previewTags: 'Tags',
  chartTotal: (count: number) => `${count} ${count === 1 ? 'article' : 'articles'} in all`,
  publishersHeading: 'Publishers',
  publishersListIntro: 'Every publisher, with its articles of any status.',
  articleCount: (count: number) => `${count} ${count === 1 ? 'article' : 'articles'}`,
  noPublishers: 'No publishers yet.',
  /** History's heading text, now that it lists the site settings' changes too (docs/product.md#site-settings). */
  historyIntro:
    'Every editorial action on articles, and every change to the site settings: who, what, when and the note.',
  /** History's action for a change to the site settings, and its article column (it names none). */
  settingsUpdate: 'Changed the site settings',
  siteSettingsEntry: 'Site settings',
  /** The Overview's panel under the charts (docs/product.md#overview-charts). */
  summaryHeading: 'At the desk today',
  summaryPending: 'Waiting for review',
  summaryOldestWaiting: (wait: string) => `oldest waiting ${wait}`,
  summaryNothingWaiting: 'nothing waiting',
  summaryReview: 'Review them',
  summaryPublished: 'Published today',
  summaryPublishedHint: 'made public since midnight',
  summaryViews: 'Views, last 24 hours',
  summaryViewsHint: "each reader's first view of an article in a day",
  /** A wait, short: "12 min", "3 h", "4 days". */
  waitLength: (ms: number) => {
    const minutes = Math.floor(ms / 60_000);
    if (minutes < 60) return `${Math.max(1, minutes)} min`;
    const hours = Math.floor(minutes / 60);
    return hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`;
  },
} as const;
