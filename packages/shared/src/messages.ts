/** Messages the API answers with, shown to people as they are. */
export const API_MESSAGES = {
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  currentPasswordWrong: 'Your current password is not correct.',
  noPasswordToChange: 'This account signs in with Google and has no password to change.',
  tooManyLoginAttempts: (minutes: number) =>
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  loginRequired: 'Please log in to continue.',
  sessionExpired: 'Your session has expired. Please log in again.',
  forbidden: 'You do not have permission to do that.',
  adminOnly: 'Only an admin can do that.',
  premiumOnly: 'Premium articles are for subscribers. Choose a plan to read them.',
  userNotFound: 'That user was not found.',
  imageNotOurs: 'Upload the image first: only images uploaded to this site can be used.',
  imageMissing: 'Choose an image file to upload.',
  imageTooLarge: 'The image is larger than 5 MB.',
  imageTooManyPixels: 'The image has more than 40 megapixels.',
  imageUnsupported: 'Upload a JPEG, PNG, WebP, GIF or AVIF image.',
  imageUnreadable: 'The image could not be read.',
  unstorableText: 'The request holds a character that cannot be stored, such as NUL (U+0000). Remove it and try again.',
  formUnreadable: 'The form could not be read: send it again as multipart/form-data.',
  googleNotConfigured: 'Google sign-in is not configured on this site.',
  googleFailed: 'Google sign-in did not complete. Please try again.',
  googleEmailUnverified: 'Google has not verified this e-mail address. Verify it with Google, then sign in again.',
} as const;

export const ARTICLE_MESSAGES = {
  notFound: 'That article was not found.',
  publisherUnknown: 'Choose one of the listed publishers.',
  publisherTaken: 'A publisher with this name already exists.',
  publisherNotFound: 'That publisher was not found.',
  notPending: 'Only a pending article can be approved or declined.',
  notApprovedOrAlreadyPremium: 'Only an approved article that is not premium yet can be made premium.',
  onlyAuthorMayEdit: 'Only the author can edit this article.',
  notPendingForChanges: 'Changes can be requested only on a pending article.',
  notChangesRequested: 'Only an article with requested changes can be resubmitted.',
  onlyAuthorMayResubmit: 'Only the author can resubmit this article.',
  onlyAuthorOrAdminMayRestore: 'Only the author or an admin can restore a revision.',
  changedMeanwhile: 'This article changed in the meantime. Reload it and try again.',
  revisionNotFound: 'That revision was not found.',
  notApprovedForCorrection: 'Only an approved article can be corrected.',
  revisionNotOfArticle: 'Choose one of this article’s revisions.',
  correctionQuotesPremium:
    'A correction is public: it may not quote the premium text past its opening lines. Describe what changed instead.',
  loginToRead: 'Log in to read this article.',
  premiumToRead: 'This article is for premium subscribers. Subscribe to read it in full.',
  tooManyViews: 'Too many views of this article from you; try again in a minute.',
  tooManySearchesTitle: 'Too many searches',
  tooManySearches: (seconds: number) =>
    `Too many searches from your address. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  alreadyAdmin: 'This user is already an admin.',
} as const;

export const FEED_MESSAGES = {
  unknownPublisher: 'There is no publisher by that name: use one of the listed publishers.',
  unknownAuthor: 'There is no author page at that address.',
} as const;
