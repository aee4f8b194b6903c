import { LIMITS, TEXT } from '@dispatch/shared';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import type { ApprovedArticlesFilters } from '../../../api/articles';
import { HydratedForm } from '../../../components/hydrated-form';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

interface ArticleFiltersProps {
  filters: ApprovedArticlesFilters;
  onChange: (changes: Partial<Omit<ApprovedArticlesFilters, 'page'>>) => void;
  publishers: readonly string[];
  publishersLoading: boolean;
  /** The active tags' names, in order (docs/product.md#tags). */
  tags: readonly string[];
  tagsLoading: boolean;
  /** A young reader's hidden tags (docs/product.md#parental-controls): not offered. */
  hiddenTags?: readonly string[];
}

export function ArticleFilters({
  filters,
  onChange,
  publishers,
  publishersLoading,
  tags,
  tagsLoading,
  hiddenTags = [],
}: ArticleFiltersProps) {
  const searchId = useId();
  const publisherId = useId();
  const tagId = useId();

  const [text, setText] = useState(filters.search);
  const [pushed, setPushed] = useState<string | null>(null);
  // When the URL changes under us (back, forward, a link), the box follows it; when the change is
  // our own search arriving, the box keeps whatever the reader typed since.
  const [urlSearch, setUrlSearch] = useState(filters.search);
  if (urlSearch !== filters.search) {
    setUrlSearch(filters.search);
    if (filters.search !== pushed) setText(filters.search);
    setPushed(null);
  }

  const commitSearch = (value: string) => {
    const search = value.trim();
    if (search === filters.search) return;
    setPushed(search);
    onChange({ search });
  };
  const onTypingPaused = useEffectEvent(commitSearch);

  useEffect(() => {
    const timer = setTimeout(() => onTypingPaused(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // Keep a publisher from the URL selectable even before (or without) the list naming it.
  const publisherOptions =
    filters.publisher && !publishers.includes(filters.publisher) ? [filters.publisher, ...publishers] : publishers;

  return (
    <HydratedForm
      role="search"
      aria-label={TEXT.listing.filters}
      onSubmit={(event) => {
        event.preventDefault();
        commitSearch(text);
      }}
      className="grid gap-4 rounded-lg border border-rule bg-surface p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr]"
    >
      <div className="sm:col-span-2 lg:col-span-1">
        <label htmlFor={searchId} className="field-label">
          {TEXT.articles.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          value={text}
          maxLength={LIMITS.searchMaxLength}
          placeholder={TEXT.articles.searchPlaceholder}
          onChange={(event) => setText(event.target.value)}
          className="field-control"
          autoComplete="off"
        />
      </div>
      <div>
        <label htmlFor={publisherId} className="field-label">
          {TEXT.articles.publisherLabel}
        </label>
        <select
          id={publisherId}
          value={filters.publisher}
          onChange={(event) => onChange({ publisher: event.target.value })}
          className="field-control"
          aria-busy={publishersLoading}
        >
          <option value="">{TEXT.articles.allPublishers}</option>
          {publisherOptions.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={tagId} className="field-label">
          {TEXT.articles.tagLabel}
        </label>
        <select
          id={tagId}
          value={filters.tag}
          onChange={(event) => onChange({ tag: event.target.value })}
          className="field-control"
          aria-busy={tagsLoading}
        >
          <option value="">{TEXT.articles.allTags}</option>
          {tags
            .filter((tag) => !hiddenTags.includes(tag))
            .map((tag) => (
              <option key={tag} value={tag}>
                {tag}
              </option>
            ))}
        </select>
      </div>
    </HydratedForm>
  );
}
