import { canTransition, DESK_TEXT, TEXT, type AdminArticle } from '@dispatch/shared';
import { useAudienceItem } from './audience-action';
import { RowMenu, type RowMenuItem } from './row-menu';

const D = TEXT.dashboard;
const ADMIN = ['reader', 'admin'] as const;

export interface ArticleActionHandlers {
  preview: (article: AdminArticle) => void;
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
  /**
   * 'decisions': SPEC's four alone (Approve, Decline, Make Premium, Delete), as a row shows them beside its menu;
   * 'all' (the preview): 'View changes' and 'Request changes' too.
   */
  show?: 'decisions' | 'all';
  /** The buttons' size: the row's are compact. */
  buttonClass?: string;
}

/** Whether the article is waiting and may be sent back: the same rule as Approve and Decline. */
const isDecidable = (article: AdminArticle) => canTransition(article.status, 'approve', ADMIN);
const hasChangesToView = (article: AdminArticle) => article.status === 'pending' && article.hasReviewedVersion;

/**
 * docs/product.md#all-articles-admin: Approve, Decline and Request changes only on pending rows (the shared
 * transitions table says so), 'View changes' on a pending row that was sent back before, Make Premium only on
 * approved non-premium rows, Delete on every row. A row shows SPEC's four as buttons and the others in its menu
 * (`ArticleRowMenu`); the preview shows them all.
 */
export function ArticleActions({
  article,
  busy,
  on,
  describedBy,
  show = 'all',
  buttonClass = 'btn px-3 py-1.5',
}: ArticleActionsProps) {
  const all = show === 'all';
  return (
    <>
      {all && hasChangesToView(article) && (
        <button
          type="button"
          aria-describedby={describedBy}
          onClick={() => on.viewChanges(article)}
          className={`${buttonClass} border border-ink text-ink hover:bg-ink hover:text-paper`}
        >
          {D.viewChanges}
        </button>
      )}
      {isDecidable(article) && (
        <>
          <button
            type="button"
            disabled={busy}
            aria-describedby={describedBy}
            onClick={() => on.approve(article)}
            className={`${buttonClass} border border-transparent bg-emerald-800 text-white hover:bg-emerald-900`}
          >
            {D.approve}
          </button>
          <button
            type="button"
            disabled={busy}
            aria-describedby={describedBy}
            onClick={() => on.decline(article)}
            className={`${buttonClass} border border-danger text-danger hover:bg-danger hover:text-paper`}
          >
            {D.decline}
          </button>
          {all && (
            <button
              type="button"
              disabled={busy}
              aria-describedby={describedBy}
              onClick={() => on.requestChanges(article)}
              className={`${buttonClass} border border-note-line text-note-ink hover:bg-sky-800 hover:text-white`}
            >
              {D.requestChanges}
            </button>
          )}
        </>
      )}
      {canTransition(article.status, 'premium', ADMIN) && !article.isPremium && (
        <button
          type="button"
          disabled={busy}
          aria-describedby={describedBy}
          onClick={() => on.premium(article)}
          className={`${buttonClass} border border-transparent btn-accent`}
        >
          {D.makePremium}
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        aria-describedby={describedBy}
        onClick={() => on.delete(article)}
        className={`${buttonClass} btn-outline`}
      >
        {D.delete}
      </button>
    </>
  );
}

interface ArticleRowMenuProps {
  article: AdminArticle;
  busy: boolean;
  on: ArticleActionHandlers;
  describedBy?: string;
}

/**
 * A row's menu (docs/decisions/069-a-compact-desk.md): Preview, then what a row does beyond SPEC's four buttons.
 * A new entry is one more line in `items`.
 */
export function ArticleRowMenu({ article, busy, on, describedBy }: ArticleRowMenuProps) {
  const audience = useAudienceItem(article, busy);
  const items: (RowMenuItem | false)[] = [
    { label: DESK_TEXT.preview, onSelect: () => on.preview(article) },
    hasChangesToView(article) && { label: D.viewChanges, onSelect: () => on.viewChanges(article) },
    isDecidable(article) && { label: D.requestChanges, onSelect: () => on.requestChanges(article), disabled: busy },
    audience,
  ];
  return (
    <RowMenu
      label={DESK_TEXT.moreActions}
      describedBy={describedBy}
      items={items.filter((item): item is RowMenuItem => item !== false)}
    />
  );
}
