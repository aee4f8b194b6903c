import { TEXT } from '@dispatch/shared';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * What a reader sees when the database cannot be reached and there is no earlier copy of the page: a
 * small document of its own (no script, no data), readable in either theme, that search engines do not index.
 */
export function unavailablePage(siteName: string): string {
  const site = escapeHtml(siteName);
  const texts = TEXT.unavailable;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${texts.title} · ${site}</title>
<style>
:root { color-scheme: light dark; }
body { font: 1.0625rem/1.6 system-ui, sans-serif; max-width: 34rem; margin: 18vh auto; padding: 0 1.5rem; }
h1 { font: 700 2rem/1.2 Georgia, 'Times New Roman', serif; margin: 0.5rem 0 1rem; }
.site { font-family: Georgia, 'Times New Roman', serif; letter-spacing: 0.02em; }
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
