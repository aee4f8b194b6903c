import { TEXT, type MyArticle } from '@dispatch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { statusBadgeClass, table } from '../../../components/data-table';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useDeleteMyArticle } from '../api/delete-article';
import { useResubmitArticle } from '../api/resubmit-article';
import { EditorNoteDialog } from './editor-note-dialog';

const W = TEXT.writing;
const actionClass = 'btn btn-outline px-3 py-1.5';
const titleId = (id: string) => `my-article-${id}`;

/**
 * docs/product.md#screens /my-articles: # / Title / Status / Premium / Actions, with 'Reason' on declined rows, and
 * 'Note' and 'Resubmit' on rows whose editor asked for changes.
 */
export function MyArticlesTable({ articles, firstNumber = 1 }: { articles: MyArticle[]; firstNumber?: number }) {
  const remove = useDeleteMyArticle();
  const [reasonFor, setReasonFor] = useState<MyArticle | null>(null);
  const [deleting, setDeleting] = useState<MyArticle | null>(null);
  const [noteFor, setNoteFor] = useState<MyArticle | null>(null);
  const [resubmitting, setResubmitting] = useState<MyArticle | null>(null);
  const resubmit = useResubmitArticle();

  const confirmResubmit = () => {
    if (!resubmitting) return;
    resubmit.mutate(resubmitting._id, {
      onSuccess: () => toast.success(TEXT.toast.articleResubmitted),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: () => toast.success(TEXT.toast.deleted),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <>
      <div className={table.wrapper}>
        <table className={table.table}>
          <thead className={table.head}>
            <tr>
              <th scope="col" className={table.headCell}>
                {W.number}
              </th>
              <th scope="col" className={table.headCell}>
                {W.title}
              </th>
              <th scope="col" className={table.headCell}>
                {W.status}
              </th>
              <th scope="col" className={table.headCell}>
                {W.premium}
              </th>
              <th scope="col" className={table.headCell}>
                {W.actions}
              </th>
            </tr>
          </thead>
          <tbody className={table.body}>
            {articles.map((article, index) => (
              <tr key={article._id} className={table.row}>
                <td data-label={W.number} className={`${table.cell} tabular-nums text-ink-soft`}>
                  {firstNumber + index}
                </td>
                <td data-label={W.title} className={`${table.cell} font-semibold break-words text-ink md:max-w-md`}>
                  <span id={titleId(article._id)} className="min-w-0 flex-1">
                    {article.title}
                  </span>
                </td>
                <td data-label={W.status} className={table.cell}>
                  <span className="inline-flex flex-wrap items-center gap-2">
                    <span className={statusBadgeClass(article.status)}>{W.statuses[article.status]}</span>
                    {article.status === 'declined' && (
                      <button
                        type="button"
                        onClick={() => setReasonFor(article)}
                        aria-describedby={titleId(article._id)}
                        className="text-sm font-semibold text-danger underline underline-offset-2 hover:no-underline"
                      >
                        {W.reason}
                      </button>
                    )}
                    {article.status === 'changes_requested' && (
                      <button
                        type="button"
                        onClick={() => setNoteFor(article)}
                        aria-describedby={titleId(article._id)}
                        className="text-sm font-semibold text-note-ink underline underline-offset-2 hover:no-underline"
                      >
                        {TEXT.changesNote.button}
                      </button>
                    )}
                  </span>
                </td>
                <td data-label={W.premium} className={table.cell}>
                  {article.isPremium ? W.yes : W.no}
                </td>
                <td data-label={W.actions} className={table.cell}>
                  <span className="flex flex-wrap gap-2">
                    <Link
                      to={paths.articleDetails(article._id)}
                      aria-describedby={titleId(article._id)}
                      className={actionClass}
                    >
                      {W.details}
                    </Link>
                    <Link
                      to={paths.updateArticle(article._id)}
                      aria-describedby={titleId(article._id)}
                      className={actionClass}
                    >
                      {W.updateAction}
                    </Link>
                    {article.status === 'changes_requested' && (
                      <button
                        type="button"
                        onClick={() => setResubmitting(article)}
                        aria-describedby={titleId(article._id)}
                        disabled={resubmit.isPending && resubmit.variables === article._id}
                        className="btn btn-primary px-3 py-1.5"
                      >
                        {TEXT.resubmit.action}
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => setDeleting(article)}
                      aria-describedby={titleId(article._id)}
                      disabled={remove.isPending && remove.variables === article._id}
                      className="btn border border-danger px-3 py-1.5 text-danger hover:bg-danger hover:text-paper"
                    >
                      {W.delete}
                    </button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <EditorNoteDialog
        kind="decline"
        note={reasonFor ? reasonFor.reason : undefined}
        articleTitle={reasonFor?.title ?? ''}
        onClose={() => setReasonFor(null)}
      />
      <EditorNoteDialog
        kind="changes"
        note={noteFor ? (noteFor.changesNote ?? '') : undefined}
        articleTitle={noteFor?.title ?? ''}
        onClose={() => setNoteFor(null)}
      />
      <ConfirmDialog
        open={resubmitting !== null}
        onOpenChange={(open) => {
          if (!open) setResubmitting(null);
        }}
        title={TEXT.resubmit.title}
        description={TEXT.resubmit.body}
        confirmLabel={TEXT.resubmit.action}
        onConfirm={confirmResubmit}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={TEXT.confirm.title}
        description={TEXT.confirm.userDelete}
        confirmLabel={W.confirmDelete}
        onConfirm={confirmDelete}
        tone="danger"
      />
    </>
  );
}
