import type { AppDeps, Viewer } from '../../app-types.js';
import { isActive, premiumArticlesOf } from './premium-access.js';
import * as repository from './premium.repository.js';

/*
 * A limited pass's unlocks: the shared access rules read its allowance from the viewer (`premiumArticles`) and
 * give it no premium text; the article's answer opens each premium article here, one at a time.
 */

/** Whether this viewer's access is active and limited to a number of premium articles. */
export const hasLimitedPass = (viewer: Pick<Viewer, 'role' | 'premiumTaken' | 'premiumArticles'>, now: Date) =>
  viewer.role !== 'admin' && viewer.premiumArticles !== null && isActive({ premiumUntil: viewer.premiumTaken }, now);

/**
 * A reader with a limited pass asks for a premium article in full: already opened in this run, it opens; else
 * it opens while the run has articles left, and counts. The reader's row is locked while counting and
 * recording, so parallel opens of different articles take turns and never exceed the allowance.
 */
export async function openPremiumArticle(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  viewer: Viewer,
  articleId: string,
): Promise<boolean> {
  const now = deps.clock();
  if (!hasLimitedPass(viewer, now)) return false;
  return deps.db.transaction(async (tx) => {
    const row = await repository.lockAccess(tx, viewer.id);
    if (!row || !isActive(row, now) || row.premiumArticles === null) return false;
    const since = row.premiumArticlesSince ?? now;
    if (await repository.hasOpenedSince(tx, viewer.id, articleId, since)) return true;
    if ((await repository.countOpenedSince(tx, viewer.id, since)) >= row.premiumArticles) return false;
    await repository.recordOpen(tx, viewer.id, articleId, now);
    return true;
  });
}

/** Whether a limited pass has opened this article in the current run (a view of it may be counted). */
export async function openedInRun(deps: Pick<AppDeps, 'db' | 'clock'>, viewer: Viewer, articleId: string) {
  const now = deps.clock();
  if (!hasLimitedPass(viewer, now)) return false;
  const row = await repository.findAccess(deps.db, viewer.id);
  if (!row || !isActive(row, now) || row.premiumArticles === null) return false;
  return repository.hasOpenedSince(deps.db, viewer.id, articleId, row.premiumArticlesSince ?? now);
}

/** The premium articles a limited pass has left in its run; 0 without one. */
export async function passArticlesLeft(deps: Pick<AppDeps, 'db' | 'clock'>, viewer: Viewer): Promise<number> {
  const now = deps.clock();
  if (!hasLimitedPass(viewer, now)) return 0;
  const row = await repository.findAccess(deps.db, viewer.id);
  const allowance = row && (await premiumArticlesOf(deps.db, row, now));
  return allowance ? Math.max(allowance.included - allowance.opened, 0) : 0;
}
