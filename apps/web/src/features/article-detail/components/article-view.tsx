import {
  ACCESS_TEXT,
  imageSrcSet,
  preview,
  readingMinutes,
  TEXT,
  type ArticleDetail,
  REVENUE_TEXT,
} from '@dispatch/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { LockIcon, StarIcon } from '../../../components/icons';
import { LocalTime, MOMENT_WITH_ZONE } from '../../../components/local-time';
import { SignedInOnlyBadge } from '../../../components/signed-in-only-badge';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { FALLBACK_CONFIG, useConfig } from '../../../lib/site-config';
import { useSpendFreeRead } from '../api/spend-free-read';
import { PAYWALLED_CLASS } from './article-meta';
import { ShareArticle } from './share-article';

/** Blank lines separate paragraphs; a single line break stays a line break. Text only, never HTML. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/**
 * docs/product.md#screens: the posted date and time, in the reader's time zone: when the article was first published
 * (approved), or, for one never published (its author's or an editor's view), when it was submitted.
 */
function Posted({ article }: { article: { createdAt: string; publishedAt: string | null } }) {
  return (
    <>
      {TEXT.detail.posted} <LocalTime iso={article.publishedAt ?? article.createdAt} options={MOMENT_WITH_ZONE} />
    </>
  );
}

/**
 * What a reader without premium gets of a premium article: the excerpt and the way to subscribe. It is the
 * element the NewsArticle's `hasPart` names, so it is on every page that says the article is paywalled.
 */
export function PremiumTeaser({
  excerpt,
  notice,
  children,
}: {
  excerpt: string;
  notice?: string;
  children?: ReactNode;
}) {
  return (
    <div className={PAYWALLED_CLASS}>
      <p className="article-body">{preview(excerpt)}</p>
      <aside
        aria-labelledby="teaser-title"
        className="mt-8 rounded-lg border-2 border-accent-line bg-accent-wash p-6 text-center sm:p-8"
      >
        <LockIcon className="mx-auto size-7 text-accent" />
        <h2 id="teaser-title" className="mt-3 text-2xl font-bold text-ink">
          {TEXT.detail.teaserTitle}
        </h2>
        {notice && <p className="mt-2 font-semibold text-ink">{notice}</p>}
        <p className="mt-2 text-ink-soft">{TEXT.detail.teaserBody}</p>
        {children}
        <Link to={paths.subscription} className="btn btn-accent mt-5">
          {TEXT.detail.subscribe}
        </Link>
      </aside>
    </div>
  );
}

/** A pass with a number of premium articles (the role answer's premiumArticles), while it lasts; null otherwise. */
export type LimitedPass = { included: number; opened: number } | null;

/** Why a teaser is all there is: a gift link that did not open it, this month's free reads or the pass's articles spent. */
function teaserNotice(detail: Extract<ArticleDetail, { access: false }>, pass: LimitedPass): string | undefined {
  const notices = [
    detail.giftRefused && REVENUE_TEXT.detail.giftRefused[detail.giftRefused],
    pass && pass.opened >= pass.included && ACCESS_TEXT.articlesUsed(pass.included),
    detail.meter && REVENUE_TEXT.detail.meterSpent(detail.meter.allowed),
  ];
  return notices.filter(Boolean).join(' ') || undefined;
}

/** Spends, on the reader's click (opened from another site, a refused gift link), what the page did not: one of the pass's premium articles, else a free read. */
function FreeReadButton({ articleId, gift, label }: { articleId: string; gift?: string; label: string }) {
  const spend = useSpendFreeRead(articleId, gift);
  return (
    <button
      type="button"
      className="btn btn-outline mt-5 mr-3"
      disabled={spend.isPending}
      onClick={() => spend.mutate(undefined, { onError: (error) => toast.error(errorMessage(error)) })}
    >
      {label}
    </button>
  );
}

const untilFormat = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A premium article a reader without full premium reads in full: through whose gift, which free read, or the pass's articles. */
function UnlockNote({ detail, pass }: { detail: Extract<ArticleDetail, { access: true }>; pass: LimitedPass }) {
  if (!detail.gift && !detail.meter && pass && detail.article.isPremium) {
    return (
      <p
        role="note"
        className="mb-6 rounded-lg border border-accent-line bg-accent-wash px-4 py-3 text-sm font-semibold text-ink print:hidden"
      >
        {ACCESS_TEXT.articlesLeft(Math.max(pass.included - pass.opened, 0), pass.included)}
      </p>
    );
  }
  const note = detail.gift
    ? REVENUE_TEXT.detail.giftOpened(untilFormat.format(new Date(detail.gift.expiresAt)))
    : detail.meter && REVENUE_TEXT.detail.meterCount(detail.meter.used, detail.meter.allowed);
  if (!note) return null;
  return (
    <p
      role="note"
      className="mb-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-lg border border-accent-line bg-accent-wash px-4 py-3 text-sm text-ink print:hidden"
    >
      <span className="font-semibold">{note}</span>
      <Link to={paths.subscription} className="font-semibold text-accent underline-offset-2 hover:underline">
        {TEXT.detail.subscribe}
      </Link>
    </p>
  );
}

