import { TEXT, type Article, type Revision, type TimelineEntry, TIMELINE_TEXT } from '@dispatch/shared';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState, LoadingState } from '../../../components/states';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useArticleTimeline, useRevisions } from '../../../api/articles-writer';
import { useResubmitArticle } from '../api/resubmit-article';
import { useRestoreRevision } from '../api/restore-revision';
import { formatDate } from '../../../lib/format-date';

/** Who acted, as its reader may know it: admins see names, the writer 'You' or 'An editor'. */
function actorOf(entry: TimelineEntry): string {
  if (entry.actor) return entry.actor.name;
  return entry.byAuthor ? TIMELINE_TEXT.you : TIMELINE_TEXT.editor;
}

function Timeline({ id }: { id: string }) {
  const timeline = useArticleTimeline(id);
  if (timeline.isPending) return <LoadingState />;
  if (timeline.isError) return <ErrorState onRetry={() => void timeline.refetch()} />;
  if (timeline.data.entries.length === 0) return <p className="text-sm text-ink-soft">{TIMELINE_TEXT.empty}</p>;
  return (
    <ol className="space-y-4 border-l-2 border-rule pl-5">
      {timeline.data.entries.map((entry) => (
        <li key={entry._id} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[27px] size-3 rounded-full border-2 border-surface bg-ink"
          />
          <p className="text-sm">
            <span className="font-semibold text-ink">{TIMELINE_TEXT.actions[entry.action]}</span>{' '}
            <span className="text-ink-soft">
              · {actorOf(entry)} · <time dateTime={entry.at}>{formatDate(entry.at)}</time>
            </span>
          </p>
          {entry.note && <p className="mt-1 text-sm break-words whitespace-pre-line text-ink">{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}

function RevisionItem({
  revision,
  current,
  onRestore,
  busy,
}: {
  revision: Revision;
  current: boolean;
  onRestore: () => void;
  busy: boolean;
}) {
  const [open, setOpen] = useState(false);
  const R = TEXT.revisions;
  return (
    <li className="rounded-md border border-rule bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold text-ink">{R.number(revision.number)}</span>
          {current && (
            <span className="ml-2 rounded-full border border-rule px-2 py-0.5 text-xs text-ink-soft">{R.current}</span>
          )}
          <span className="block text-ink-soft">
            <time dateTime={revision.createdAt}>{formatDate(revision.createdAt)}</time>
            {revision.author_name && ` · ${R.by} ${revision.author_name}`}
          </span>
        </p>
        <span className="flex gap-2">
          <button type="button" className="btn btn-outline px-3 py-1.5" onClick={() => setOpen((value) => !value)}>
            {open ? R.hide : R.show}
          </button>
          {!current && (
            <button type="button" className="btn btn-outline px-3 py-1.5" onClick={onRestore} disabled={busy}>
              {R.restore}
            </button>
          )}
        </span>
      </div>
      <p className="mt-2 font-semibold break-words text-ink">{revision.title}</p>
      <p className="text-xs text-ink-soft">{revision.tags.join(', ')}</p>
      {open && <p className="mt-2 text-sm break-words whitespace-pre-line text-ink">{revision.description}</p>}
    </li>
  );
}

function Revisions({ id }: { id: string }) {
  const revisions = useRevisions(id);
  const restore = useRestoreRevision();
  const [restoring, setRestoring] = useState<Revision | null>(null);
  if (revisions.isPending) return <LoadingState />;
  if (revisions.isError) return <ErrorState onRetry={() => void revisions.refetch()} />;
  if (revisions.data.revisions.length === 0) return <p className="text-sm text-ink-soft">{TEXT.revisions.empty}</p>;
  return (
    <>
      <ol className="space-y-3">
        {revisions.data.revisions.map((revision, index) => (
          <RevisionItem
            key={revision._id}
            revision={revision}
            current={index === 0}
            busy={restore.isPending}
            onRestore={() => setRestoring(revision)}
          />
        ))}
      </ol>
      <ConfirmDialog
        open={restoring !== null}
        onOpenChange={(open) => {
          if (!open) setRestoring(null);
        }}
        title={TEXT.revisions.restoreTitle}
        description={TEXT.revisions.restoreBody}
        confirmLabel={TEXT.revisions.restore}
        onConfirm={() => {
          if (!restoring) return;
          restore.mutate(
            { id, revisionId: restoring._id },
            {
              onSuccess: () => toast.success(TEXT.toast.revisionRestored),
              onError: (error) => toast.error(errorMessage(error)),
            },
          );
        }}
      />
    </>
  );
}

/**
 * The editorial side of an article, for its author and admins only (docs/product.md#article-detail): the
 * editor's note and 'Resubmit' while changes are requested, what the page adds (an admin's 'Publish
 * correction'), the timeline and the revisions.
 */
export function EditorialPanel({
  article,
  isAuthor,
  children,
}: {
  article: Pick<Article, '_id' | 'title' | 'status' | 'changesNote'>;
  isAuthor: boolean;
  /** Shown above the timeline. */
  children?: ReactNode;
}) {
  const resubmit = useResubmitArticle();
  const [confirming, setConfirming] = useState(false);
  return (
    <aside aria-labelledby="editorial-heading" className="article-column mt-12 space-y-8 border-t border-rule pt-8">
      <h2 id="editorial-heading" className="sr-only">
        {TIMELINE_TEXT.heading}
      </h2>
      {article.status === 'changes_requested' && (
        <section
          aria-labelledby="changes-heading"
          className="rounded-lg border border-note-line bg-note p-5 text-note-ink"
        >
          <h3 id="changes-heading" className="font-serif text-xl font-bold">
            {TEXT.changesNote.heading}
          </h3>
          <p className="mt-2 break-words whitespace-pre-line">{article.changesNote}</p>
          {isAuthor && (
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={paths.updateArticle(article._id)} className="btn btn-outline bg-surface">
                {TEXT.writing.updateAction}
              </Link>
              <button
                type="button"
                className="btn btn-primary"
                disabled={resubmit.isPending}
                onClick={() => setConfirming(true)}
              >
                {TEXT.resubmit.action}
              </button>
            </div>
          )}
        </section>
      )}
      {children}
      <section aria-labelledby="timeline-heading">
        <h3 id="timeline-heading" className="mb-4 font-serif text-2xl font-bold text-ink">
          {TIMELINE_TEXT.heading}
        </h3>
        <Timeline id={article._id} />
      </section>
      <section aria-labelledby="revisions-heading">
        <h3 id="revisions-heading" className="font-serif text-2xl font-bold text-ink">
          {TEXT.revisions.heading}
        </h3>
        <p className="mb-4 text-sm text-ink-soft">{TEXT.revisions.intro}</p>
        <Revisions id={article._id} />
      </section>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={TEXT.resubmit.title}
        description={TEXT.resubmit.body}
        confirmLabel={TEXT.resubmit.action}
        onConfirm={() =>
          resubmit.mutate(article._id, {
            onSuccess: () => toast.success(TEXT.toast.articleResubmitted),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      />
    </aside>
  );
}
