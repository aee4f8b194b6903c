import { FALLBACK_CONFIG, useConfig } from '../features/site-config/api/get-config';

/** The browser tab's title: the page, then the site's name, on every page alike. */
export function PageTitle({ title }: { title: string }) {
  const siteName = (useConfig().data ?? FALLBACK_CONFIG).siteName;
  return <title>{`${title} · ${siteName}`}</title>;
}
