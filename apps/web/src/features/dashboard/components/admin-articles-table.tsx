import { imageSrcSet, RequestChangesInputSchema, TEXT, type AdminArticle } from '@dispatch/shared';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { statusBadgeClass } from '../../../components/data-table';
import { StarIcon } from '../../../components/icons';
import { SignedInOnlyBadge } from '../../../components/signed-in-only-badge';
import { errorMessage } from '../../../lib/api-client';
import { useModerateArticle, type Moderation } from '../api/moderate-article';
import { ArticleActions, ArticleRowMenu, type ArticleActionHandlers } from './article-actions';
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

/*
 * The desk's own table (docs/decisions/069-a-compact-desk.md): from 1280 px a fixed table whose every row is one
 * line (long titles, names and e-mails end in an ellipsis, whole in their tooltip); narrower, a card per article,
 * two abreast from 768 px, each cell a labelled line.
 */
const desk = {
  wrapper: 'xl:overflow-hidden xl:rounded-lg xl:border xl:border-rule xl:bg-surface',
  table: 'block w-full text-left text-sm xl:table xl:table-fixed xl:text-[0.8125rem]',
  head: 'hidden bg-surface-muted text-xs font-semibold tracking-wide text-ink-soft uppercase xl:table-header-group',
  headCell: 'px-2.5 py-2.5 align-bottom whitespace-nowrap first:pl-4 last:pr-4',
  body: 'grid gap-4 md:grid-cols-2 xl:table-row-group',
  row: 'flex min-w-0 flex-col rounded-lg border border-rule bg-surface p-4 xl:table-row xl:rounded-none xl:border-0 xl:border-t xl:p-0 xl:hover:bg-surface-muted/60',
  cell: 'flex min-w-0 items-baseline gap-x-3 py-1 before:w-20 before:shrink-0 before:text-xs before:font-semibold before:tracking-wide before:text-ink-soft before:uppercase before:content-[attr(data-label)] xl:table-cell xl:px-2.5 xl:py-2 xl:align-middle xl:before:content-none',
  titleCell: 'block pb-2 xl:table-cell xl:py-2 xl:pr-2.5 xl:pl-4 xl:align-middle',
  actionsCell:
    'mt-auto block border-t border-rule pt-3 xl:table-cell xl:border-0 xl:py-2 xl:pr-4 xl:pl-2.5 xl:align-middle',
  personLine: 'flex min-w-0 flex-col xl:block xl:truncate',
  personName: 'truncate font-medium text-ink xl:inline',
  personEmail: 'truncate text-xs text-ink-soft xl:hidden 2xl:ml-1.5 2xl:inline',
  decidedAt: 'text-xs xl:ml-1.5 xl:inline',
  /** What the one-line table leaves to a tooltip: a card's premium line, the decider's e-mail. */
  cardOnlyCell:
    'flex min-w-0 items-baseline gap-x-3 py-1 before:w-20 before:shrink-0 before:text-xs before:font-semibold before:tracking-wide before:text-ink-soft before:uppercase before:content-[attr(data-label)] xl:hidden',
  cardOnlyEmail: 'truncate text-xs text-ink-soft xl:hidden',
} as const;
/** Each column's heading and, in the fixed table, its width; the title takes the rest. */
const COLUMNS: [string, string][] = [
  [TEXT.writing.title, ''],
  [D.author, 'w-[10rem]'],
  [D.date, 'w-[5.5rem]'],
  [D.status, 'w-[10.25rem]'],
  [D.decided, 'w-[9rem]'],
  [D.actions, 'w-[15.5rem] text-right'],
];
/** A day as the desk shows it: "Nov 25" this year, "Nov 25, 2025" before; the whole moment is in its tooltip. */
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const deskDay = (iso: string) =>
  formatDate(iso, new Date(iso).getFullYear() === new Date().getFullYear() ? shortDay : dayFormat);

