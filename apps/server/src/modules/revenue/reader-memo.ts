import { LRUCache } from 'lru-cache';
import type { Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';

/**
 * What the server remembers of a signed-in reader between their requests, so that reloading a premium article's
 * page asks the database nothing more than an anonymous visit does (decision 048).
 *
 * The articles a reader's free reads opened in a month are kept with the viewer the session cache holds
 * (docs/decisions/019-cached-viewers-checked-by-generation.md) and go with it: a new free read bumps the
 * reader's generation, so every instance loads a new viewer, and a new memo, on their next request. A viewer
 * that is not cached is a new object each request, with nothing remembered.
 */
const meters = new WeakMap<Viewer, { month: string; articleIds: ReadonlySet<string> }>();

/** The articles the reader's free reads opened in `month`, read by `load` once per cached viewer. */
export async function meteredThisMonth(
  viewer: Viewer,
  month: string,
  load: () => Promise<string[]>,
): Promise<ReadonlySet<string>> {
  const known = meters.get(viewer);
  if (known?.month === month) return known.articleIds;
  const articleIds = new Set(await load());
  meters.set(viewer, { month, articleIds });
  return articleIds;
}

// A reader reloading the page of the wall they just hit is the same reader at the same wall: the funnel counts
// readers, per day and per article, and a subscription goes to the article of their last wall, so a repeat
// within this long on the same day changes nothing it shows but the time of that last wall.
const WALL_REPEAT_MS = 60 * 60 * 1000;
const WALLS_KEPT = 10_000;

interface Wall {
  articleId: string;
  day: string;
  at: number;
}

/** Each database's readers' last recorded wall hit, in this instance: a bounded memory, least recent out. */
const lastWalls = new WeakMap<DbOrTx, LRUCache<string, Wall>>();

function wallsOf(db: DbOrTx) {
  let walls = lastWalls.get(db);
  if (!walls) lastWalls.set(db, (walls = new LRUCache({ max: WALLS_KEPT })));
  return walls;
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Whether a reader's wall hit is worth recording: not when this instance recorded their last one, at the same
 * article, on the same day (UTC), less than an hour ago.
 */
export function wallIsNew(db: DbOrTx, readerId: string, articleId: string, at: Date): boolean {
  const last = wallsOf(db).get(readerId);
  return !(last?.articleId === articleId && last.day === dayOf(at) && at.getTime() - last.at < WALL_REPEAT_MS);
}

/** A wall hit was recorded for the reader. */
export function rememberWall(db: DbOrTx, readerId: string, articleId: string, at: Date) {
  wallsOf(db).set(readerId, { articleId, day: dayOf(at), at: at.getTime() });
}
