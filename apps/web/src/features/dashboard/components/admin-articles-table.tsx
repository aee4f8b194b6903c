import { imageSrcSet, RequestChangesInputSchema, TEXT, type AdminArticle, DESK_TEXT } from '@dispatch/shared';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { statusBadgeClass, table } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { useModerateArticle, type Moderation } from '../api/moderate-article';
import { ArticleActions, type ArticleActionHandlers } from './article-actions';
import { ArticlePreviewDialog } from './article-preview-dialog';
import { NoteDialog } from './note-dialog';
import { ReviewDiffDialog } from './review-diff-dialog';
import { dayFormat, formatDate } from '../../../lib/format-date';

const D = TEXT.dashboard;
const SUCCESS: Record<Moderation['action'], string> = {
  approve: TEXT.toast.articleApproved,
  decline: TEXT.toast.articleDeclined,
  'request-changes': TEXT.toast.changesRequested,
  premium: TEXT.toast.articlePremium,
  delete: TEXT.toast.deleted,
};

const small = 'btn px-3 py-1.5';
const titleId = (id: string) => `admin-article-${id}`;

const noteProblem = (note: string) => RequestChangesInputSchema.shape.note.safeParse(note).error?.issues[0]?.message;

/**
 * docs/product.md#all-articles-admin: each row's Preview and its actions (`ArticleActions`), which the preview offers
 * too; Decline and Request changes ask for words first, Delete for 'Are you sure?'.
 */
