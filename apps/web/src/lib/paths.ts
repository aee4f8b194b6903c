import { tagSlug } from '@dispatch/shared';

/** A feed's query: the site's whole feed, or one tag's or publisher's (the server's `FeedQuerySchema`). */
type FeedFilter = { tag?: string; publisher?: string };
const feedQuery = (filter: FeedFilter) => {
  const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value) as [string, string][]);
  return query.size > 0 ? `?${query}` : '';
};

/** Every URL the SPA links to or calls, in one place. */
export const paths = {
  home: '/',
  articles: '/articles',
  articleDetails: (id: string) => `/articles/${encodeURIComponent(id)}`,
  publisher: (slug: string) => `/publishers/${encodeURIComponent(slug)}`,
  tag: (tag: string) => `/tags/${encodeURIComponent(tagSlug(tag))}`,
  rss: (filter: FeedFilter = {}) => `/rss.xml${feedQuery(filter)}`,
  atom: (filter: FeedFilter = {}) => `/feed.atom${feedQuery(filter)}`,
  addArticle: '/addArticle',
  myArticles: '/my-articles',
  premiumArticles: '/premium-articles',
  subscription: '/subscription',
  payment: '/payment',
  profile: '/profile',
  dashboard: '/dashboard',
  updateArticle: (id: string) => `/update-article/${encodeURIComponent(id)}`,
  dashboardAllUsers: '/dashboard/all-users',
  dashboardAllArticles: '/dashboard/all-articles',
  dashboardAddPublisher: '/dashboard/add-publisher',
  dashboardHistory: '/dashboard/history',
  login: '/login',
  register: '/register',
  forbidden: '/forbidden',
} as const;

export const apiPaths = {
  config: '/api/config',
  publishers: '/api/publishers',
  publisher: (slug: string) => `/api/publishers/${encodeURIComponent(slug)}`,
  approvedArticles: '/api/articles/approved',
  trendingArticles: '/api/articles/trending',
  userStats: '/api/stats/users',
  uploads: '/api/uploads',
  register: '/api/auth/register',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  changePassword: '/api/auth/password',
  session: '/api/auth/session',
  googleSignIn: '/api/auth/google',
  role: '/api/users/role',
  user: (email: string) => `/api/user/${encodeURIComponent(email)}`,
  updateUser: (email: string) => `/api/users/${encodeURIComponent(email)}`,
  articles: '/api/articles',
  article: (id: string) => `/api/articles/${encodeURIComponent(id)}`,
  articlePreview: (id: string) => `/api/articles/${encodeURIComponent(id)}/preview`,
  articleViews: (id: string) => `/api/articles/views/${encodeURIComponent(id)}`,
  userArticles: (email: string) => `/api/articles/user/${encodeURIComponent(email)}`,
  adminArticles: '/api/admin/articles',
  approveArticle: (id: string) => `/api/articles/approve/${encodeURIComponent(id)}`,
  declineArticle: (id: string) => `/api/articles/decline/${encodeURIComponent(id)}`,
  makeArticlePremium: (id: string) => `/api/articles/premium/${encodeURIComponent(id)}`,
  requestChanges: (id: string) => `/api/articles/request-changes/${encodeURIComponent(id)}`,
  resubmitArticle: (id: string) => `/api/articles/resubmit/${encodeURIComponent(id)}`,
  articleRevisions: (id: string) => `/api/articles/${encodeURIComponent(id)}/revisions`,
  restoreRevision: (id: string, revisionId: string) =>
    `/api/articles/${encodeURIComponent(id)}/revisions/${encodeURIComponent(revisionId)}/restore`,
  articleTimeline: (id: string) => `/api/articles/${encodeURIComponent(id)}/history`,
  articleReview: (id: string) => `/api/admin/articles/${encodeURIComponent(id)}/review`,
  adminHistory: '/api/admin/history',
  users: '/api/users',
  makeAdmin: (id: string) => `/api/users/admin/${encodeURIComponent(id)}`,
  dashboardPublishers: '/api/dashboard/publishers',
  dashboardCharts: '/api/dashboard/charts',
  createPaymentIntent: '/api/create-payment-intent',
  confirmPayment: '/api/payments/confirm',
  paymentStatus: '/api/payments/status',
  premiumArticles: '/api/premium-articles',
} as const;
