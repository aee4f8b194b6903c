import { TAG_LIMITS, TAG_TEXT as T, type AdminTag } from '@dispatch/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { table } from '../../../components/data-table';
import { TextField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import { errorMessage } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useMergeTag, useUpdateTag } from '../api/tag-changes';
import { nameProblem } from './add-tag-form';

const C = T.columns;

function statusClass(archived: boolean) {
  const tone = archived
    ? 'border-stone-300 bg-stone-50 text-stone-800'
    : 'border-emerald-300 bg-emerald-50 text-emerald-900';
  return `inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`;
}

/** The tag's new name, in place of its row's actions until saved or cancelled. */
function RenameForm({ tag, onDone }: { tag: AdminTag; onDone: () => void }) {
  const update = useUpdateTag();
  const [name, setName] = useState(tag.name);
  const [problem, setProblem] = useState<string>();
  const input = useRef<HTMLInputElement>(null);
  // Rename was pressed for this: typing starts in the name, not back at the top of the page.
  useEffect(() => input.current?.focus(), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    // The same name: nothing to save.
    if (name.trim() === tag.name) return onDone();
    update.mutate(
      { id: tag._id, patch: { name } },
      {
        onSuccess: (renamed) => {
          toast.success(T.renamed(tag.name, renamed.name));
          onDone();
        },
        onError: (error) => setProblem(nameProblem(error)),
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex w-full flex-col gap-2 sm:flex-row sm:items-start">
      <TextField
        label={T.renameLabel(tag.name)}
        value={name}
        maxLength={TAG_LIMITS.nameMax}
        autoComplete="off"
        ref={input}
        onChange={(event) => setName(event.target.value)}
        error={problem}
        className="min-w-0 flex-1"
      />
      <div className="flex gap-2 sm:mt-6">
        <SubmitButton pending={update.isPending} className="btn btn-primary px-3 py-1.5 text-sm">
          {T.saveName}
        </SubmitButton>
        <button type="button" className="btn btn-outline px-3 py-1.5 text-sm" onClick={onDone}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

/** Merge into…: a choice of the other tags, then a confirmation that says what moves. */
function MergeControl({ tag, others }: { tag: AdminTag; others: AdminTag[] }) {
  const merge = useMergeTag();
  const selectId = useId();
  const [into, setInto] = useState('');
  const [confirming, setConfirming] = useState(false);
  const target = others.find((other) => other._id === into);
  return (
    <div className="flex w-full flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={selectId} className="field-label">
          {T.mergeLabel(tag.name)}
        </label>
        <select
          id={selectId}
          value={into}
          onChange={(event) => setInto(event.target.value)}
          className="field-control py-1.5 text-sm"
        >
          <option value="">{T.chooseTarget}</option>
          {others.map((other) => (
            <option key={other._id} value={other._id}>
              {other.name}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="btn btn-outline px-3 py-1.5 text-sm"
        disabled={!target || merge.isPending}
        onClick={() => setConfirming(true)}
      >
        {T.mergeButton}
      </button>
      {target && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={T.mergeConfirmTitle(tag.name, target.name)}
          description={T.mergeConfirmBody(tag.name, target.name, tag.articles)}
          confirmLabel={T.mergeConfirm}
          tone="danger"
          onConfirm={() =>
            merge.mutate(
              { id: tag._id, into: target._id },
              {
                onSuccess: () => toast.success(T.merged(tag.name, target.name)),
                onError: (error) => toast.error(errorMessage(error)),
              },
            )
          }
        />
      )}
    </div>
  );
}

/** Every tag in the writers' order, with its articles; rename, archive or unarchive, and merge into another. */
export function TagsTable({ tags }: { tags: AdminTag[] }) {
  const update = useUpdateTag();
  const [renaming, setRenaming] = useState<string | null>(null);
  const setArchived = (tag: AdminTag, archived: boolean) =>
    update.mutate(
      { id: tag._id, patch: { archived } },
      {
        onSuccess: () => toast.success(archived ? T.archivedToast(tag.name) : T.unarchivedToast(tag.name)),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <div className={table.wrapper}>
      <table className={table.table}>
        <caption className="sr-only">{T.tableCaption}</caption>
        <thead className={table.head}>
          <tr>
            {[C.name, C.articles, C.status, C.actions].map((label) => (
              <th key={label} scope="col" className={table.headCell}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={table.body}>
          {tags.map((tag) => (
            <tr key={tag._id} className={table.row}>
              <th scope="row" data-label={C.name} className={`${table.cell} font-semibold text-ink`}>
                <span className="flex min-w-0 flex-col">
                  <Link to={paths.tag(tag.slug)} className="break-words text-ink underline-offset-2 hover:underline">
                    {tag.name}
                  </Link>
                  <span className="text-xs font-normal text-ink-soft">{T.page(tag.slug)}</span>
                </span>
              </th>
              <td data-label={C.articles} className={`${table.cell} tabular-nums`}>
                {T.articles(tag.articles)}
              </td>
              <td data-label={C.status} className={table.cell}>
                <span className={statusClass(tag.archived)}>{tag.archived ? T.archived : T.active}</span>
              </td>
              <td data-label={C.actions} className={`${table.cell} md:min-w-96`}>
                {renaming === tag._id ? (
                  <RenameForm tag={tag} onDone={() => setRenaming(null)} />
                ) : (
                  <div className="flex w-full flex-col gap-3">
                    <div className="flex flex-wrap gap-2">
                      <button
                        type="button"
                        className="btn btn-outline px-3 py-1.5 text-sm"
                        aria-label={`${T.rename} ${tag.name}`}
                        onClick={() => setRenaming(tag._id)}
                      >
                        {T.rename}
                      </button>
                      <button
                        type="button"
                        className="btn btn-outline px-3 py-1.5 text-sm"
                        aria-label={`${tag.archived ? T.unarchive : T.archive} ${tag.name}`}
                        disabled={update.isPending}
                        onClick={() => setArchived(tag, !tag.archived)}
                      >
                        {tag.archived ? T.unarchive : T.archive}
                      </button>
                    </div>
                    {tags.length > 1 && (
                      <MergeControl tag={tag} others={tags.filter((other) => other._id !== tag._id)} />
                    )}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
