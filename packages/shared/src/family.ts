import { z } from 'zod';
import { EmailSchema } from './auth-schemas.js';
import { TAG_LIMITS } from './tags.js';
import { text } from './fields.js';

/*
 * Families (docs/product.md#families): the buyer of a plan of several accounts (its `familySeats`) invites up
 * to seats − 1 people by e-mail; each who accepts reads premium exactly while the owner's access lasts.
 */

export const FAMILY_LIMITS = {
  /** How long an invitation's link works. */
  invitationDays: 7,
  /** Invitations waiting at once: seats are counted when one is accepted. */
  openInvitationsMax: 20,
} as const;

/** The seeded Family Plan's benefit lines that families and parental controls make true. */
export const FAMILY_BENEFITS = {
  accounts: (seats: number) => `Up to ${seats} accounts`,
  parentalControls: 'Parental controls',
} as const;

export const FAMILY_MESSAGES = {
  notOwner: 'Only the reader who bought a plan for several accounts can invite people.',
  memberCannotInvite: 'Members of a family cannot invite others; ask the person who bought the plan.',
  noSeatsLeft: 'Every seat of this family is taken.',
  tooManyInvitations: `At most ${FAMILY_LIMITS.openInvitationsMax} invitations can wait at once. Revoke one first.`,
  alreadyInvited: 'This address already has an invitation waiting.',
  selfInvite: 'You are already in your family: invite someone else.',
  alreadyMemberOfThis: 'This person is already in your family.',
  invitationInvalid: 'This invitation is not valid: ask for a new one.',
  invitationExpired: 'This invitation has expired: ask for a new one.',
  invitationClosed: 'This invitation was already used or revoked.',
  ownInvitation: 'This is your own family’s invitation: send it to the person you are inviting.',
  alreadyInAFamily: 'You are already in a family. Leave it first to join another.',
  ownerInactive: 'This family’s plan has ended, so it cannot take new members.',
  notMember: 'This reader is not in your family.',
  noFamily: 'You are not in a family.',
  invitationNotFound: 'Invitation not found.',
  invitationForAnotherAddress: (email: string) =>
    `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  invitationNeedsVerifiedAddress:
    'Verify your e-mail address to accept this invitation: follow the link in the welcome e‑mail we sent you.',
  tooManyInvitationsToAddress: 'This address has been sent too many invitations. Try again in an hour.',
  tooManyInvitationsToday: 'You have sent as many invitations as a day allows. Try again tomorrow.',
  ownerSetsControls: 'Only the family’s owner sets parental controls.',
  hiddenTagsNeedYoungReader: 'Tags can be hidden only from a young reader.',
  hiddenArticle: 'Your family’s settings hide this article on your account.',
  youngReaderLeave: 'A young reader cannot leave the family: ask its owner.',
  youngReaderGiftLinks: 'A young reader’s account cannot share gift links.',
  youngReaderDelete:
    'A young reader’s account is closed with its family’s owner: ask them to remove you from the family first.',
} as const;

export const FAMILY_TEXT = {
  heading: 'Family',
  ownerIntro: (seats: number) => `Your plan covers ${seats} accounts: yours and ${seats - 1} more.`,
  seatsLeft: (left: number, others: number) => `${left} of ${others} seats free`,
  membersHeading: 'Members',
  noMembers: 'Nobody has joined yet.',
  joinedOn: (date: string) => `joined ${date}`,
  invitationsHeading: 'Invitations waiting',
  inviteLabel: 'Invite by e-mail',
  inviteHint: 'They get a link that works once, for 7 days. Seats are taken as people accept.',
  inviteButton: 'Send invitation',
  invited: (email: string) => `Invitation sent to ${email}`,
  invitedNoMail: 'Invitation made. This site sends no e-mail: copy its link and send it yourself.',
  copyLink: 'Copy link',
  linkCopied: 'Link copied',
  expires: (date: string) => `expires ${date}`,
  revoke: 'Revoke',
  revokeTitle: 'Revoke the invitation?',
  revokeConfirm: (email: string) => `The link sent to ${email} stops working.`,
  revoked: 'Invitation revoked',
  remove: 'Remove',
  removeTitle: 'Remove from your family?',
  removeConfirm: (name: string) => `${name}’s premium access from your plan ends at once. You can invite them again.`,
  removed: (name: string) => `${name} was removed from your family`,
  memberIntro: (owner: string, plan: string | null) => `You read with ${owner}’s ${plan ?? 'family plan'}.`,
  memberUntil: (date: string) => `Premium articles are open to you while their plan lasts: until ${date}.`,
  memberLapsed: 'Their plan has ended: premium articles open again when they renew.',
  leave: 'Leave the family',
  leaveTitle: 'Leave the family?',
  leaveConfirm: (owner: string) => `Your premium access from ${owner}’s plan ends at once.`,
  left: 'You left the family',
  inactiveOwner: 'Your plan has ended: members read premium again, and you can invite, when you renew.',
  joinHeading: 'Join a family',
  joinIntro: (owner: string) => `${owner} invites you to read with their family plan.`,
  joinSentTo: (email: string, date: string) => `The invitation was sent to ${email} and works until ${date}.`,
  joinOwnPremium: (date: string) =>
    `You already have premium of your own until ${date}. The family seat does not extend it: you read with whichever lasts longer.`,
  joinButton: 'Accept and join',
  joined: 'Welcome to the family: premium articles are open to you.',
  joinMissing: 'This page needs the link from your invitation e-mail.',
  joinSignedInAs: (email: string) => `You are signed in as ${email}.`,
  joinSwitchAccount: 'Sign out to use another account',
  toProfile: 'See your family on your profile',
  controlsHeading: 'Parental controls',
  youngReader: 'Young reader',
  youngReaderHint:
    'They do not see articles with the tags you choose, anywhere on the site, and cannot change this, share gift links, leave the family or close their account.',
  hiddenTagsLegend: 'Tags they do not see',
  saveControls: 'Save parental controls',
  controlsSaved: (name: string) => `Parental controls saved for ${name}`,
  hiding: (tags: readonly string[]) => (tags.length ? `Hidden: ${tags.join(', ')}` : 'No tags hidden'),
  memberYoungReader: (owner: string, tags: readonly string[]) =>
    tags.length
      ? `${owner} has set parental controls on this account: articles tagged ${tags.join(', ')} are not shown.`
      : `${owner} has set parental controls on this account.`,
  hiddenArticleTitle: 'Not shown on this account',
} as const;

const Id = z.string();

export const FamilyInviteInputSchema = z.object({ email: EmailSchema });
export type FamilyInviteInput = z.infer<typeof FamilyInviteInputSchema>;

/**
 * The mailbox an invitation's per-address limit counts: however the address is written, one count.
 * A `+tag` reaches the same mailbox at most providers; dots do only at Gmail, so they stay.
 */
export function invitationMailbox(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  return at < 0 ? address : address.slice(0, at).replace(/\+.*$/, '') + address.slice(at);
}

export const FamilyIdParamsSchema = z.object({ id: text() });

export const FamilyTokenInputSchema = z.object({ token: text().min(1).max(2000) });

/**
 * Parental controls on a member (docs/product.md#parental-controls): a young reader does not see articles
 * with any of `hiddenTags`; only a young reader may have hidden tags.
 */
export const FamilyControlsSchema = z.object({
  youngReader: z.boolean(),
  /** Tag names; the server checks each is an active tag. */
  hiddenTags: z.array(text().max(TAG_LIMITS.nameMax)).max(TAG_LIMITS.tagsMax),
});
export type FamilyControls = z.infer<typeof FamilyControlsSchema>;

export const FamilyMemberSchema = z.object({
  id: Id,
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
  controls: FamilyControlsSchema,
});
export type FamilyMember = z.infer<typeof FamilyMemberSchema>;

export const FamilyInvitationSchema = z.object({
  id: Id,
  email: z.string(),
  expiresAt: z.string(),
  /** The link to send when the site has no mail; only its owner sees it. */
  link: z.string(),
});
export type FamilyInvitation = z.infer<typeof FamilyInvitationSchema>;

/** `POST /api/family/invitations`: the new invitation, and whether it went by e-mail (the site may send none). */
export const FamilyInvitedSchema = FamilyInvitationSchema.extend({ mailed: z.boolean() });
export type FamilyInvited = z.infer<typeof FamilyInvitedSchema>;

/** `GET /api/family`: the family the reader owns, the one they are in, or neither. */
export const FamilyViewSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('none') }),
  z.object({
    role: z.literal('owner'),
    seats: z.number().int(),
    /** The owner's access: members read premium while it lasts. */
    until: z.string().nullable(),
    active: z.boolean(),
    members: z.array(FamilyMemberSchema),
    invitations: z.array(FamilyInvitationSchema),
  }),
  z.object({
    role: z.literal('member'),
    owner: z.object({ name: z.string() }),
    planName: z.string().nullable(),
    until: z.string().nullable(),
    active: z.boolean(),
    joinedAt: z.string(),
    /** The owner's parental controls on this member's own account. */
    controls: FamilyControlsSchema,
  }),
]);
export type FamilyView = z.infer<typeof FamilyViewSchema>;

/** `POST /api/family/invitations/preview`: what the invitation page shows before the reader accepts. */
export const FamilyInvitationPreviewSchema = z.object({
  owner: z.object({ name: z.string() }),
  email: z.string(),
  expiresAt: z.string(),
  /** The reader's own premium, when they hold some: the seat does not extend it. */
  ownPremiumUntil: z.string().nullable(),
  /** The link opened again by the reader who accepted it: they read with this family already. */
  joined: z.boolean(),
});
export type FamilyInvitationPreview = z.infer<typeof FamilyInvitationPreviewSchema>;
