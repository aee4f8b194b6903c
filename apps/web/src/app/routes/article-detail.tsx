import { excerpt, FAMILY_MESSAGES, FAMILY_TEXT, TEXT, type ArticleDetail, type PublicConfig } from '@dispatch/shared';
import { useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { Redirect } from '../../components/redirect';
import { StatusPage } from '../../components/status-page';
import { ErrorState, LoadingState } from '../../components/states';
import {
  articlePreviewQueryOptions,
  articleQueryOptions,
  relatedArticlesQueryOptions,
  useArticle,
  useArticlePreview,
  useRelatedArticles,
  useVisitorArticle,
  visitorArticleQueryOptions,
} from '../../api/articles-public';
import { useRecordView } from '../../features/article-detail/api/record-view';
import { ArticleSkeleton } from '../../features/article-detail/components/article-skeleton';
import { ArticleMeta } from '../../features/article-detail/components/article-meta';
import { BriefSignupSection } from '../../features/brief/components/brief-signup';
import { ArticleView, PremiumTeaser } from '../../features/article-detail/components/article-view';
import { articleCorrectionsQueryOptions } from '../../api/corrections';
import { ArticleCorrections } from '../../features/corrections/components/article-corrections';
import { ArticleGridSkeleton } from '../../features/articles/components/article-grid';
import { RelatedArticles } from '../../features/articles/components/related-articles';
import { OwnArticleStatus } from '../../features/writing/components/own-article-status';
import { giftLinksQueryOptions } from '../../api/gifts';
import { useViewer, viewerKeys } from '../../hooks/use-viewer';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { prefetch } from '../../lib/prefetch';
import { configQueryOptions, useConfig } from '../../lib/site-config';
import { returnState } from '../../lib/return-to';
import { pageContextOf, withStatus, type PageContext, type LoaderClient } from '../page-context';

/** The token of a gift link the page was opened with (docs/product.md#reader-revenue). */
const giftOf = (search: URLSearchParams) => search.get('gift') || undefined;

// Forms and their validation only its author and the admins use: not loaded for a reader.
const ArticleEditorial = lazy(async () => ({ default: (await import('./article-editorial')).ArticleEditorial }));
// Subscribers' and admins' only, like its dialogs and toasts.
const GiftLinksPanel = lazy(async () => ({
  default: (await import('../../features/gifts/components/gift-links-panel')).GiftLinksPanel,
}));

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
/** A young reader's family hides the article's tag (docs/product.md#parental-controls). */
const isHiddenByFamily = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.message === FAMILY_MESSAGES.hiddenArticle;

/**
 * What the server loads before rendering the page: the article and its corrections for a signed-in reader,
 * its public preview for anyone else (the page then sends them to /login, but the HTML keeps the preview
 * tags), and what a visitor may read of it too while the site opens free articles to anyone
 * (docs/product.md#who-reads-what); a 404 when the article does not exist or may not be shown, a 403 when a young
 * reader's family hides it. The browser loads nothing here: the page asks for what it shows.
 */
export function articleLoader(clientFor: LoaderClient) {
  return async ({ params, request, context }: LoaderFunctionArgs) => {
    const queryClient = clientFor(context);
    const page = pageContextOf(context);
    if (!page) return null;
    const id = params.id ?? '';
    const gift = giftOf(new URL(request.url).searchParams);
    await loadArticle(queryClient, id, gift, page);
    const errors = [articleQueryOptions(id, gift), articlePreviewQueryOptions(id), visitorArticleQueryOptions(id)].map(
      (options) => queryClient.getQueryState(options.queryKey)?.error,
    );
    if (errors.some(isNotFound)) return withStatus(404);
    return withStatus(errors.some(isHiddenByFamily) ? 403 : undefined);
  };
}

async function loadArticle(queryClient: QueryClient, id: string, gift: string | undefined, page: PageContext) {
  const { viewer, reads } = page;
  if (!viewer) {
    await prefetch(queryClient, configQueryOptions(), reads.config);
    const config = queryClient.getQueryData(configQueryOptions().queryKey);
    await Promise.all([
      prefetch(queryClient, articlePreviewQueryOptions(id), () => reads.articlePreview(id)),
      ...(visitorsRead(config, gift)
        ? [
            prefetch(queryClient, visitorArticleQueryOptions(id), () => reads.article(id, undefined)),
            prefetch(queryClient, articleCorrectionsQueryOptions(id), () => reads.articleCorrections(id)),
            prefetch(queryClient, relatedArticlesQueryOptions(id), () => reads.relatedArticles(id)),
          ]
        : []),
    ]);
    return;
  }
  await Promise.all([
    prefetch(queryClient, articleQueryOptions(id, gift), () => reads.article(id, gift)),
    prefetch(queryClient, articleCorrectionsQueryOptions(id), () => reads.articleCorrections(id)),
    // The closing sections come with the page (an article not approved has none: its 404 is never shown).
    prefetch(queryClient, relatedArticlesQueryOptions(id), () => reads.relatedArticles(id)),
  ]);
  // A premium article read in full by a subscriber or an admin: its gift panel's list comes with the page
  // (a page shared by an audience leaves it to the browser: the list is the reader's own). The panel's own
  // condition: its author without premium, or a read the meter or a gift link opened, sees no panel, so no list.
  const detail = queryClient.getQueryData(articleQueryOptions(id, gift).queryKey);
  const panel = detail?.access && detail.article.isPremium && detail.article.status === 'approved';
  if (panel && viewer.premiumAccess && !viewer.shared) {
    await prefetch(queryClient, giftLinksQueryOptions(id), () => reads.giftLinks(id));
  }
}

function ArticleNotFound() {
  return (
    <>
      <PageTitle title={TEXT.detail.notFound} noindex />
      <StatusPage
        code="404"
        message={TEXT.detail.notFound}
        actionLabel={TEXT.detail.backToArticles}
        to={paths.articles}
      />
    </>
  );
}

function ArticleHidden() {
  return (
    <>
      <PageTitle title={FAMILY_TEXT.hiddenArticleTitle} noindex />
      <StatusPage
        code="403"
        message={FAMILY_MESSAGES.hiddenArticle}
        actionLabel={TEXT.detail.backToArticles}
        to={paths.articles}
      />
    </>
  );
}

/**
 * An anonymous visitor: the preview tags for link previews and crawlers, then on to /login (and back). A
 * premium article's teaser is in the HTML too: the NewsArticle names it as the paywalled part.
 */
function ArticlePreviewPage({ id }: { id: string }) {
  const preview = useArticlePreview(id);
  const location = useLocation();
  if (preview.isError && isNotFound(preview.error)) return <ArticleNotFound />;
  return (
    <>
      {preview.data && <ArticleMeta article={preview.data} summary={preview.data.excerpt} />}
      <Redirect to={paths.login} state={returnState(location)} />
      <LoadingState />
      {preview.data?.isPremium && (
        <div className="container-page pb-10">
          <div className="article-column">
            <PremiumTeaser excerpt={preview.data.excerpt} />
          </div>
        </div>
      )}
    </>
  );
}

/**
 * Whether a visitor without a session reads the article here (docs/product.md#who-reads-what): the site opens free
 * articles to anyone. A gift link still needs a reader.
 */
const visitorsRead = (config: PublicConfig | undefined, gift: string | undefined) =>
  config?.freeArticleReaders === 'anyone' && gift === undefined;

/** The API's answer for an article kept for signed-in readers, or for any while the site keeps them all. */
const isSignInFirst = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * A visitor without a session: the article as the site's setting lets them read it (a free one in full, a premium
 * one's teaser), else its preview and on to /login, as SPEC says.
 */
function VisitorArticle({ id }: { id: string }) {
  const [search] = useSearchParams();
  const open = visitorsRead(useConfig().data, giftOf(search));
  const detail = useVisitorArticle(id, open);
  if (!open || (detail.isError && isSignInFirst(detail.error))) return <ArticlePreviewPage id={id} />;
  return <ArticlePage id={id} detail={detail} visitor />;
}

function ArticleReader({ id }: { id: string }) {
  const [search] = useSearchParams();
  const gift = giftOf(search);
  const detail = useArticle(id, gift);
  return <ArticlePage id={id} detail={detail} gift={gift} />;
}

/** The article as this reader, or visitor, may read it, with the sections that close it. */
function ArticlePage({
  id,
  detail,
  gift,
  visitor = false,
}: {
  id: string;
  detail: UseQueryResult<ArticleDetail>;
  gift?: string;
  visitor?: boolean;
}) {
  useRecordView(id, detail.data?.access === true, gift, visitor);
  const {
    user,
    isAdmin,
    viewer,
    isPremium,
    premiumArticles,
    hasPremiumAccess: premiumAccess,
    youngReader,
  } = useViewer();
  // A pass with a number of premium articles: the note counts what is left of it.
  const pass = isPremium && !isAdmin ? premiumArticles : null;
  const queryClient = useQueryClient();
  const openedInFull = detail.data?.access === true && detail.data.article.isPremium;
  const limited = pass !== null;
  // Opening a premium article may have spent one of the pass's articles: the role answer says how many are left.
  useEffect(() => {
    if (openedInFull && limited) void queryClient.invalidateQueries({ queryKey: viewerKeys.all });
  }, [id, openedInFull, limited, queryClient]);
  const related = useRelatedArticles(id, detail.data?.article.status === 'approved');

  let content;
  if (detail.isPending) content = <ArticleSkeleton />;
  else if (detail.isError) {
    if (isNotFound(detail.error)) return <ArticleNotFound />;
    if (isHiddenByFamily(detail.error)) return <ArticleHidden />;
    content = <ErrorState onRetry={() => void detail.refetch()} />;
  } else {
    const { article } = detail.data;
    const summary = detail.data.access ? excerpt(detail.data.article.description) : detail.data.article.excerpt;
    content = (
      <>
        <ArticleMeta article={article} summary={summary} />
        {detail.data.access && article.author_email === user?.email && <OwnArticleStatus article={article} />}
        <ArticleView detail={detail.data} gift={gift} pass={pass} />
        {/* Public: every reader of the page sees them, the teaser's too. Only an approved article has them. */}
        {article.status === 'approved' && <ArticleCorrections articleId={id} />}
        {/* The editorial side is its author's and the admins' (the server answers no one else). */}
        {detail.data.access && (isAdmin || article.author_email === user?.email) && (
          <Suspense>
            <ArticleEditorial
              article={detail.data.article}
              isAuthor={article.author_email === user?.email}
              isAdmin={isAdmin}
            />
          </Suspense>
        )}
        {/* A subscriber (or an admin) may share a premium article they read with a gift link. */}
        {detail.data.access && article.isPremium && article.status === 'approved' && premiumAccess && !youngReader && (
          <Suspense>
            <GiftLinksPanel articleId={id} />
          </Suspense>
        )}
        {article.status === 'approved' && <BriefSignupSection />}
        {related.data && <RelatedArticles related={related.data} viewer={viewer} />}
        {related.isLoading && (
          <div className="mt-16">
            <ArticleGridSkeleton count={3} />
          </div>
        )}
      </>
    );
  }

  return <div className="container-page py-10 sm:py-14">{content}</div>;
}

/**
 * /articles/:id: the article for a signed-in reader; anyone else goes to /login and comes back
 * (docs/product.md#guards-and-redirects), unless the site opens free articles to anyone.
 */
export function ArticleDetailRoute() {
  const id = useParams().id ?? '';
  const { user, loading } = useAuth();
  if (loading)
    return (
      <div className="container-page py-10 sm:py-14">
        <ArticleSkeleton />
      </div>
    );
  if (!user) return <VisitorArticle id={id} />;
  return <ArticleReader id={id} />;
}
