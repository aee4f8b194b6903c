import { TEXT } from '@dispatch/shared';
import { useSyncExternalStore } from 'react';
import { MoonIcon, SunIcon } from '../../../components/icons';
import { chooseTheme, currentTheme, subscribeToTheme } from '../theme';

/**
 * A toggle button, pressed while the dark theme shows. The server cannot know the system's setting, so its
 * HTML leaves the state out; the icon follows the theme through CSS, so it is right before any script runs.
 */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const theme = useSyncExternalStore(subscribeToTheme, currentTheme, () => undefined);
  return (
    <button
      type="button"
      aria-pressed={theme === undefined ? undefined : theme === 'dark'}
      title={TEXT.theme.dark}
      onClick={() => chooseTheme(currentTheme() === 'dark' ? 'light' : 'dark')}
      className={`inline-grid size-10 place-items-center rounded-md border border-rule text-ink hover:border-ink ${className}`}
    >
      <MoonIcon className="size-5 dark:hidden" />
      <SunIcon className="hidden size-5 dark:block" />
      <span className="sr-only">{TEXT.theme.dark}</span>
    </button>
  );
}
