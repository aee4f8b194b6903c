/**
 * SPEC's five tags, in SPEC's order: what a new site's tags table starts with (migration 0032 inserts the same rows).
 * The tags a site offers are rows (docs/product.md#tags): read them from the API, not from here.
 */
export const TAGS = ['Politics', 'Sports', 'Technology', 'Entertainment', 'Health'] as const;
export type SeedTag = (typeof TAGS)[number];

export const ARTICLE_STATUSES = ['pending', 'changes_requested', 'approved', 'declined'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const LIMITS = {
  excerptLength: 100,
  passwordMinLength: 6,
  pageSize: {
    approved: 12,
    premium: 12,
    adminArticles: 10,
    users: 5,
    myArticles: 10,
    history: 10,
    notices: 20,
    corrections: 10,
  },
  /** An editor's note (a decline reason, requested changes). */
  noteMaxLength: 1000,
  /** The line under an article's image: what it shows, who took it. */
  captionMaxLength: 200,
  /** A published correction: a short public note (docs/product.md#corrections). */
  correctionMaxLength: 600,
  maxPageSize: 50,
  maxPage: 100_000,
  trendingCount: 6,
  /** Days of who read what kept for trending's count: a view only asks about its own UTC day. */
  readerDaysKept: 2,
  /** Cards in each of an article page's closing sections (more from its publisher, more on its tag). */
  relatedCount: 3,
  searchMaxLength: 100,
  /** A search counts its matches up to here (twenty pages), then says "240+" (docs/product.md#articles-list). */
  searchCountCap: 240,
  /** A search card's highlighted fragment is found in this much of the text, at most. */
  headlineSourceLength: 5_000,
  titleMaxLength: 200,
  descriptionMaxLength: 20_000,
  nameMaxLength: 100,
  emailMaxLength: 254,
  passwordMaxLength: 128,
  upload: { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 },
} as const;

export const TIMINGS = {
  upgradeModalDelayMs: 10_000,
  carouselAutoplayMs: 3500,
  carouselSpeedMs: 700,
  statsCountUpSeconds: 10,
  toastAutoCloseMs: 5000,
  queryGcTimeMs: 5 * 60 * 1000,
  queryRetries: 3,
  queryRetryBaseMs: 1000,
  queryRetryMaxMs: 30_000,
} as const;

export const STORAGE_KEYS = { token: 'token', subscriptionPlan: 'subscriptionPlan' } as const;

/**
 * The end of an API token: a server-rendered page names the session it was rendered for with it, and the
 * browser compares it with the token it holds (decision 041). It authenticates nothing.
 */
export const tokenTagOf = (token: string | null): string | null => (token ? token.slice(-12) : null);

/** A reader's choice of theme, kept in a cookie the server reads to paint the page in it at once. */
export const THEME_COOKIE = 'dispatch_theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Set once this browser has fetched the web fonts (so has them cached): its pages then draw their text in
 * them from the start. A first visit stays in the fallback faces and fetches the fonts once it has loaded
 * (docs/decisions/032-the-page-loads-before-its-fonts-and-scripts.md).
 */
export const FONTS_COOKIE = 'dispatch_fonts';
