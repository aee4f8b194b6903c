import { DESK_TEXT, LIMITS } from '@dispatch/shared';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { HydratedForm } from '../../../components/hydrated-form';

/** How long typing pauses before the search runs. */
export const TABLE_SEARCH_DEBOUNCE_MS = 300;

interface TableSearchProps {
  label: string;
  hint: string;
  /** The search in the URL. */
  value: string;
  onSearch: (search: string) => void;
}

/** A dashboard table's search box: runs when typing pauses or on Enter; the route keeps it in the URL as ?q=. */
export function TableSearch({ label, hint, value, onSearch }: TableSearchProps) {
  const inputId = useId();
  const hintId = useId();
  const [text, setText] = useState(value);
  // Back, Forward or a link change the URL under the box: it follows, unless the change is our own search arriving
  // (then it keeps what was typed since).
  const [pushed, setPushed] = useState<string | null>(null);
  const [urlValue, setUrlValue] = useState(value);
  if (urlValue !== value) {
    setUrlValue(value);
    if (value !== pushed) setText(value);
    setPushed(null);
  }

  const commit = (typed: string) => {
    const search = typed.trim();
    if (search === value) return;
    setPushed(search);
    onSearch(search);
  };
  const onTypingPaused = useEffectEvent(commit);
  useEffect(() => {
    const timer = setTimeout(() => onTypingPaused(text), TABLE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <HydratedForm
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        commit(text);
      }}
      className="flex min-w-0 flex-1 items-end gap-2 sm:min-w-72"
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        <input
          id={inputId}
          type="search"
          value={text}
          maxLength={LIMITS.searchMaxLength}
          aria-describedby={hintId}
          placeholder={hint}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          className="field-control mt-1 block w-full"
        />
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      </div>
      <button type="submit" className="btn btn-primary shrink-0">
        {DESK_TEXT.search}
      </button>
    </HydratedForm>
  );
}
