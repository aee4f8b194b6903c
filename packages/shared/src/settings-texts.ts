/**
 * The texts of /dashboard/settings and the Overview's setup checklist (docs/product.md#site-settings). Apart from
 * `TEXT` so that they stay out of the home page's first load: only the dashboard's lazy routes import them.
 */
import { TEXT } from './texts.js';

/**
 * The writer limit's texts (docs/product.md#one-article-rule): with SPEC's limit of one, SPEC's own words; another
 * number says it. `limit` is never 0 here (0: no limit, nothing to say).
 */
export const WRITER_LIMIT_TEXT = {
  refused: (limit: number) =>
    limit === 1 ? TEXT.addArticle.oneArticleLimit : `You cannot post more than ${limit} articles.`,
  reachedTitle: (limit: number) =>
    limit === 1 ? TEXT.addArticle.limitReachedTitle : `You already have ${limit} articles`,
  reachedBody: (limit: number) =>
    limit === 1
      ? TEXT.addArticle.limitReachedBody
      : `Without premium, a writer may have ${limit} articles at a time. Delete one to write another, or subscribe: premium lifts the limit.`,
  seeMine: (limit: number) => (limit === 1 ? TEXT.addArticle.seeMyArticle : 'See my articles'),
} as const;

export const SETTINGS_TEXT = {
  heading: 'Settings',
  intro: 'The site’s name and contact, and the rules readers and writers meet. A new site starts with the defaults.',
  loading: 'Loading settings…',
  loadFailed: 'The settings could not be loaded.',
  save: 'Save settings',
  saved: 'Settings saved.',
  saveFailed: 'The settings were not saved.',
  noChange: 'Nothing changed.',
  siteSection: 'Site',
  siteName: 'Site name',
  siteNameHint: 'Shown in the header, the page titles, feeds and e-mails.',
  contactEmail: 'Contact e-mail',
  contactEmailHint: 'Shown to readers and used as the sender of the site’s e-mails.',
  postalAddress: 'Postal address',
  postalAddressHint: 'Printed at the foot of every e-mail when set.',
  socialLinks: 'Social links',
  socialHint: 'Full addresses (https://…); leave one empty to hide it.',
  facebook: 'Facebook',
  x: 'X',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  readersSection: 'Readers',
  freeArticleReaders: 'Who reads free articles',
  freeArticleReadersOptions: { 'signed-in': 'Signed-in readers', anyone: 'Anyone' },
  freeArticleReadersHint: 'Premium articles stay for premium readers whatever you choose.',
  writersSection: 'Writers',
  bylineShowsEmail: 'Bylines show the writer’s e-mail',
  bylineShowsEmailOptions: { yes: 'Yes', no: 'No, the name only' },
  registrationPhoto: 'Registration photo',
  /** The register form's photo hint where the photo is optional. */
  photoOptionalHint: 'Optional: without one you get a plain avatar.',
  registrationPhotoOptions: { required: 'Required', optional: 'Optional' },
  writerArticleLimit: 'Article limit for writers without premium',
  writerArticleLimitHint: (byDefault: number) => `0 means no limit. The default is ${byDefault}.`,
  defaultMark: '(default)',
  // The setup checklist on the Overview.
  checklistHeading: 'Set up your site',
  checklistIntro: 'A few steps before readers arrive. Nothing here blocks the site; each can be changed later.',
  checklistProgress: (done: number, of: number) => `${done} of ${of} done`,
  checklistDone: 'Done',
  checklistToDo: 'To do',
  checklistDismiss: 'Dismiss the checklist',
  checklistSteps: {
    siteName: 'Give the site its name',
    contact: 'Set the contact e-mail',
    readers: 'Choose who reads free articles',
    plans: 'Look at the plans (the seeded ones are demo prices)',
  },
} as const;
