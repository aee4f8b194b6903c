import { imageSrcSet, TEXT } from '@dispatch/shared';
import { Link } from 'react-router';
import { EmptyState, Skeleton, UnavailableNote } from '../../../components/states';
import { paths } from '../../../lib/paths';
import { usePublishers } from '../../../api/publishers';

/** On the home page, which says once (with one retry) that its data did not come: the section only notes it. */
export function PublishersSection() {
  const publishers = usePublishers();

  if (publishers.isPending) {
    return (
      <div role="status" aria-label={TEXT.states.loading} className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-36" />
        ))}
      </div>
    );
  }
  if (publishers.isError) return <UnavailableNote />;
  if (publishers.data.length === 0) return <EmptyState message={TEXT.homeCopy.noPublishers} />;

  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
      {publishers.data.map((publisher) => (
        <li key={publisher._id} className="flex">
          <Link
            to={paths.publisher(publisher.slug)}
            className="flex w-full flex-col items-center gap-3 rounded-lg border border-rule bg-surface p-5 text-center transition-shadow hover:shadow-md"
          >
            <img
              src={publisher.logo}
              srcSet={imageSrcSet(publisher.logo)}
              sizes="96px"
              width={96}
              height={96}
              alt=""
              loading="lazy"
              decoding="async"
              className="size-20 rounded-full border border-rule bg-white object-cover sm:size-24"
            />
            <span className="font-serif text-base font-semibold break-words text-ink sm:text-lg">{publisher.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
