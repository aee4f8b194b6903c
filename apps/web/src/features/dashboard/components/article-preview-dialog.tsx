import { imageSrcSet, TEXT, type AdminArticle, DESK_TEXT } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogFrame } from '../../../components/dialog-frame';
import type { ReactNode } from 'react';
import { statusBadgeClass } from '../../../components/data-table';
import { ErrorState, LoadingState } from '../../../components/states';
import { formatDate } from '../../../lib/format-date';
import { useArticle } from '../../../api/articles-public';
import { EmailText } from './email-text';

const D = TEXT.dashboard;

/** Blank lines separate paragraphs; a single line break stays one. Text only, never HTML. */
const paragraphs = (text: string) =>
  text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-ink-soft uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-ink">{children}</dd>
    </div>
  );
}

/** The article's own query, as its page reads it: one cache entry, which any change to the article refreshes. */
function ArticleText({ id }: { id: string }) {
  const preview = useArticle(id);
  if (preview.isPending) return <LoadingState />;
  if (preview.isError) return <ErrorState onRetry={() => void preview.refetch()} />;
  // An admin reads every article in full; the teaser branch only satisfies the shared type.
  const text = preview.data.access ? preview.data.article.description : preview.data.article.excerpt;
  return (
    <div className="space-y-4 text-[1.0625rem] leading-relaxed text-ink">
      {paragraphs(text).map((paragraph, index) => (
        <p key={index} className="break-words whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

interface ArticlePreviewDialogProps {
  /** null: closed. */
  article: AdminArticle | null;
  onClose: () => void;
  /** The row's actions, reachable from the preview. */
  actions: ReactNode;
  /** Where focus goes when the row that opened the preview has gone (a decision moved it out of the filter). */
  focusFallback: () => HTMLElement | null;
}

/** The whole submission from its row, so an editor reads before deciding: image, text, tags, publisher, author, status, date. */
export function ArticlePreviewDialog({ article, onClose, actions, focusFallback }: ArticlePreviewDialogProps) {
  return (
    <DialogFrame
      open={article !== null}
      onClose={onClose}
      focusFallback={focusFallback}
      className="max-w-3xl border-ink"
    >
      {article && (
        <>
          <div className="p-5 sm:p-8">
            <p className="kicker">{article.publisher}</p>
            <Dialog.Title className="mt-1 text-2xl leading-tight font-bold break-words text-ink sm:text-3xl">
              {article.title}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-ink-soft">{DESK_TEXT.previewIntro}</Dialog.Description>
            <dl className="mt-5 grid gap-4 border-y border-rule py-4 text-sm sm:grid-cols-2">
              <Fact term={DESK_TEXT.submittedBy}>
                <span className="block font-medium">{article.author_name}</span>
                <span className="block text-ink-soft">
                  <EmailText email={article.author_email} />
                </span>
              </Fact>
              <Fact term={DESK_TEXT.submittedOn}>
                <time dateTime={article.createdAt}>{formatDate(article.createdAt)}</time>
              </Fact>
              <Fact term={D.status}>
                <span className="flex flex-wrap items-center gap-2">
                  <span className={statusBadgeClass(article.status)}>{TEXT.writing.statuses[article.status]}</span>
                  {article.isPremium && <span className="font-semibold text-accent">{D.premium}</span>}
                </span>
              </Fact>
              <Fact term={DESK_TEXT.previewTags}>{article.tags.join(', ')}</Fact>
            </dl>
            {article.status === 'declined' && article.declineReason && (
              <p className="mt-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm break-words text-red-900">
                <span className="font-semibold">{TEXT.declineReason.title}: </span>
                {article.declineReason}
              </p>
            )}
            {article.changesNote && (
              <p className="mt-4 rounded-md border border-note-line bg-note px-4 py-3 text-sm break-words text-note-ink">
                <span className="font-semibold">{TEXT.changesNote.title}: </span>
                {article.changesNote}
              </p>
            )}
            <img
              src={article.image}
              srcSet={imageSrcSet(article.image)}
              sizes="(min-width: 48rem) 44rem, 100vw"
              alt=""
              width={1200}
              height={675}
              className="mt-5 aspect-[2/1] w-full rounded-md border border-rule bg-surface-muted object-cover"
            />
            <div className="mt-5">
              <ArticleText id={article._id} />
            </div>
          </div>
          {/* The dialog scrolls as a whole (its buttons make it reachable by keyboard); the actions stay in view. */}
          <div className="sticky bottom-0 flex flex-wrap items-center justify-end gap-2 border-t border-rule bg-surface-muted px-5 py-3 sm:px-8">
            {actions}
            <Dialog.Close className="btn btn-primary px-3 py-1.5">{TEXT.writing.close}</Dialog.Close>
          </div>
        </>
      )}
    </DialogFrame>
  );
}
