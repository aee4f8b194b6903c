import { FAMILY_TEXT as T, type FamilyControls } from '@dispatch/shared';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { useTagNames } from '../../../api/tags';
import { FormAlert } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { errorMessage } from '../../../lib/api-client';
import { useSetControls } from '../api/family';

/**
 * The owner's parental controls for one member (docs/product.md#parental-controls): whether they are a young
 * reader, and which tags they do not see. Folded under the member's row until opened.
 */
export function MemberControls({
  memberId,
  name,
  controls,
}: {
  memberId: string;
  name: string;
  controls: FamilyControls;
}) {
  const save = useSetControls();
  const hintId = useId();
  const boxId = useId();
  const [youngReader, setYoungReader] = useState(controls.youngReader);
  const [hiddenTags, setHiddenTags] = useState<string[]>(controls.hiddenTags);
  // The active tags, and any the member has hidden that are no longer offered (archived): those stay hidden.
  const offered = useTagNames().names;
  const choices = [...offered, ...controls.hiddenTags.filter((tag) => !offered.includes(tag))];
  const toggle = (tag: string, on: boolean) =>
    setHiddenTags((current) => (on ? [...current, tag] : current.filter((chosen) => chosen !== tag)));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(
      {
        memberId,
        controls: { youngReader, hiddenTags: youngReader ? choices.filter((tag) => hiddenTags.includes(tag)) : [] },
      },
      { onSuccess: () => toast.success(T.controlsSaved(name)) },
    );
  };
  return (
    <details className="w-full rounded-md border border-rule px-3 py-2">
      <summary className="cursor-pointer font-semibold text-ink">
        {T.controlsHeading}
        <span className="sr-only"> — {name}</span>
      </summary>
      <form onSubmit={onSubmit} className="mt-3 space-y-3" aria-label={`${T.controlsHeading}: ${name}`}>
        {save.error && <FormAlert message={errorMessage(save.error)} />}
        <div className="flex items-start gap-3">
          <input
            id={boxId}
            type="checkbox"
            checked={youngReader}
            aria-describedby={hintId}
            onChange={(event) => setYoungReader(event.target.checked)}
            className="mt-1 size-4 accent-ink"
          />
          <div>
            <label htmlFor={boxId} className="font-semibold text-ink">
              {T.youngReader}
            </label>
            <p id={hintId} className="text-sm text-ink-soft">
              {T.youngReaderHint}
            </p>
          </div>
        </div>
        <fieldset className="space-y-2" disabled={!youngReader}>
          <legend className="field-label">{T.hiddenTagsLegend}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {choices.map((tag) => (
              <label key={tag} className={`flex items-center gap-2 ${youngReader ? 'text-ink' : 'text-ink-soft'}`}>
                <input
                  type="checkbox"
                  checked={youngReader && hiddenTags.includes(tag)}
                  onChange={(event) => toggle(tag, event.target.checked)}
                  className="size-4 accent-ink"
                />
                <span>{tag}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton pending={save.isPending} className="btn btn-primary">
          {T.saveControls}
        </SubmitButton>
      </form>
    </details>
  );
}
