/**
 * The invitation to upgrade that the home page opens when it is due. Apart from `TEXT` so that it stays out of the
 * home page's first load: only its lazily loaded dialog (upgrade-dialog.tsx) shows it.
 */
export const UPGRADE_TEXT = {
  title: 'Upgrade to Premium!',
  body: 'Subscribe now to enjoy unlimited article publishing and exclusive premium content.',
  closeLabel: 'Close subscription modal',
  goToSubscription: 'Go to Subscription',
} as const;
