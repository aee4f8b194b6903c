/**
 * Corrections' words: the article page's section, the public corrections page and the editor's form. Apart from
 * `TEXT` so that they stay out of the home page's first load: only lazy pages show them.
 */
export const CORRECTION_TEXT = {
  /** The article page's section and the public page's heading. */
  heading: 'Corrections',
  pageIntro:
    'When we get something wrong, we fix it and say so. Every correction we have published, newest first, with the article it corrects.',
  empty: 'No corrections have been published.',
  corrected: 'Corrected',
  revision: (n: number) => `Revision ${n}`,
  feed: 'Follow them in a feed reader',
  feedRss: 'RSS',
  feedAtom: 'Atom',
  publishHeading: 'Publish a correction',
  publishIntro:
    'A public note under the article, dated, saying what an earlier version got wrong. It cannot be deleted later, only followed by another.',
  revisionLabel: 'Revision that fixed the text',
  noteLabel: 'Correction',
  notePlaceholder: 'An earlier version of this article said…',
  noteHint:
    'Shown to every reader as you write it. On a premium article, describe the change: do not quote the premium text.',
  publish: 'Publish correction',
  confirmTitle: 'Publish this correction?',
  confirmBody: 'It appears under the article and on the corrections page at once, and it cannot be deleted.',
} as const;
