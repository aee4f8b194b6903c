import type { CorrectionListEntry } from '@dispatch/shared';
import { element, xmlDocument } from './xml.js';

/** The corrections feeds' channel, its links already absolute. */
export interface CorrectionsChannel {
  siteName: string;
  title: string;
  description: string;
  /** The /corrections page. */
  pageUrl: string;
  selfUrl: string;
  /** An article's page, at its corrections. */
  correctedUrl(articleId: string): string;
  now: Date;
}

const titleOf = (correction: CorrectionListEntry) => `Correction: ${correction.article.title}`;
const urnOf = (correction: CorrectionListEntry) => `urn:uuid:${correction._id}`;
// Corrections are never edited: the feed changes only when one is added, and keeps its ETag until then.
const lastChange = (corrections: CorrectionListEntry[], now: Date) => corrections[0]?.createdAt ?? now.toISOString();

export function correctionsRss(channel: CorrectionsChannel, corrections: CorrectionListEntry[]): string {
  const items = corrections.map((correction) =>
    element(
      'item',
      null,
      element('title', null, titleOf(correction)),
      element('link', null, channel.correctedUrl(correction.article._id)),
      element('guid', { isPermaLink: 'false' }, urnOf(correction)),
      element('description', null, correction.note),
      element('pubDate', null, new Date(correction.createdAt).toUTCString()),
    ),
  );
  return xmlDocument(
    element(
      'rss',
      { version: '2.0', 'xmlns:atom': 'http://www.w3.org/2005/Atom' },
      element(
        'channel',
        null,
        element('title', null, channel.title),
        element('link', null, channel.pageUrl),
        element('description', null, channel.description),
        element('language', null, 'en'),
        element('lastBuildDate', null, new Date(lastChange(corrections, channel.now)).toUTCString()),
        element('atom:link', { href: channel.selfUrl, rel: 'self', type: 'application/rss+xml' }),
        items,
      ),
    ),
  );
}

export function correctionsAtom(channel: CorrectionsChannel, corrections: CorrectionListEntry[]): string {
  const entries = corrections.map((correction) =>
    element(
      'entry',
      null,
      element('id', null, urnOf(correction)),
      element('title', { type: 'text' }, titleOf(correction)),
      element('link', { rel: 'alternate', type: 'text/html', href: channel.correctedUrl(correction.article._id) }),
      element('published', null, correction.createdAt),
      element('updated', null, correction.createdAt),
      element('summary', { type: 'text' }, correction.note),
    ),
  );
  return xmlDocument(
    element(
      'feed',
      { xmlns: 'http://www.w3.org/2005/Atom' },
      element('id', null, channel.selfUrl),
      element('title', { type: 'text' }, channel.title),
      element('subtitle', { type: 'text' }, channel.description),
      element('link', { rel: 'self', type: 'application/atom+xml', href: channel.selfUrl }),
      element('link', { rel: 'alternate', type: 'text/html', href: channel.pageUrl }),
      element('updated', null, lastChange(corrections, channel.now)),
      element('author', null, element('name', null, channel.siteName)),
      entries,
    ),
  );
}
