import {
  canOpenDetails,
  imageSrcSet,
  preview,
  TEXT,
  type ArticleCard as ArticleCardData,
  type Viewer,
} from '@dispatch/shared';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { LockIcon, StarIcon } from '../../../components/icons';
import { paths } from '../../../lib/paths';
import { DAY, LocalTime } from '../../../components/local-time';

/** A search's matching fragment: the server sends text segments, the marks are built here, never parsed HTML. */
function Highlight({ segments }: { segments: NonNullable<ArticleCardData['highlight']> }) {
  return (
    <>
      {TEXT.listing.fragmentCut}
      {segments.map((segment, index) =>
        segment.match ? (
          <mark key={index} className="rounded-sm bg-accent-wash px-0.5 font-semibold text-ink">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
      {TEXT.listing.fragmentCut}
    </>
  );
}

/**
 * The image opens the article too, for a pointer; the headline's link is the one keyboards and screen
 * readers meet, so this one stays out of the tab order and the accessibility tree.
 */
function CardImageLink({ to, children }: { to: string | undefined; children: ReactNode }) {
  if (!to) return children;
  return (
    <Link to={to} tabIndex={-1} aria-hidden="true" className="block size-full">
      {children}
    </Link>
  );
}

interface ArticleCardProps {
  article: ArticleCardData;
  viewer: Viewer | null;
  now?: Date;
  /** Cards in the first row load their image at once; the rest wait until they scroll near. */
  eager?: boolean;
  /** Fetched before the other images: the card most likely to be the page's largest paint. */
  priority?: boolean;
}

export function ArticleCard({ article, viewer, now = new Date(), eager = false, priority = false }: ArticleCardProps) {
  const titleId = useId();
  const lockedId = useId();
  const open = canOpenDetails(article, viewer, now);
  // The day it was published (approved), as its page's Posted; a list holds approved articles only.
  const day = article.publishedAt ?? article.createdAt;
  const dated = new Date(day);

  return (
    <article
      aria-labelledby={titleId}
      className={`group flex min-w-0 flex-col overflow-hidden rounded-lg bg-surface shadow-sm transition-shadow hover:shadow-md ${
        article.isPremium ? 'border-2 border-accent-line ring-4 ring-accent-wash' : 'border border-rule'
      }`}
    >
      <div className="relative aspect-[16/9] bg-placeholder">
        <CardImageLink to={open ? paths.articleDetails(article._id) : undefined}>
          <img
            src={article.image}
            srcSet={imageSrcSet(article.image)}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            width={640}
            height={360}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            // The first card is the list's largest paint on a phone.
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover"
          />
        </CardImageLink>
        {article.isPremium && (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-accent px-3 py-1 text-xs font-semibold tracking-wide text-paper uppercase shadow">
            <StarIcon className="size-3.5" />
            {TEXT.articles.premium}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="kicker">
          <Link
            to={paths.publisher(article.publisherSlug)}
            className="underline-offset-2 hover:text-ink hover:underline"
          >
            {article.publisher}
          </Link>
          {!Number.isNaN(dated.getTime()) && (
            <>
              <span aria-hidden="true"> · </span>
              <LocalTime iso={day} options={DAY} />
            </>
          )}
        </p>
        <h2 id={titleId} className="mt-2 text-xl leading-snug font-bold wrap-anywhere text-ink">
          {open ? (
            <Link
              to={paths.articleDetails(article._id)}
              className="underline-offset-4 decoration-2 hover:underline focus-visible:underline"
            >
              {article.title}
            </Link>
          ) : (
            article.title
          )}
        </h2>
        <p className="mt-2 text-[0.9375rem] leading-relaxed break-words text-ink-soft">
          {article.highlight ? <Highlight segments={article.highlight} /> : preview(article.excerpt)}
        </p>
        {article.tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={TEXT.listing.tags}>
            {article.tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={paths.tag(tag)}
                  className="block rounded-full border border-rule px-2.5 py-0.5 text-xs font-medium text-ink-soft hover:border-ink hover:text-ink"
                >
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto pt-5">
          {open ? (
            <Link to={paths.articleDetails(article._id)} aria-describedby={titleId} className="btn btn-outline">
              {TEXT.articles.details}
            </Link>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <button type="button" disabled aria-describedby={lockedId} className="btn">
                <LockIcon />
                {TEXT.articles.details}
              </button>
              <Link
                id={lockedId}
                to={paths.subscription}
                className="text-sm font-medium text-accent underline-offset-2 hover:underline"
              >
                {TEXT.articles.premiumLocked}
              </Link>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}
