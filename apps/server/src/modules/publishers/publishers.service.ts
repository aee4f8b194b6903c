import {
  API_MESSAGES,
  ARTICLE_MESSAGES,
  numberedSlug,
  slugify,
  type Publisher,
  type PublisherCount,
} from '@dispatch/shared';
import type { AppDeps } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit } from '../../db/commit.js';
import { badRequest, conflict, notFound } from '../../plugins/errors.js';
import * as repository from './publishers.repository.js';

type PublisherRow = Awaited<ReturnType<typeof repository.listPublishers>>[number];

export function toPublisher(row: PublisherRow): Publisher {
  return { _id: row.id, name: row.name, slug: row.slug, logo: row.logo, createdAt: row.createdAt.toISOString() };
}

const PUBLISHERS_TTL_MS = 60_000;
/** More publishers than this whose names give one slug are refused as taken. */
const MAX_SLUG_NUMBER = 50;

export function getPublishers({ db, cache }: Pick<AppDeps, 'db' | 'cache'>): Promise<Publisher[]> {
  return cache.remember('catalogue', 'publishers', PUBLISHERS_TTL_MS, async () =>
    (await repository.listPublishers(db)).map(toPublisher),
  );
}

/** The publisher a page address names, else a 404; read from the cached list (a few hundred rows at most). */
export async function getPublisherBySlug(deps: Pick<AppDeps, 'db' | 'cache'>, slug: string): Promise<Publisher> {
  const publisher = (await getPublishers(deps)).find((candidate) => candidate.slug === slug);
  if (!publisher) throw notFound(ARTICLE_MESSAGES.publisherNotFound);
  return publisher;
}

/** For editors: read fresh (not from the public cache), so a publisher just added is listed at once. */
export async function getPublisherCounts(db: DbOrTx): Promise<PublisherCount[]> {
  return (await repository.listWithArticleCounts(db)).map(({ id, ...rest }) => ({ _id: id, ...rest }));
}

export const findPublisherByName = (db: DbOrTx, name: string) => repository.findByName(db, name);

/** Names are unique ignoring case; the logo must be one of our uploads. */
export async function createPublisher(
  deps: Pick<AppDeps, 'db' | 'images' | 'clock' | 'cache' | 'viewers'>,
  input: { name: string; logo: string },
): Promise<Publisher> {
  if (!(await deps.images.owns(input.logo))) {
    throw badRequest(API_MESSAGES.imageNotOurs, { logo: [API_MESSAGES.imageNotOurs] });
  }
  const slug = slugify(input.name);
  return commit(deps, async (tx, after) => {
    // Another name may give the same slug ("A.B", "A B"): the later one is numbered.
    for (let n = 1; n <= MAX_SLUG_NUMBER; n += 1) {
      const row = await repository.insertIfFree(tx, {
        name: input.name,
        slug: numberedSlug(slug, n),
        logo: input.logo,
        createdAt: deps.clock(),
      });
      if (row) {
        after.stale('catalogue');
        return toPublisher(row);
      }
      if (await repository.findByName(tx, input.name)) throw conflict(ARTICLE_MESSAGES.publisherTaken);
    }
    throw conflict(ARTICLE_MESSAGES.publisherTaken);
  });
}
