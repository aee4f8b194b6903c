import type { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { configQueryOptions } from '../lib/site-config';
import { LoadingState } from '../components/states';
import { revalidateOnNewPath } from '../lib/page-param';
import { prefetch } from '../lib/prefetch';
import { AccessGate } from './access/access-gate';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { SiteRoot } from './layouts/site-root';
import { ForbiddenRoute } from './routes/forbidden';
import { HomeRoute, homeLoader } from './routes/home';
import { NotFoundRoute } from './routes/not-found';
import { readsOf, withStatus, type LoaderClient } from './page-context';
import type { RouteHandle } from './route-handle';

/**
 * Every route of the SPA as data-router objects; loaders warm the TanStack Query cache: the browser's one
 * client, or on the server the client each render's context holds (`LoaderClient`).
 */
export function createRoutes(client: QueryClient | LoaderClient): RouteObject[] {
  const clientFor: LoaderClient = typeof client === 'function' ? client : () => client;
  // Pathless, above the three layouts: the site's one scroll restoration.
  return [{ element: <SiteRoot />, children: layoutRoutes(clientFor) }];
}

/** The main layout, the dashboard and the auth layout, each with its pages. */
function layoutRoutes(clientFor: LoaderClient): RouteObject[] {
  return [
    {
      id: 'root',
      element: <MainLayout />,
      // A failure in the layout itself still ends on the 404 page, without the chrome.
      errorElement: <NotFoundRoute />,
      hydrateFallbackElement: <LoadingState />,
      loader: async ({ context }) => {
        await prefetch(clientFor(context), configQueryOptions(), readsOf(context)?.config);
        return null;
      },
      children: [
        {
          // Routing errors inside a page show the 404 page within the layout.
          errorElement: <NotFoundRoute />,
          children: [
            { index: true, loader: homeLoader(clientFor), element: <HomeRoute /> },
            {
              path: 'articles',
              lazy: async () => {
                const route = await import('./routes/articles');
                return {
                  loader: route.articlesLoader(clientFor),
                  shouldRevalidate: route.shouldRevalidateArticles,
                  Component: route.ArticlesRoute,
                };
              },
            },
            {
              path: 'corrections',
              lazy: async () => {
                const route = await import('./routes/corrections');
                return { loader: route.correctionsLoader(clientFor), Component: route.CorrectionsRoute };
              },
            },
            {
              path: 'publishers/:slug',
              lazy: async () => {
                const route = await import('./routes/publisher');
                return {
                  loader: route.publisherLoader(clientFor),
                  shouldRevalidate: revalidateOnNewPath,
                  Component: route.PublisherRoute,
                };
              },
            },
            {
              path: 'authors/:slug',
              lazy: async () => {
                const route = await import('./routes/author');
                return {
                  loader: route.authorLoader(clientFor),
                  shouldRevalidate: revalidateOnNewPath,
                  Component: route.AuthorRoute,
                };
              },
            },
            {
              path: 'tags/:tag',
              lazy: async () => {
                const route = await import('./routes/tag');
                return {
                  loader: route.tagLoader(clientFor),
                  shouldRevalidate: revalidateOnNewPath,
                  Component: route.TagRoute,
                };
              },
            },
            { path: 'forbidden', element: <ForbiddenRoute />, loader: () => withStatus(403) },
            // The links our e-mails carry (docs/product.md#notifications).
            {
              path: 'unsubscribe',
              lazy: async () => ({ Component: (await import('./routes/unsubscribe')).UnsubscribeRoute }),
            },
            // The daily brief's links (docs/product.md#the-daily-brief) and its public archive.
            {
              path: 'brief/confirm',
              lazy: async () => ({ Component: (await import('./routes/brief-confirm')).BriefConfirmRoute }),
            },
            {
              path: 'brief/unsubscribe',
              lazy: async () => ({ Component: (await import('./routes/brief-unsubscribe')).BriefUnsubscribeRoute }),
            },
            {
              path: 'briefs',
              lazy: async () => {
                const route = await import('./routes/briefs');
                return { loader: route.briefsLoader(clientFor), Component: route.BriefsRoute };
              },
            },
            {
              path: 'verify-email',
              lazy: async () => ({ Component: (await import('./routes/verify-email')).VerifyEmailRoute }),
            },
            {
              // Signed-in readers get the article; a browser without a session goes to /login, and crawlers get
              // its preview tags.
              path: 'articles/:id',
              lazy: async () => {
                const route = await import('./routes/article-detail');
                return { loader: route.articleLoader(clientFor), Component: route.ArticleDetailRoute };
              },
              handle: { access: 'signed-in', preview: true, audience: 'article' } satisfies RouteHandle,
            },
            {
              // Login-required pages (docs/product.md#screens) go here: anonymous visitors are sent to /login and back.
              // A child route's handle may ask for more (premium), answered by this one gate.
              element: <AccessGate />,
              handle: { access: 'signed-in' } satisfies RouteHandle,
              children: [
                {
                  path: 'profile',
                  lazy: async () => ({ Component: (await import('./routes/profile')).ProfileRoute }),
                },
                {
                  path: 'addArticle',
                  lazy: async () => ({ Component: (await import('./routes/add-article')).AddArticleRoute }),
                },
                {
                  path: 'my-articles',
                  lazy: async () => ({ Component: (await import('./routes/my-articles')).MyArticlesRoute }),
                },
                {
                  path: 'update-article/:id',
                  lazy: async () => ({ Component: (await import('./routes/update-article')).UpdateArticleRoute }),
                },
                {
                  path: 'subscription',
                  lazy: async () => {
                    const route = await import('./routes/subscription');
                    return { loader: route.subscriptionLoader(clientFor), Component: route.SubscriptionRoute };
                  },
                },
                {
                  path: 'payment',
                  lazy: async () => ({ Component: (await import('./routes/payment')).PaymentRoute }),
                },
                {
                  // A family invitation's link (docs/product.md#families): log in or register, then accept.
                  path: 'family/join',
                  lazy: async () => ({ Component: (await import('./routes/family-join')).FamilyJoinRoute }),
                },
                {
                  handle: { access: 'premium-list' } satisfies RouteHandle,
                  children: [
                    {
                      path: 'premium-articles',
                      lazy: async () => {
                        const route = await import('./routes/premium-articles');
                        return {
                          loader: route.premiumArticlesLoader(clientFor),
                          Component: route.PremiumArticlesRoute,
                        };
                      },
                    },
                  ],
                },
              ],
            },
            { path: '*', element: <NotFoundRoute />, loader: () => withStatus(404) },
          ],
        },
      ],
    },
    {
      // The admin area (docs/product.md#screens) has its own layout; every page of it, and Recharts, load lazily.
      id: 'dashboard',
      path: 'dashboard',
      element: <AccessGate />,
      handle: { access: 'admin' } satisfies RouteHandle,
      errorElement: <NotFoundRoute />,
      hydrateFallbackElement: <LoadingState />,
      loader: async ({ context }) => {
        await prefetch(clientFor(context), configQueryOptions(), readsOf(context)?.config);
        return null;
      },
      children: [
        {
          lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
          children: [
            {
              index: true,
              lazy: async () => ({ Component: (await import('./routes/dashboard/overview')).OverviewRoute }),
            },
            {
              path: 'all-users',
              lazy: async () => ({ Component: (await import('./routes/dashboard/all-users')).AllUsersRoute }),
            },
            {
              path: 'all-articles',
              lazy: async () => ({ Component: (await import('./routes/dashboard/all-articles')).AllArticlesRoute }),
            },
            {
              path: 'history',
              lazy: async () => ({ Component: (await import('./routes/dashboard/history')).HistoryRoute }),
            },
            {
              path: 'funnel',
              lazy: async () => ({ Component: (await import('./routes/dashboard/funnel')).FunnelRoute }),
            },
            {
              path: 'plans',
              lazy: async () => ({ Component: (await import('./routes/dashboard/plans')).PlansRoute }),
            },
            {
              path: 'tags',
              lazy: async () => ({ Component: (await import('./routes/dashboard/tags')).TagsRoute }),
            },
            {
              path: 'newsletter',
              lazy: async () => ({ Component: (await import('./routes/dashboard/newsletter')).NewsletterRoute }),
            },
            {
              path: 'settings',
              lazy: async () => ({ Component: (await import('./routes/dashboard/settings')).SettingsRoute }),
            },
            {
              path: 'add-publisher',
              lazy: async () => ({
                Component: (await import('./routes/dashboard/add-publisher')).AddPublisherRoute,
              }),
            },
          ],
        },
      ],
    },
    {
      id: 'auth',
      element: <AuthLayout />,
      handle: { forVisitors: true } satisfies RouteHandle,
      errorElement: <NotFoundRoute />,
      hydrateFallbackElement: <LoadingState />,
      loader: async ({ context }) => {
        await prefetch(clientFor(context), configQueryOptions(), readsOf(context)?.config);
        return null;
      },
      children: [
        { path: 'login', lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
        { path: 'register', lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }) },
      ],
    },
  ];
}
