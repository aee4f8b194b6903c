// The home page's first-load JavaScript budget (docs/decisions/011-page-weight-and-audits.md): run after `vite build`.
// The first load is the entry script of dist/index.html, its modulepreloads, the app the entry imports once the
// page has loaded, and every chunk they import statically: what the browser fetches and runs to make the page
// interactive, before any lazy route or lazy component.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

// React, React DOM and React Router alone are 98 kB of it (docs/decisions/021-first-paint-before-scripts.md).
// 140 since issue 15 (136 kB then): the site's words (the texts module, 6 kB) and its icons are whole in
// the first load; splitting them is the next saving, not a bigger budget.
// 142 since decision 032 (139.4 kB then): the entry script carries the web fonts' faces as text (0.8 kB).
const BUDGET_KB = 142;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/** Never in the first load: each must wait until its page is opened (docs/conventions.md#web-conventions, issue 6). */
const FORBIDDEN = [
  { what: 'dashboard charts (recharts)', test: (id) => /node_modules[\\/]recharts[\\/]/.test(id) },
  { what: 'card provider (@stripe/*)', test: (id) => /node_modules[\\/]@stripe[\\/]/.test(id) },
  { what: 'payment form', test: (id) => /src[\\/]features[\\/]payment[\\/]components[\\/]/.test(id) },
];

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`).exec(tag)?.[1];
const queue = [];
for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
  if (attr(tag, 'type') === 'module' && attr(tag, 'src')) queue.push(attr(tag, 'src'));
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
  if (attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) queue.push(attr(tag, 'href'));
}
if (queue.length === 0) {
  console.error('check-bundle: no module script in dist/index.html; run `vite build` first');
  process.exit(1);
}

// Static imports (`import … from "./x.js"`, `import "./x.js"`, `export … from`); `import("./x.js")` is lazy, except
// in the entry script: it only waits for the page to load before importing the app.
const STATIC_IMPORT = /\b(?:from|import)\s*["']([^"']+\.js)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;
const entries = new Set(queue);
/** Every chunk `urls` import statically, with their bytes (the entry's one dynamic import counts as static). */
function staticClosure(urls) {
  const pending = [...urls];
  const found = new Map();
  while (pending.length > 0) {
    const url = pending.shift();
    const file = path.join(dist, url.replace(/^\//, ''));
    if (found.has(file)) continue;
    const source = readFileSync(file);
    found.set(file, source);
    const text = source.toString('utf8');
    const imports = [...text.matchAll(STATIC_IMPORT), ...(entries.has(url) ? text.matchAll(DYNAMIC_IMPORT) : [])];
    for (const [, specifier] of imports) pending.push(path.posix.join(path.posix.dirname(url), specifier));
  }
  return found;
}
const files = staticClosure(queue);
const kB = (bytes) => (bytes / 1000).toFixed(2);
const rows = [...files].map(([file, source]) => ({
  file: path.relative(dist, file),
  raw: source.length,
  gzip: gzipSync(source, { level: constants.Z_BEST_COMPRESSION }).length,
}));
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
const width = Math.max(...rows.map((row) => row.file.length), 'total'.length);
const line = (name, raw, gzip) => `${name.padEnd(width)}  ${raw.padStart(9)}  ${gzip.padStart(9)}`;
console.log('\nHome page first-load JavaScript (the entry, and the app it imports once the page has loaded)');
console.log(line('file', 'raw kB', 'gzip kB'));
for (const row of rows) console.log(line(row.file, kB(row.raw), kB(row.gzip)));
console.log(line('total', kB(total.raw), kB(total.gzip)));

let failed = false;
const overBudget = total.gzip > BUDGET_KB * 1000;
console.log(`budget: ${kB(total.gzip)} kB of ${BUDGET_KB} kB gzip ${overBudget ? 'OVER BUDGET' : 'ok'}`);
failed ||= overBudget;

// The build writes which modules each chunk holds (vite.config.ts, bundleReport), so the check names modules, not guesses.
let chunkModules;
try {
  chunkModules = JSON.parse(readFileSync(path.join(dist, '.vite/chunk-modules.json'), 'utf8'));
} catch {
  console.error('check-bundle: dist/.vite/chunk-modules.json is missing; build with apps/web/vite.config.ts');
  process.exit(1);
}
const firstLoadModules = rows.flatMap((row) => chunkModules[row.file] ?? []);
for (const { what, test } of FORBIDDEN) {
  const found = firstLoadModules.filter(test);
  const lazyChunks = Object.keys(chunkModules).filter((chunk) => chunkModules[chunk].some(test));
  if (found.length > 0) {
    failed = true;
    console.log(`${what}: IN THE FIRST LOAD (${found.length} modules, e.g. ${found[0]})`);
  } else {
    console.log(`${what}: not in the first load (lazy: ${lazyChunks.join(', ') || 'not bundled'})`);
  }
}

// What a signed-in reader's page checks once it is on screen (role, views, the bell's count) builds its three
// schemas alone, not every schema of the site: building them all blocks a phone's main thread for about 200 ms.
const LIVE_SCHEMAS = 'apps/web/src/lib/live-response-schemas.ts';
const OTHER_SCHEMAS = (id) => /packages[\\/]shared[\\/]src[\\/](?!live-schemas\.ts)[\w-]*schemas\.ts$/.test(id);
const liveChunk = Object.keys(chunkModules).find((chunk) => chunkModules[chunk].includes(LIVE_SCHEMAS));
const withLive = liveChunk ? [...staticClosure([`/${liveChunk}`]).keys()].map((file) => path.relative(dist, file)) : [];
const heavier = withLive.flatMap((chunk) => (chunkModules[chunk] ?? []).filter(OTHER_SCHEMAS));
if (!liveChunk || heavier.length > 0) {
  failed = true;
  console.log(`live schemas: ${liveChunk ? `BUILT WITH OTHERS (${heavier.join(', ')})` : 'NOT FOUND'}`);
} else {
  console.log(`live schemas: apart from the others (${withLive.join(', ')})`);
}
if (failed) {
  console.error('check-bundle: failed (see above)');
  process.exit(1);
}
