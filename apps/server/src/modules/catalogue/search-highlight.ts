import type { ArticleCard } from '@dispatch/shared';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client.js';
import { lexemesOf, type SearchCardRow } from '../articles/articles.repository.js';

export type Highlight = NonNullable<ArticleCard['highlight']>;

// A fragment is at most this many words, starting a few words before a matched one.
const FRAGMENT_WORDS = 24;
const WORDS_BEFORE = 3;
// Enough characters to hold the words before a match.
const LOOK_BEHIND = 120;
// The english stemmer keeps a word's first letters (but for a few irregular forms such as "dying"): a word whose
// first three differ from every term's cannot match, and is never stemmed nor even split out of the text.
const PREFIX = 3;
// A fragment starts at one of the first few matches: enough to find the best one, bounded for a long text.
const FRAGMENT_STARTS = 16;

const WORD = /[\p{L}\p{N}]+/gu;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The lexemes of a word depend only on the database's english configuration: each process remembers them.
const lexemeCache = new LRUCache<string, string[]>({ max: 20_000 });

/** The lexemes of a `querytree` text, e.g. `'elect' & 'new' <-> 'roof'`: quoted, with `'` and `\` doubled. */
export function termsOf(querytree: string): Set<string> {
  return new Set(
    Array.from(querytree.matchAll(/'((?:[^'\\]|''|\\\\)*)'/g), ([, quoted]) =>
      quoted!.replace(/''|\\\\/g, (pair) => pair[0]!),
    ),
  );
}

interface Occurrence {
  word: string;
  start: number;
  end: number;
}

/**
 * Each row's highlight: the fragment of its source with the most words whose lexemes are among the query's
 * terms, split at those words; none when no word of the source matched (the title did). Words that could stem
 * to a term and are not yet known are stemmed by PostgreSQL in one query, so a mark is what the search matched.
 */
export async function highlightsOf(
  db: DbOrTx,
  rows: SearchCardRow[],
  querytree: string,
): Promise<(Highlight | undefined)[]> {
  const terms = termsOf(querytree);
  if (terms.size === 0) return rows.map(() => undefined);
  const starts = [...new Set(Array.from(terms, (term) => escapeRegExp(term.slice(0, PREFIX))))];
  // Words (runs of letters and digits, as PostgreSQL's parser reads them) that begin as a term does.
  const mayMatch = new RegExp(`(?<![\\p{L}\\p{N}])(?:${starts.join('|')})[\\p{L}\\p{N}]*`, 'giu');
  const candidates = rows.map((row) =>
    Array.from(row.highlightSource.matchAll(mayMatch), (match) => ({
      word: match[0].toLowerCase(),
      start: match.index,
      end: match.index + match[0].length,
    })),
  );
  const unknown = new Set(candidates.flat().flatMap(({ word }) => (lexemeCache.has(word) ? [] : [word])));
  if (unknown.size > 0) {
    for (const [word, lexemes] of await lexemesOf(db, [...unknown])) lexemeCache.set(word, lexemes);
  }
  const matches = ({ word }: Occurrence) => (lexemeCache.get(word) ?? []).some((lexeme) => terms.has(lexeme));
  return rows.map((row, index) => fragmentOf(row.highlightSource, candidates[index]!.filter(matches)));
}

/** Where the fragment around a match starts and ends: a few words before it, so many words in all. */
function windowAround(text: string, match: Occurrence): { start: number; end: number } {
  const behindFrom = Math.max(0, match.start - LOOK_BEHIND);
  const before = Array.from(text.slice(behindFrom, match.start).matchAll(WORD), (word) => behindFrom + word.index);
  // A word cut by the look-behind is not a whole word.
  if (behindFrom > 0 && /[\p{L}\p{N}]/u.test(text[behindFrom - 1]!)) before.shift();
  const start = before.length > 0 ? before[Math.max(0, before.length - WORDS_BEFORE)]! : match.start;
  const words = new RegExp(WORD.source, 'gu');
  words.lastIndex = start;
  let end = match.end;
  for (let count = 0; count < FRAGMENT_WORDS; count += 1) {
    const word = words.exec(text);
    if (!word) break;
    end = word.index + word[0].length;
  }
  return { start, end: Math.max(end, match.end) };
}

function fragmentOf(text: string, matched: Occurrence[]): Highlight | undefined {
  let best: { start: number; end: number; count: number } | undefined;
  for (const match of matched.slice(0, FRAGMENT_STARTS)) {
    const window = windowAround(text, match);
    const count = matched.filter((other) => other.start >= window.start && other.end <= window.end).length;
    if (!best || count > best.count) best = { ...window, count };
  }
  if (!best) return undefined;
  const segments: Highlight = [];
  let cursor = best.start;
  for (const { start, end } of matched) {
    if (start < best.start || end > best.end) continue;
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (best.end > cursor) segments.push({ text: text.slice(cursor, best.end), match: false });
  return segments;
}
