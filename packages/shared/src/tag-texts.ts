/**
 * The texts of /dashboard/tags (docs/product.md#tags). Apart from `TEXT` so that they stay out of the home page's
 * first load: only the dashboard's lazy route imports them.
 */
export const TAG_TEXT = {
  nav: 'Tags',
  heading: 'Tags',
  intro:
    'The tags writers choose from, and readers filter and follow by. A rename or a merge carries every article with it; an archived tag is no longer offered, and its articles keep it.',
  loading: 'Loading tags…',
  loadFailed: 'The tags could not be loaded.',
  pickerLoading: 'Loading tags…',
  empty: 'No tags yet. Add the first one.',
  addHeading: 'Add a tag',
  name: 'Name',
  add: 'Add tag',
  added: (name: string) => `Tag “${name}” added.`,
  tableCaption: 'Every tag, in the order writers see them',
  columns: { name: 'Tag', articles: 'Articles', status: 'Status', actions: 'Actions' },
  active: 'Active',
  archived: 'Archived',
  articles: (count: number) => `${count.toLocaleString('en-US')} article${count === 1 ? '' : 's'}`,
  rename: 'Rename',
  renameLabel: (name: string) => `New name for ${name}`,
  saveName: 'Save name',
  cancel: 'Cancel',
  renamed: (from: string, to: string) => `“${from}” is now “${to}”.`,
  archive: 'Archive',
  unarchive: 'Unarchive',
  archivedToast: (name: string) => `“${name}” archived: writers no longer see it.`,
  unarchivedToast: (name: string) => `“${name}” is offered again.`,
  merge: 'Merge into…',
  mergeLabel: (name: string) => `Merge ${name} into`,
  chooseTarget: 'Choose a tag',
  mergeButton: 'Merge',
  mergeConfirmTitle: (from: string, to: string) => `Merge “${from}” into “${to}”?`,
  mergeConfirmBody: (from: string, to: string, count: number) =>
    `Every article tagged “${from}” (${count.toLocaleString('en-US')}) will be tagged “${to}” instead, and so will brief follows and parental controls. “${from}” is removed and its page sends readers to “${to}”. This cannot be undone.`,
  mergeConfirm: 'Merge tags',
  merged: (from: string, to: string) => `“${from}” merged into “${to}”.`,
  page: (slug: string) => `/tags/${slug}`,
  /** History's action column, and its article column for a tag change. */
  history: { 'tag-create': 'Added a tag', 'tag-update': 'Changed a tag', 'tag-merge': 'Merged tags' },
  historyEntry: 'Tags',
} as const;
