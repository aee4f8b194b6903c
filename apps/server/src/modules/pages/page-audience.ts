import { hasPremiumNow, type ArticleDetail, type RoleRecord } from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import { AppError } from '../../plugins/errors.js';
import { articleId } from '../articles/article-params.js';
import { openArticle } from '../reading/reading.service.js';
import { viewerRoleRecord } from '../users/users.service.js';

/**
 * What a signed-in reader's page is rendered from when everyone it is `key` for sees the same page (decision
 * 047): a role record with nothing of the reader's own in it, and the answers the page's loaders would get.
 */
export interface Audience {
  key: string;
  role: RoleRecord;
  article?: { id: string; detail: ArticleDetail };
}

/** The premium expiry in a shared page's role record: the article page never shows it, only whether it is past. */
const SHARED_EXPIRY = '9999-12-31T23:59:59.999Z';

/** A reader's role record as the pages they share with others see it: their own, but for when premium ends. */
async function sharedRole(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>, viewer: Viewer): Promise<RoleRecord> {
  // Whether their free days are used is theirs alone: the navbar's own lookup brings it once the page runs.
  const { renewing: _held, freeDaysUsed: _used, ...own } = await viewerRoleRecord(deps, viewer);
  return { ...own, premiumTaken: hasPremiumNow(viewer, deps.clock()) ? SHARED_EXPIRY : null };
}

/**
 * An article page shared by every reader the article answers alike: opening it here spends what the API's
 * answer would (a free read, decision 040's arrival rule included), and what it says to this reader (their
 * meter) is part of the key. The page is the reader's own, and undefined here, when it shows something of
 * theirs: an admin's or the author's editorial side, a pass's count of articles, a gift link's note, or an
 * error page (the reader's own render shows it).
 */
export async function articleAudience(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'config' | 'viewers'>,
  viewer: Viewer,
  page: { id: string; search: URLSearchParams; sameSite: boolean },
): Promise<Audience | undefined> {
  if (viewer.role === 'admin' || viewer.premiumArticles !== null || page.search.has('gift')) return undefined;
  let detail: ArticleDetail;
  try {
    detail = await openArticle(deps, viewer, articleId(page.id), undefined, { sameSite: page.sameSite });
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
  if (detail.article.author_email === viewer.email) return undefined;
  const role = await sharedRole(deps, viewer);
  const { article, ...answer } = detail;
  return {
    key: JSON.stringify({ role, answer, article: article._id }),
    role,
    article: { id: page.id, detail },
  };
}
