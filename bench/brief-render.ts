/**
 * What one personalised brief costs to render (issue 27's target: 100,000 in two minutes on two cores, so the
 * sending path needs well under a millisecond a brief): an edition of 40 articles, each reader a random 12 of
 * them and, for one in five, the five highlights; the renderer's article blocks warm after the first briefs.
 *
 *   npx tsx bench/brief-render.ts [--briefs=20000]
 */
import { parseArgs } from 'node:util';
import { createBriefRenderer } from '../apps/server/src/modules/brief/render.js';

const { values } = parseArgs({ options: { briefs: { type: 'string', default: '20000' } } });
const briefs = Number(values.briefs);
const edition = Array.from({ length: 40 }, (_, n) => ({
  _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  title: `Harbour council agrees the budget for the new bridge, story ${n}`,
  image: `https://news.example/api/uploads/article-${n}.webp`,
  publisher: `City Courier ${n % 5}`,
  excerpt: 'The council voted late on Tuesday to fund the bridge after months of argument about its cost and the',
  isPremium: n % 10 === 0,
  url: `https://news.example/articles/${n}`,
}));
const renderer = createBriefRenderer({
  name: 'The Daily Dispatch',
  contact: 'support@example.com',
  url: 'https://news.example',
});

async function run(count: number) {
  let bytes = 0;
  for (let n = 0; n < count; n += 1) {
    const articles = Array.from({ length: 12 }, (_, k) => edition[(n * 7 + k * 3) % edition.length]!);
    const highlights = n % 5 === 0 ? edition.slice(0, 5) : [];
    const { html, text } = await renderer.render(
      { subject: articles[0]!.title, articles, highlights },
      `https://news.example/brief/unsubscribe?token=reader-${n}`,
    );
    bytes += html.length + text.length;
  }
  return bytes;
}

const coldStart = performance.now();
await run(1);
const cold = performance.now() - coldStart;
await run(200);
const start = performance.now();
const bytes = await run(briefs);
const elapsed = performance.now() - start;
console.log(`first brief (shell and blocks rendered): ${cold.toFixed(1)} ms`);
console.log(
  `${briefs} briefs: ${elapsed.toFixed(0)} ms, ${((elapsed / briefs) * 1000).toFixed(1)} µs a brief, ` +
    `${(bytes / briefs / 1024).toFixed(1)} KiB a brief; 100,000 would take ${((elapsed / briefs) * 100).toFixed(1)} s on one core`,
);