export function AdminArticlesTable({ articles }: { articles: AdminArticle[] }) {
  const moderate = useModerateArticle();
  const [declining, setDeclining] = useState<AdminArticle | null>(null);
  const [requesting, setRequesting] = useState<AdminArticle | null>(null);
  const [comparing, setComparing] = useState<AdminArticle | null>(null);
  const [deleting, setDeleting] = useState<AdminArticle | null>(null);
  const [previewing, setPreviewing] = useState<AdminArticle | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);

  // Rows with a decision on its way. A ref, so that a double click in one frame still sends one request;
  // the state mirrors it to disable the row's buttons.
  const inFlight = useRef(new Set<string>());
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const run = async (moderation: Moderation) => {
    if (inFlight.current.has(moderation.id)) return;
    inFlight.current.add(moderation.id);
    setBusyIds(new Set(inFlight.current));
    try {
      await moderate.mutateAsync(moderation);
      // A decision taken from the preview is done with it.
      setPreviewing((open) => (open?._id === moderation.id ? null : open));
      toast.success(SUCCESS[moderation.action]);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      inFlight.current.delete(moderation.id);
      setBusyIds(new Set(inFlight.current));
    }
  };
  const busy = (id: string) => busyIds.has(id);
  const actions: ArticleActionHandlers = {
    viewChanges: setComparing,
    approve: (article) => void run({ action: 'approve', id: article._id }),
    decline: setDeclining,
    requestChanges: setRequesting,
    premium: (article) => void run({ action: 'premium', id: article._id }),
    delete: setDeleting,
  };

  return (
    <>
      <div ref={tableRef} tabIndex={-1} className={`${table.wrapper} focus:outline-none`}>
        <table className={table.table}>
          <thead className={table.head}>
            <tr>
              {[TEXT.writing.title, D.author, D.date, D.status, D.premium, D.decided, D.actions].map((label) => (
                <th key={label} scope="col" className={table.headCell}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={table.body}>
            {articles.map((article) => {
              const describedBy = titleId(article._id);
              return (
                <tr key={article._id} className={table.row} aria-busy={busy(article._id)}>
                  <td data-label={TEXT.writing.title} className={`${table.cell} md:max-w-64`}>
                    <span className="min-w-0 flex-1">
                      <span id={describedBy} className="block font-semibold break-words text-ink">
                        {article.title}
                      </span>
                      <span className="kicker mt-1 block">{article.publisher}</span>
                    </span>
                  </td>
                  <td data-label={D.author} className={table.cell}>
                    <span className="flex min-w-0 flex-1 items-center gap-2">
                      <img
                        src={article.author_photo}
                        srcSet={imageSrcSet(article.author_photo)}
                        sizes="36px"
                        alt=""
                        width={36}
                        height={36}
                        loading="lazy"
                        className="size-9 shrink-0 rounded-full border border-rule bg-surface-muted object-cover"
                      />
                      <span className="min-w-0">
                        <span className="block font-medium break-words text-ink">{article.author_name}</span>
                        <span className="block text-xs [overflow-wrap:anywhere] text-ink-soft">
                          {article.author_email}
                        </span>
                      </span>
                    </span>
                  </td>
                  <td data-label={D.date} className={`${table.cell} whitespace-nowrap text-ink-soft`}>
                    <time dateTime={article.createdAt}>{formatDate(article.createdAt, dayFormat)}</time>
                  </td>
                  <td data-label={D.status} className={table.cell}>
                    <span className={statusBadgeClass(article.status)}>{TEXT.writing.statuses[article.status]}</span>
                  </td>
                  <td data-label={D.premium} className={table.cell}>
                    {article.isPremium ? TEXT.writing.yes : TEXT.writing.no}
                  </td>
                  <td data-label={D.decided} className={`${table.cell} text-xs text-ink-soft`}>
                    {article.decidedBy ? (
                      <span className="min-w-0">
                        <span className="block font-medium break-words text-ink">{article.decidedBy.name}</span>
                        <span className="block [overflow-wrap:anywhere]">{article.decidedBy.email}</span>
                        {article.decidedAt && (
                          <time dateTime={article.decidedAt} className="block">
                            {formatDate(article.decidedAt)}
                          </time>
                        )}
                      </span>
                    ) : (
                      D.notDecided
                    )}
                  </td>
                  <td data-label={D.actions} className={table.cell}>
                    <span className="flex flex-wrap gap-2 md:min-w-40">
                      <button
                        type="button"
                        aria-describedby={describedBy}
                        onClick={() => setPreviewing(article)}
                        className={`${small} btn-outline`}
                      >
                        {DESK_TEXT.preview}
                      </button>
                      <ArticleActions
                        article={article}
                        busy={busy(article._id)}
                        on={actions}
                        describedBy={describedBy}
                      />
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/* First, so that the dialogs an action opens from it stack above it. */}
      <ArticlePreviewDialog
        article={previewing && (articles.find((one) => one._id === previewing._id) ?? previewing)}
        onClose={() => setPreviewing(null)}
        focusFallback={() => tableRef.current}
        actions={
          previewing && (
            <ArticleActions
              article={articles.find((one) => one._id === previewing._id) ?? previewing}
              busy={busy(previewing._id)}
              on={actions}
            />
          )
        }
      />
      <NoteDialog
        articleTitle={declining?.title ?? null}
        title={D.declineTitle}
        body={D.declineBody}
        label={D.reason}
        submitLabel={D.decline}
        tone="danger"
        onClose={() => setDeclining(null)}
        onSubmit={(reason) => {
          if (declining) void run({ action: 'decline', id: declining._id, reason });
          setDeclining(null);
        }}
      />
      <NoteDialog
        articleTitle={requesting?.title ?? null}
        title={D.requestChangesTitle}
        body={D.requestChangesBody}
        label={D.note}
        submitLabel={D.requestChanges}
        validate={noteProblem}
        tone="changes"
        onClose={() => setRequesting(null)}
        onSubmit={(note) => {
          if (requesting) void run({ action: 'request-changes', id: requesting._id, note });
          setRequesting(null);
        }}
      />
      <ReviewDiffDialog article={comparing} onClose={() => setComparing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={TEXT.confirm.title}
        description={TEXT.confirm.adminDelete}
        confirmLabel={TEXT.writing.confirmDelete}
        onConfirm={() => {
          if (deleting) void run({ action: 'delete', id: deleting._id });
        }}
        tone="danger"
      />
    </>
  );
}
