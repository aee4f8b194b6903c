import { BRIEF_PAGE_TEXT, BRIEF_TEXT } from '@dispatch/shared';
import { useState, useSyncExternalStore } from 'react';
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

/**
 * The list of zones is long (over 400) and differs between runtimes: the field holds the chosen zone only until a
 * reader reaches it (focus, a press), so the server's HTML matches hydration and a page with the box under every
 * article does not build 400 options it rarely needs.
 */
export function TimeZoneSelect({ value, onChange, error }: SelectProps<string>) {
  const ids = useFieldIds(undefined);
  const hydrated = useHydrated();
  const [reached, setReached] = useState(false);
  const zones = hydrated && reached ? zonesWith(value) : [value];
  return (
    <FieldFrame ids={ids} label={BRIEF_TEXT.timeZone} error={error}>
      <select
        {...fieldAria(ids, undefined, error)}
        name="timeZone"
        value={value}
        onFocus={() => setReached(true)}
        onPointerDown={() => setReached(true)}
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
