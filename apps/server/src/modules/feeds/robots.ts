/**
 * Pages a crawler has no business in: the API (except the uploaded images articles show), the admin
 * area and every page that needs an account (apps/web/src/app/routes.tsx).
 */
const PRIVATE_PATHS = [
  '/api/',
  '/dashboard',
  '/profile',
  '/addArticle',
  '/my-articles',
  '/update-article/',
  '/subscription',
  '/payment',
  '/premium-articles',
  '/forbidden',
  '/unsubscribe',
  '/verify-email',
];

export function robotsTxt(sitemapUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    // The longest matching rule wins, so images stay crawlable under the disallowed /api/.
    'Allow: /api/uploads/',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${sitemapUrl}`,
    '',
  ].join('\n');
}
