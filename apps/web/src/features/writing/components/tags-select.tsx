import { TAG_TEXT, TEXT } from '@dispatch/shared';
import { useId, type Ref } from 'react';
import Select, { type SelectInstance, type StylesConfig } from 'react-select';
import { useTags } from '../../../api/tags';
import { FieldError } from '../../../components/form-field';

interface TagOption {
  value: string;
  label: string;
}

const optionOf = (name: string): TagOption => ({ value: name, label: name });

// The library's defaults put grey placeholder text below AA contrast; these follow the site's palette.
const styles: StylesConfig<TagOption, true> = {
  control: (base, state) => ({
    ...base,
    minHeight: '2.625rem',
    borderRadius: '0.375rem',
    borderColor: state.selectProps['aria-invalid']
      ? 'var(--color-danger)'
      : state.isFocused
        ? 'var(--color-ink)'
        : 'var(--color-control-line)',
    backgroundColor: 'var(--color-surface)',
    boxShadow: state.isFocused ? '0 0 0 2px var(--color-focus)' : 'none',
    '&:hover': { borderColor: 'var(--color-ink)' },
  }),
  placeholder: (base) => ({ ...base, color: 'var(--color-ink-soft)' }),
  multiValue: (base) => ({
    ...base,
    backgroundColor: 'var(--color-surface-muted)',
    borderRadius: '9999px',
    paddingLeft: '0.25rem',
  }),
  multiValueLabel: (base) => ({ ...base, color: 'var(--color-ink)', fontSize: '0.8125rem' }),
  multiValueRemove: (base) => ({
    ...base,
    borderRadius: '9999px',
    color: 'var(--color-ink-soft)',
    ':hover': { backgroundColor: 'var(--color-ink)', color: 'var(--color-paper)' },
  }),
  option: (base, state) => ({
    ...base,
    color: 'var(--color-ink)',
    backgroundColor: state.isFocused ? 'var(--color-surface-muted)' : 'var(--color-surface)',
  }),
  noOptionsMessage: (base) => ({ ...base, color: 'var(--color-ink-soft)' }),
  indicatorSeparator: (base) => ({ ...base, backgroundColor: 'var(--color-rule)' }),
  dropdownIndicator: (base) => ({ ...base, color: 'var(--color-ink-soft)' }),
  clearIndicator: (base) => ({ ...base, color: 'var(--color-ink-soft)' }),
  menu: (base) => ({ ...base, zIndex: 20, backgroundColor: 'var(--color-surface)' }),
  input: (base) => ({ ...base, color: 'var(--color-ink)' }),
};

interface TagsSelectProps {
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  ref?: Ref<SelectInstance<TagOption, true>>;
}

/**
 * Tags (docs/product.md#screens): react-select's multi-select of the site's active tags (docs/product.md#tags),
 * labelled 'Tags'. A tag the article has that is no longer offered (archived) stays chosen until removed.
 */
export function TagsSelect({ value, onChange, onBlur, error, disabled = false, ref }: TagsSelectProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const tags = useTags();
  const options = (tags.data ?? []).map((tag) => optionOf(tag.name));
  const chosen = value.map((name) => options.find((option) => option.value === name) ?? optionOf(name));
  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {TEXT.writing.tags}
      </label>
      <Select<TagOption, true>
        ref={ref}
        inputId={inputId}
        isMulti
        options={options}
        value={chosen}
        isLoading={tags.isPending}
        loadingMessage={() => TAG_TEXT.pickerLoading}
        onChange={(selected) => onChange(selected.map((option) => option.value))}
        onBlur={onBlur}
        isDisabled={disabled}
        placeholder={TEXT.writing.selectTags}
        noOptionsMessage={() => (tags.isError ? TAG_TEXT.loadFailed : TEXT.writing.noTagsLeft)}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? errorId : undefined}
        styles={styles}
        closeMenuOnSelect={false}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
