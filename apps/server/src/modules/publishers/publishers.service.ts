import { API_MESSAGES, ARTICLE_MESSAGES, type Publisher } from '@dispatch/shared';
import type { AppDeps } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { badRequest, conflict } from '../../plugins/errors.js';
import * as repository from './publishers.repository.js';

type PublisherRow = Awaited<ReturnType<typeof repository.listPublishers>>[number];

export function toPublisher(row: PublisherRow): Publisher {
  return { _id: row.id, name: row.name, logo: row.logo, createdAt: row.createdAt.toISOString() };
}

const PUBLISHERS_TTL_MS = 60_000;

export function getPublishers({ db, cache }: Pick<AppDeps, 'db' | 'cache'>): Promise<Publisher[]> {
  return cache.remember('catalog', 'publishers', PUBLISHERS_TTL_MS, async () =>
    (await repository.listPublishers(db)).map(toPublisher),
  );
}

export const findPublisherByName = (db: DbOrTx, name: string) => repository.findByName(db, name);

/** Names are unique ignoring case; the logo must be one of our uploads. */
export async function createPublisher(
  { db, images, clock, cache }: Pick<AppDeps, 'db' | 'images' | 'clock' | 'cache'>,
  input: { name: string; logo: string },
): Promise<Publisher> {
  if (!(await images.owns(input.logo))) {
    throw badRequest(API_MESSAGES.imageNotOurs, { logo: [API_MESSAGES.imageNotOurs] });
  }
  const row = await repository.insertIfNameFree(db, { name: input.name, logo: input.logo, createdAt: clock() });
  if (!row) throw conflict(ARTICLE_MESSAGES.publisherTaken);
  await cache.invalidate('catalog');
  return toPublisher(row);
}
