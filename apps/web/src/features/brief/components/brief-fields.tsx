import { BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { useSyncExternalStore } from 'react';
import { FieldFrame, fieldAria, useFieldIds } from '../../../components/form-field';
import { useHydrated } from '../../../hooks/use-hydrated';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
export const DEFAULT_HOUR = 7;

const noSubscription = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/**
 * The reader's time zone as their browser says. The server renders 'UTC' and hydration starts from it, then the
 * browser's own zone replaces it, so the server's HTML and the first render in the browser match.
 */
export function useBrowserTimeZone(): string {
  return useSyncExternalStore(noSubscription, browserZone, () => 'UTC');
}

/** Every zone the runtime knows, with the chosen one kept even if this browser does not list it. */
function zonesWith(current: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

interface SelectProps<T> {
  value: T;
  onChange: (value: T) => void;
  error?: string;
}

export function HourSelect({ value, onChange, error }: SelectProps<number>) {
  const ids = useFieldIds(undefined);
  return (
    <FieldFrame ids={ids} label={BRIEF_TEXT.hour} error={error}>
      <select
        {...fieldAria(ids, undefined, error)}
        name="hour"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="field-control"
      >
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {BRIEF_PAGE_TEXT.hourOption(hour)}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The list of zones is long and differs between runtimes: the server's HTML and hydration show the chosen one only. */
export function TimeZoneSelect({ value, onChange, error }: SelectProps<string>) {
  const ids = useFieldIds(undefined);
  const hydrated = useHydrated();
  const zones = hydrated ? zonesWith(value) : [value];
  return (
    <FieldFrame ids={ids} label={BRIEF_TEXT.timeZone} error={error}>
      <select
        {...fieldAria(ids, undefined, error)}
        name="timeZone"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="field-control"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
