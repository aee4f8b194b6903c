import { UNAVAILABLE_TEXT } from '@dispatch/shared';
import { escapeHtml } from './page-renderer.js';

/**
 * What a reader sees when the database cannot be reached and there is no earlier copy of the page: a
 * small document of its own (no script, no data), readable in either theme, that search engines do not index.
 */
export function unavailablePage(siteName: string): string {
  const site = escapeHtml(siteName);
  const texts = UNAVAILABLE_TEXT;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${texts.title} · ${site}</title>
<style>
:root { color-scheme: light dark; }
body { font: 1.0625rem/1.6 system-ui, sans-serif; max-width: 34rem; margin: 18vh auto; padding: 0 1.5rem;
  background: #faf9f6; color: #1c1917; }
@media (prefers-color-scheme: dark) { body { background: #171513; color: #ece8e1; } }
h1 { font: 700 2rem/1.2 Georgia, 'Times New Roman', serif; margin: 0.5rem 0 1rem; }
.site { font: 700 1.25rem Georgia, 'Times New Roman', serif; padding-bottom: 0.5rem; border-bottom: 3px double; }
a { color: inherit; }
</style>
</head>
<body>
<main>
<p class="site">${site}</p>
<h1>${texts.heading}</h1>
<p>${texts.body}</p>
<p><a href="">${texts.retry}</a></p>
</main>
</body>
</html>
`;
}
