import { canTransition, TEXT, type AdminArticle } from '@dispatch/shared';

const D = TEXT.dashboard;
const small = 'btn px-3 py-1.5';
const ADMIN = ['reader', 'admin'] as const;

export interface ArticleActionHandlers {
  viewChanges: (article: AdminArticle) => void;
  approve: (article: AdminArticle) => void;
  decline: (article: AdminArticle) => void;
  requestChanges: (article: AdminArticle) => void;
  premium: (article: AdminArticle) => void;
  delete: (article: AdminArticle) => void;
}

interface ArticleActionsProps {
  article: AdminArticle;
  /** A decision on this article is on its way. */
  busy: boolean;
  on: ArticleActionHandlers;
  /** The id of the element naming the article, for each button's description. */
  describedBy?: string;
}

/**
 * docs/product.md#all-articles-admin: Approve, Decline and Request changes only on pending rows (the shared
 * transitions table says so), 'View changes' on a pending row that was sent back before, Make Premium only on
 * approved non-premium rows, Delete on every row. The same buttons in the table's row and in its preview.
 */
export function ArticleActions({ article, busy, on, describedBy }: ArticleActionsProps) {
  return (
    <>
      {article.status === 'pending' && article.hasReviewedVersion && (
        <button
          type="button"
          aria-describedby={describedBy}
          onClick={() => on.viewChanges(article)}
          className={`${small} border border-ink text-ink hover:bg-ink hover:text-paper`}
        >
          {D.viewChanges}
        </button>
      )}
      {canTransition(article.status, 'approve', ADMIN) && (
        <>
          <button
            type="button"
            disabled={busy}
            aria-describedby={describedBy}
            onClick={() => on.approve(article)}
            className={`${small} bg-emerald-800 text-white hover:bg-emerald-900`}
          >
            {D.approve}
          </button>
          <button
            type="button"
            disabled={busy}
            aria-describedby={describedBy}
            onClick={() => on.decline(article)}
            className={`${small} border border-danger text-danger hover:bg-danger hover:text-paper`}
          >
            {D.decline}
          </button>
          <button
            type="button"
            disabled={busy}
            aria-describedby={describedBy}
            onClick={() => on.requestChanges(article)}
            className={`${small} border border-note-line text-note-ink hover:bg-sky-800 hover:text-white`}
          >
            {D.requestChanges}
          </button>
        </>
      )}
      {canTransition(article.status, 'premium', ADMIN) && !article.isPremium && (
        <button
          type="button"
          disabled={busy}
          aria-describedby={describedBy}
          onClick={() => on.premium(article)}
          className={`${small} btn-accent`}
        >
          {D.makePremium}
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        aria-describedby={describedBy}
        onClick={() => on.delete(article)}
        className={`${small} btn-outline`}
      >
        {D.delete}
      </button>
    </>
  );
}
