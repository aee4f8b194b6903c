// The architecture pages name the files that show what they say; this checks that those files exist, so a
// page cannot go on naming a file that was moved or deleted (docs/architecture.md). Part of `npm run lint`.
//
// Pages checked: docs/architecture.md, docs/architecture/*.md, docs/conventions.md and docs/README.md.
//
// 1. A backticked path: an inline `code` span made only of letters, digits, `.`, `_`, `@`, `-` and `/`, with at
//    least one `/`, not starting with `/` (that is a URL), and either ending in `/` (a directory) or in one of
//    EXTENSIONS. Placeholders (`<module>`, `*`) and URLs never match. It must exist under one of BASES, tried in
//    order: the repository root, an app or package, its `src/`, the server's modules or plugins. So `src/app.ts`,
//    `lib/paths.ts`, `users/premium-access.ts` and `plugins/errors.ts` are all fine, written as the page's own
//    context suggests. A `#anchor` after a `.md` path is checked as in 2.
// 2. A relative markdown link `[text](target#anchor)`: the target, resolved from the page's folder, must exist; an
//    anchor must be a heading of the target page as GitHub spells it (or an `<a id>` in it). `(#anchor)` alone
//    names a heading of the same page. Links with a scheme (https:, mailto:) are not followed.
// 3. A fenced block whose info string is `tree` is a layout: the first word of each line is a path, relative to
//    the nearest less indented line ending in `/`, or to the repository root; it must exist.
//
// Other fenced blocks are skipped, and so is a path through a folder .gitignore names (`apps/web/dist-ssr/`):
// what a build or a run makes is not in a fresh clone. Prints every broken path or link and exits 1, else one
// line.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const BASES = [
  '.',
  'apps/server',
  'apps/web',
  'packages/shared',
  'apps/server/src',
  'apps/web/src',
  'packages/shared/src',
  'apps/server/src/modules',
  'apps/server/src/plugins',
];
const EXTENSIONS = ['ts', 'tsx', 'js', 'mjs', 'cjs', 'jsx', 'md', 'json', 'css', 'sql', 'html', 'yml', 'yaml'];
const PATH_TOKEN = new RegExp(`^(?!/)[\\w.@/-]*/[\\w.@/-]*?(?:/|\\.(?:${EXTENSIONS.join('|')}))(?:#[\\w-]+)?$`);

/** The folders .gitignore names (`dist/`, `node_modules/`...): made by a build or a run, absent from a clone. */
const IGNORED_FOLDERS = new Set(
  readFileSync(path.join(root, '.gitignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.endsWith('/') && !line.includes('*'))
    .map((line) => line.slice(0, -1)),
);
const isMadeByABuild = (target) => target.split('/').some((part) => IGNORED_FOLDERS.has(part));

const pages = [
  'docs/architecture.md',
  ...readdirSync(path.join(root, 'docs/architecture'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/architecture/${name}`),
  'docs/conventions.md',
  'docs/README.md',
];

const isDirectory = (file) => existsSync(file) && statSync(file).isDirectory();
const isFile = (file) => existsSync(file) && statSync(file).isFile();

/** The page's lines, with every fenced block blanked out (line numbers kept) and the `tree` blocks apart. */
function splitFences(text) {
  const lines = text.split('\n');
  const prose = [];
  const trees = [];
  let fence;
  lines.forEach((line, index) => {
    const marker = /^\s*(```+|~~~+)\s*(\S*)/.exec(line);
    if (!fence && marker) {
      fence = { marker: marker[1], tree: marker[2] === 'tree' ? [] : undefined };
      prose.push('');
      return;
    }
    if (fence && line.trim().startsWith(fence.marker)) {
      if (fence.tree) trees.push(fence.tree);
      fence = undefined;
      prose.push('');
      return;
    }
    if (fence) fence.tree?.push({ line: index + 1, text: line });
    prose.push(fence ? '' : line);
  });
  return { prose: prose.join('\n'), trees };
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen; repeats numbered. */
function anchorsOf(file) {
  const { prose } = splitFences(readFileSync(file, 'utf8'));
  const anchors = new Set();
  const seen = new Map();
  for (const line of prose.split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const slug = heading[1]
        .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  }
  return anchors;
}

const anchorCache = new Map();
function hasAnchor(file, anchor) {
  if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(file));
  return anchorCache.get(file).has(anchor);
}

const problems = [];
let checked = 0;

for (const page of pages) {
  const file = path.join(root, page);
  const { prose, trees } = splitFences(readFileSync(file, 'utf8'));
  const lineAt = (index) => prose.slice(0, index).split('\n').length;

  for (const match of prose.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
    const token = match[2].trim();
    if (!PATH_TOKEN.test(token)) continue;
    const [target, anchor] = token.split('#');
    if (isMadeByABuild(target)) continue;
    checked += 1;
    const wantsDirectory = target.endsWith('/');
    const found = BASES.map((base) => path.join(root, base, target)).find((candidate) =>
      wantsDirectory ? isDirectory(candidate) : isFile(candidate),
    );
    if (!found)
      problems.push(`${page}:${lineAt(match.index)}: \`${token}\`: no such ${wantsDirectory ? 'folder' : 'file'}`);
    else if (anchor && found.endsWith('.md') && !hasAnchor(found, anchor)) {
      problems.push(`${page}:${lineAt(match.index)}: \`${token}\`: no heading #${anchor}`);
    }
  }

  // Links outside code spans: the spans are blanked first, keeping every other character where it was.
  const outsideCode = prose.replace(/(`+)[^`]+?\1(?!`)/g, (span) => ' '.repeat(span.length));
  for (const match of outsideCode.matchAll(/\]\(([^)\s]+)\)/g)) {
    const link = match[1];
    if (/^[a-z][a-z+.-]*:/i.test(link)) continue;
    checked += 1;
    const [target, anchor] = link.split('#');
    const resolved = target ? path.resolve(path.dirname(file), target) : file;
    const where = `${page}:${lineAt(match.index)}: (${link})`;
    if (!existsSync(resolved)) problems.push(`${where}: no such file`);
    else if (anchor && resolved.endsWith('.md') && !hasAnchor(resolved, anchor)) {
      problems.push(`${where}: no heading #${anchor} in ${path.relative(root, resolved)}`);
    }
  }

  for (const tree of trees) {
    const parents = [];
    for (const { line, text } of tree) {
      const token = text.trim().split(/\s+/)[0];
      if (!token) continue;
      const indent = text.length - text.trimStart().length;
      while (parents.length > 0 && parents.at(-1).indent >= indent) parents.pop();
      const relative = `${parents.at(-1)?.dir ?? ''}${token}`;
      if (relative.endsWith('/')) parents.push({ indent, dir: relative });
      if (isMadeByABuild(relative)) continue;
      checked += 1;
      const candidate = path.join(root, relative);
      const ok = relative.endsWith('/') ? isDirectory(candidate) : isFile(candidate);
      if (!ok)
        problems.push(`${page}:${line}: ${relative} (layout): no such ${relative.endsWith('/') ? 'folder' : 'file'}`);
    }
  }
}

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`check-doc-paths: ${problems.length} broken of ${checked} paths and links`);
  process.exit(1);
}
console.log(`check-doc-paths: ${checked} paths and links in ${pages.length} pages, all found`);
