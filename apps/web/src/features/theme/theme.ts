import { THEME_COOKIE, type Theme } from '@dispatch/shared';

/**
 * The theme a page shows: the reader's choice when they made one (`data-theme` on <html>, written by the
 * server from the cookie), otherwise the system's setting. docs/decisions/025-dark-theme.md.
 */
const DARK_QUERY = '(prefers-color-scheme: dark)';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const systemTheme = (): Theme => (window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light');

function chosenTheme(): Theme | undefined {
  const value = document.documentElement.dataset.theme;
  return value === 'dark' || value === 'light' ? value : undefined;
}

export const currentTheme = (): Theme => chosenTheme() ?? systemTheme();

/**
 * Shows `theme` and remembers it in this browser. A choice that matches the system's setting is forgotten:
 * the page follows the system again, as it did before any choice.
 */
export function chooseTheme(theme: Theme) {
  const root = document.documentElement;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  if (theme === systemTheme()) {
    delete root.dataset.theme;
    document.cookie = `${THEME_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  } else {
    root.dataset.theme = theme;
    document.cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
  }
}

/** Calls `onChange` when the shown theme may have changed: a choice (here or in another tab) or the system's. */
export function subscribeToTheme(onChange: () => void) {
  const media = window.matchMedia(DARK_QUERY);
  const observer = new MutationObserver(onChange);
  media.addEventListener('change', onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    media.removeEventListener('change', onChange);
    observer.disconnect();
  };
}