const small = 'btn whitespace-nowrap px-2.5 py-1.5 xl:px-2 xl:py-1 xl:text-[0.8125rem]';
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
    preview: setPreviewing,
    viewChanges: setComparing,
    approve: (article) => void run({ action: 'approve', id: article._id }),
    decline: setDeclining,
    requestChanges: setRequesting,
    premium: (article) => void run({ action: 'premium', id: article._id }),
    delete: setDeleting,
  };

  return (
    <>
      <div ref={tableRef} tabIndex={-1} className={`${desk.wrapper} focus:outline-none`}>
        <table className={desk.table}>
          <thead className={desk.head}>
            <tr>
              {COLUMNS.map(([label, width]) => (
                <th key={label} scope="col" className={`${desk.headCell} ${width}`}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={desk.body}>
            {articles.map((article) => {
              const describedBy = titleId(article._id);
              return (
                <tr key={article._id} className={desk.row} aria-busy={busy(article._id)}>
                  <td data-label={TEXT.writing.title} className={desk.titleCell}>
                    <span className="flex min-w-0 flex-col xl:flex-row xl:items-baseline xl:gap-2">
                      <span
                        id={describedBy}
                        title={`${article.title} (${article.publisher})`}
                        className="min-w-0 font-semibold break-words text-ink xl:truncate"
                      >
                        {article.title}
                      </span>
                      {/* The one-line table names the publisher from 1536 px; narrower, in the title's tooltip. */}
                      <span className="kicker mt-1 min-w-0 truncate xl:hidden 2xl:inline 2xl:mt-0 2xl:max-w-[40%] 2xl:shrink-0">
                        {article.publisher}
                      </span>
                    </span>
                  </td>
                  <td data-label={D.author} className={desk.cell.replace('items-baseline', 'items-center')}>
                    <span className="flex min-w-0 flex-1 items-center gap-2">
                      <img
                        src={article.author_photo}
                        srcSet={imageSrcSet(article.author_photo)}
                        sizes="28px"
                        alt=""
                        width={28}
                        height={28}
                        loading="lazy"
                        className="size-7 shrink-0 rounded-full border border-rule bg-surface-muted object-cover"
                      />
                      <span title={`${article.author_name} <${article.author_email}>`} className={desk.personLine}>
                        <span className={desk.personName}>{article.author_name}</span>
                        <span className={desk.personEmail}>{article.author_email}</span>
                      </span>
                    </span>
                  </td>
                  <td data-label={D.date} className={`${desk.cell} whitespace-nowrap text-ink-soft`}>
                    <time dateTime={article.createdAt} title={formatDate(article.createdAt)}>
                      {deskDay(article.createdAt)}
                    </time>
                  </td>
                  <td data-label={D.status} className={`${desk.cell} xl:whitespace-nowrap`}>
                    <span className={`${statusBadgeClass(article.status)} whitespace-nowrap`}>
                      {TEXT.writing.statuses[article.status]}
                    </span>
                    {article.isPremium && (
                      <span title={D.premium} className="ml-1.5 hidden text-accent xl:inline">
                        <StarIcon className="inline size-3.5 align-[-2px]" />
                        <span className="sr-only">{D.premium}</span>
                      </span>
                    )}
                    {article.signedInOnly && (
                      <span className="ml-1.5">
                        <span className="xl:hidden">
                          <SignedInOnlyBadge />
                        </span>
                        <span className="hidden xl:inline">
                          <SignedInOnlyBadge compact />
                        </span>
                      </span>
                    )}
                  </td>
                  {/* In the one-line table a star beside the status says it. */}
                  <td data-label={D.premium} className={desk.cardOnlyCell}>
                    {article.isPremium ? TEXT.writing.yes : TEXT.writing.no}
                  </td>
                  <td data-label={D.decided} className={`${desk.cell} text-ink-soft`}>
                    {article.decidedBy ? (
                      <span
                        title={`${article.decidedBy.name} <${article.decidedBy.email}>${article.decidedAt ? `, ${formatDate(article.decidedAt)}` : ''}`}
                        className={desk.personLine}
                      >
                        <span className={desk.personName}>{article.decidedBy.name}</span>
                        <span className={desk.cardOnlyEmail}>{article.decidedBy.email}</span>
                        {article.decidedAt && (
                          <time dateTime={article.decidedAt} className={desk.decidedAt}>
                            {deskDay(article.decidedAt)}
                          </time>
                        )}
                      </span>
                    ) : (
                      D.notDecided
                    )}
                  </td>
                  <td data-label={D.actions} className={desk.actionsCell}>
                    <span className="flex flex-wrap items-center gap-1.5 xl:flex-nowrap xl:justify-end">
                      <ArticleActions
                        article={article}
                        busy={busy(article._id)}
                        on={actions}
                        describedBy={describedBy}
                        show="decisions"
                        buttonClass={small}
                      />
                      <ArticleRowMenu
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
