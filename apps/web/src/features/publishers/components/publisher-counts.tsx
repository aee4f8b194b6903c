import { DESK_TEXT, imageSrcSet } from '@dispatch/shared';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { usePublisherCounts } from '../../../api/publishers-admin';

/** The publishers an editor already has, by name, each with its articles of any status (as the overview's pie counts). */
export function PublisherCounts() {
  const publishers = usePublisherCounts();
  let content;
  if (publishers.isPending) content = <LoadingState />;
  else if (publishers.isError) content = <ErrorState onRetry={() => void publishers.refetch()} />;
  else if (publishers.data.length === 0) content = <EmptyState message={DESK_TEXT.noPublishers} />;
  else
    content = (
      <ul className="divide-y divide-rule">
        {publishers.data.map((publisher) => (
          <li key={publisher._id} className="flex items-center gap-3 py-2.5">
            <img
              src={publisher.logo}
              srcSet={imageSrcSet(publisher.logo)}
              sizes="36px"
              alt=""
              width={36}
              height={36}
              loading="lazy"
              className="size-9 shrink-0 rounded-md border border-rule bg-surface-muted object-cover"
            />
            <Link
              to={paths.publisher(publisher.slug)}
              className="min-w-0 flex-1 font-medium break-words text-ink underline-offset-2 hover:underline"
            >
              {publisher.name}
            </Link>
            <span className="shrink-0 text-sm text-ink-soft tabular-nums">
              {DESK_TEXT.articleCount(publisher.articles)}
            </span>
          </li>
        ))}
      </ul>
    );
  return (
    <section aria-labelledby="publisher-counts-heading" className="rounded-lg border border-rule bg-surface p-5 sm:p-6">
      <h2 id="publisher-counts-heading" className="text-xl font-bold text-ink">
        {DESK_TEXT.publishersHeading}
      </h2>
      <p className="mt-1 mb-3 text-sm text-ink-soft">{DESK_TEXT.publishersListIntro}</p>
      {content}
    </section>
  );
}