/** docs/product.md#screens /articles/{id}: image, title, publisher, tags, the text, author and posted date-time. */
export function ArticleView({
  detail,
  gift,
  pass = null,
}: {
  detail: ArticleDetail;
  gift?: string;
  pass?: LimitedPass;
}) {
  const { article } = detail;
  const config = useConfig().data ?? FALLBACK_CONFIG;
  const url = `${config.publicUrl}${paths.articleDetails(article._id)}`;
  // Of what this reader may read: the whole text, or a premium article's teaser.
  const minutes = readingMinutes(detail.access ? detail.article.description : detail.article.excerpt);
  return (
    <article aria-labelledby="article-title" className="article-column">
      <header className="border-b border-rule pb-6">
        <p className="kicker flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link
            to={paths.publisher(article.publisherSlug)}
            className="underline-offset-2 hover:text-ink hover:underline"
          >
            {article.publisher}
          </Link>
          {article.isPremium && (
            <span className="inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-0.5 text-[0.6875rem] text-paper">
              <StarIcon className="size-3" />
              {TEXT.articles.premium}
            </span>
          )}
          {article.signedInOnly && <SignedInOnlyBadge />}
        </p>
        <h1 id="article-title" className="mt-3 text-3xl leading-tight font-bold break-words text-ink sm:text-5xl">
          {article.title}
        </h1>
        <div className="mt-5 flex items-center gap-3 text-sm text-ink-soft">
          <img
            src={article.author_photo}
            srcSet={imageSrcSet(article.author_photo)}
            sizes="44px"
            alt=""
            width={44}
            height={44}
            className="size-11 shrink-0 rounded-full border border-rule bg-surface-muted object-cover"
          />
          <div className="min-w-0">
            <p className="font-semibold break-words text-ink">
              {TEXT.detail.by}{' '}
              {/* An author's page lists their published articles; a writer with none has no page (404), so the
                  byline of an article not yet published (the writer's or an admin's preview) is the name alone. */}
              {article.status === 'approved' && article.publishedAt ? (
                <Link
                  to={paths.author(article.author_slug)}
                  rel="author"
                  className="underline-offset-2 hover:underline"
                >
                  {article.author_name}
                </Link>
              ) : (
                article.author_name
              )}
            </p>
            {/* The site's setting (SPEC: shown); with it off the server sends no address to anyone but the author. */}
            {config.bylineShowsEmail && article.author_email && (
              <p className="[overflow-wrap:anywhere]">
                <a href={`mailto:${article.author_email}`} className="underline-offset-2 hover:underline">
                  {article.author_email}
                </a>
              </p>
            )}
            <p>
              <Posted article={article} />
              {/* The dot goes with the reading time when the line wraps. */}
              <span className="whitespace-nowrap">
                <span aria-hidden="true"> · </span>
                {TEXT.detail.readingTime(minutes)}
              </span>
            </p>
          </div>
        </div>
        <div className="mt-5 print:hidden">
          <ShareArticle url={url} title={article.title} />
        </div>
      </header>
      <figure className="my-8">
        <img
          src={article.image}
          srcSet={imageSrcSet(article.image)}
          sizes="(min-width: 37rem) 37rem, 100vw"
          width={1280}
          height={720}
          alt=""
          fetchPriority="high"
          className="aspect-[16/9] w-full rounded-lg bg-placeholder object-cover"
        />
        {article.imageCaption && (
          <figcaption className="mt-2 text-sm leading-snug break-words text-ink-soft">
            {article.imageCaption}
          </figcaption>
        )}
      </figure>
      {detail.access && <UnlockNote detail={detail} pass={pass} />}
      {detail.access ? (
        <div className={`article-body space-y-6 ${article.isPremium ? PAYWALLED_CLASS : ''}`}>
          {paragraphs(detail.article.description).map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      ) : (
        <PremiumTeaser excerpt={detail.article.excerpt} notice={teaserNotice(detail, pass)}>
          {detail.passOffer ? (
            <FreeReadButton
              articleId={article._id}
              gift={gift}
              label={ACCESS_TEXT.readWithPass(detail.passOffer.left)}
            />
          ) : (
            detail.freeReadOffer && (
              <FreeReadButton
                articleId={article._id}
                gift={gift}
                label={REVENUE_TEXT.detail.readWithFreeRead(detail.freeReadOffer.left)}
              />
            )
          )}
        </PremiumTeaser>
      )}
      <footer className="mt-10 flex flex-wrap items-center justify-between gap-4 border-t border-rule pt-6">
        {article.tags.length > 0 && (
          <ul aria-label={TEXT.detail.tags} className="flex flex-wrap gap-2">
            {article.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={paths.tag(tag)}
                  className="block rounded-full border border-rule px-3 py-1 text-xs font-medium text-ink-soft hover:border-ink hover:text-ink"
                >
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-ink-soft tabular-nums print:hidden">{TEXT.detail.views(article.views)}</p>
        <p className="hidden w-full text-sm print:block">
          {TEXT.detail.printedFrom} {url}
          <br />
          <Posted article={article} />
        </p>
      </footer>
    </article>
  );
}
