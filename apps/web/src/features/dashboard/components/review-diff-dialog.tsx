import { TEXT, type Revision } from '@dispatch/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { DialogFrame } from '../../../components/dialog-frame';
import { diffWords } from 'diff';
import { ErrorState, LoadingState } from '../../../components/states';
import { useArticleReview } from '../../../api/articles-admin';

const D = TEXT.dashboard;

/** A word-level diff (jsdiff's diffWords): added words underlined, removed ones struck through, as text. */
function WordDiff({ label, before, after }: { label: string; before: string; after: string }) {
  const parts = diffWords(before, after);
  const changed = parts.some((part) => part.added || part.removed);
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
        {label}
        {!changed && <span className="ml-2 font-normal tracking-normal normal-case">({D.diffNoChange})</span>}
      </h3>
      <p className="mt-1 break-words whitespace-pre-line text-ink">
        {parts.map((part, index) => {
          if (part.added)
            return (
              <ins
                key={index}
                className="mx-px rounded-sm bg-emerald-100 text-emerald-950 decoration-2 underline-offset-2"
              >
                <span className="sr-only">{`[${D.diffAdded}: `}</span>
                {part.value}
                <span className="sr-only">]</span>
              </ins>
            );
          if (part.removed)
            return (
              <del key={index} className="mx-px rounded-sm bg-red-100 text-red-900">
                <span className="sr-only">{`[${D.diffRemoved}: `}</span>
                {part.value}
                <span className="sr-only">]</span>
              </del>
            );
          return <span key={index}>{part.value}</span>;
        })}
      </p>
    </div>
  );
}

function ReviewDiff({
  reviewed,
  current,
  note,
}: {
  reviewed: Revision | null;
  current: Revision;
  note: string | null;
}) {
  const base = reviewed ?? current;
  return (
    <div className="mt-5 space-y-5">
      {note && (
        <div className="rounded-md border border-note-line bg-note px-4 py-3 text-sm text-note-ink">
          <p className="font-semibold">{D.diffYourNote}</p>
          <p className="mt-1 break-words whitespace-pre-line">{note}</p>
        </div>
      )}
      <WordDiff label={TEXT.writing.title} before={base.title} after={current.title} />
      <WordDiff label={TEXT.writing.tags} before={base.tags.join(', ')} after={current.tags.join(', ')} />
      <WordDiff label={TEXT.writing.description} before={base.description} after={current.description} />
    </div>
  );
}

/** What a writer changed since the editor asked for changes: the reviewed revision against the current one. */
export function ReviewDiffDialog({
  article,
  onClose,
}: {
  /** null: closed. */
  article: { _id: string; title: string } | null;
  onClose: () => void;
}) {
  const review = useArticleReview(article?._id ?? null);
  let content;
  if (review.isPending) content = <LoadingState />;
  else if (review.isError) content = <ErrorState onRetry={() => void review.refetch()} />;
  else content = <ReviewDiff {...review.data} />;
  return (
    <DialogFrame open={article !== null} onClose={onClose} className="max-w-3xl border-ink p-6 sm:p-8">
      <Dialog.Title className="text-2xl font-bold text-ink">{D.diffTitle}</Dialog.Title>
      <p className="mt-2 font-semibold break-words text-ink">{article?.title}</p>
      <Dialog.Description className="mt-2 text-sm text-ink-soft">{D.diffIntro}</Dialog.Description>
      {content}
      <div className="mt-6 flex justify-end">
        <Dialog.Close className="btn btn-primary">{TEXT.writing.close}</Dialog.Close>
      </div>
    </DialogFrame>
  );
}
