import {
  ARTICLE_MESSAGES,
  quotesPremiumText,
  type ArticleCorrections,
  type Correction,
  type CorrectionPage,
  type PublishCorrectionInput,
} from '@dispatch/shared';
import type { AppDeps, Viewer } from '../../app-types.js';
import type { DbOrTx } from '../../db/client.js';
import { commit } from '../../db/commit.js';
import { toRowWindow, type PageQuery } from '../../db/paging.js';
import { badRequest } from '../../plugins/errors.js';
import { normalisedKey } from '../../plugins/response-cache.js';
import { getArticlePreview } from '../catalogue/catalogue.service.js';
import { correctArticle } from '../editorial/editorial.service.js';
import { hiddenTagsOf } from '../family/family-access.js';
import { listRevisions } from '../revisions/revisions.service.js';
import * as repository from './corrections.repository.js';

// Cached with the catalogue: a new correction bumps it, so every instance shows it at once.
const CORRECTIONS_TTL_MS = 60_000;

function toCorrection(row: repository.CorrectionRow): Correction {
  return {
    _id: row.id,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    revision: { _id: row.revisionId, number: row.revisionNumber },
  };
}

/**
 * Publishes a correction on an approved article (admins; docs/product.md#corrections). The one place a
 * correction is made: the 'correct' move of the editorial table and its record entry, the check that the
 * revision is this article's, the correction itself and the writer's notice, in one transaction.
 */
export async function publishCorrection(
  deps: Pick<AppDeps, 'db' | 'clock' | 'cache' | 'viewers' | 'notifier'>,
  editor: Viewer,
  articleId: string,
  input: Required<PublishCorrectionInput>,
): Promise<Correction> {
  return commit(deps, async (tx, after) => {
    const at = deps.clock();
    const { from } = await correctArticle(tx, deps.notifier, editor, articleId, input.note, at);
    const revisions = await listRevisions(tx, articleId);
    const revision = revisions.find((one) => one._id === input.revisionId.toLowerCase());
    if (!revision) {
      throw badRequest(ARTICLE_MESSAGES.revisionNotOfArticle, { revisionId: [ARTICLE_MESSAGES.revisionNotOfArticle] });
    }
    if (
      from.isPremium &&
      quotesPremiumText(
        input.note,
        revisions.map((one) => one.description),
      )
    ) {
      throw badRequest(ARTICLE_MESSAGES.correctionQuotesPremium, { note: [ARTICLE_MESSAGES.correctionQuotesPremium] });
    }
    const row = await repository.insert(tx, {
      articleId,
      revisionId: revision._id,
      editorId: editor.id,
      note: input.note,
      createdAt: at,
    });
    after.stale('catalogue');
    return toCorrection({ ...row, note: input.note, revisionId: revision._id, revisionNumber: revision.number });
  });
}

/** An approved article's corrections, for anyone who may see it exists (any other article: 404). */
export async function getArticleCorrections(
  deps: Pick<AppDeps, 'db' | 'cache' | 'config'>,
  viewer: Viewer | null,
  articleId: string,
): Promise<ArticleCorrections> {
  await getArticlePreview(deps, articleId, viewer);
  // Few articles have a correction: the others' pages read none.
  const corrected = await deps.cache.remember('catalogue', 'corrections:articles', CORRECTIONS_TTL_MS, async () => {
    return new Set(await repository.correctedArticleIds(deps.db));
  });
  if (!corrected.has(articleId)) return { corrections: [] };
  return deps.cache.remember('catalogue', `corrections:article:${articleId}`, CORRECTIONS_TTL_MS, async () => ({
    corrections: (await repository.listForArticle(deps.db, articleId)).map(toCorrection),
  }));
}

const toListEntry = (row: repository.PublishedCorrectionRow) => ({
  ...toCorrection(row),
  article: { _id: row.articleId, title: row.articleTitle },
});

/** The corrections page: every correction of an approved article, newest first. */
export function getCorrectionPage(
  deps: Pick<AppDeps, 'db' | 'cache'>,
  viewer: Viewer | null,
  query: PageQuery,
): Promise<CorrectionPage> {
  const hiddenTags = hiddenTagsOf(viewer);
  const key = normalisedKey({
    list: 'corrections',
    page: query.page,
    limit: query.limit,
    hiddenTags: hiddenTags?.join(','),
  });
  return deps.cache.remember('catalogue', key, CORRECTIONS_TTL_MS, async () => {
    const [rows, total] = await Promise.all([
      repository.listPublished(deps.db, toRowWindow(query), hiddenTags),
      repository.countPublished(deps.db, hiddenTags),
    ]);
    return { corrections: rows.map(toListEntry), total };
  });
}

/** The newest corrections for the corrections feed. */
export async function getLatestCorrections(db: DbOrTx, limit: number) {
  return (await repository.listPublished(db, { offset: 0, limit })).map(toListEntry);
}
