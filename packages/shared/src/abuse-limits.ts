const MINUTE_MS = 60 * 1000;
const LOGIN_WINDOW_MS = 15 * MINUTE_MS;

/**
 * Every abuse limit, once: how many within which window, counted per what. The server reads an
 * override of each `max` from the environment variable `env` (docs/decisions/013-known-devices-and-tunable-limits.md);
 * the windows are fixed. "address" means the client's address, with IPv6 grouped by /64.
 */
export const ABUSE_LIMITS = {
  registrationsPerHour: { env: 'LIMIT_REGISTRATIONS_PER_HOUR', max: 10, windowMs: 60 * MINUTE_MS, per: 'address' },
  loginFailuresPerAccountAtAddress: {
    env: 'LIMIT_LOGIN_FAILURES_PER_ACCOUNT_AT_ADDRESS',
    max: 5,
    windowMs: LOGIN_WINDOW_MS,
    per: 'account at one address',
  },
  /** The "anywhere" limit; a device the account signed in from before is not held to it. */
  loginFailuresPerAccount: {
    env: 'LIMIT_LOGIN_FAILURES_PER_ACCOUNT',
    max: 50,
    windowMs: LOGIN_WINDOW_MS,
    per: 'account, from anywhere',
  },
  /** Takes the place of the "anywhere" limit for a known device, so a stolen device cookie buys few guesses. */
  loginFailuresPerDevice: {
    env: 'LIMIT_LOGIN_FAILURES_PER_DEVICE',
    max: 5,
    windowMs: LOGIN_WINDOW_MS,
    per: 'account on one known device',
  },
  loginFailuresPerAddress: {
    env: 'LIMIT_LOGIN_FAILURES_PER_ADDRESS',
    max: 30,
    windowMs: LOGIN_WINDOW_MS,
    per: 'address, across accounts',
  },
  /**
   * Each attempt checks the current password: a stolen session must not become a password guesser. Account
   * deletions, which check it too, are counted apart against the same number.
   */
  passwordChangesPerHour: {
    env: 'LIMIT_PASSWORD_CHANGES_PER_HOUR',
    max: 10,
    windowMs: 60 * MINUTE_MS,
    per: 'account',
  },
  uploadsPerMinute: { env: 'LIMIT_UPLOADS_PER_MINUTE', max: 30, windowMs: MINUTE_MS, per: 'address' },
  paymentIntentsPerMinute: {
    env: 'LIMIT_PAYMENT_INTENTS_PER_MINUTE',
    max: 20,
    windowMs: MINUTE_MS,
    per: 'account',
  },
  paymentConfirmationsPerMinute: {
    env: 'LIMIT_PAYMENT_CONFIRMATIONS_PER_MINUTE',
    max: 20,
    windowMs: MINUTE_MS,
    per: 'account',
  },
  viewsPerMinute: { env: 'LIMIT_VIEWS_PER_MINUTE', max: 60, windowMs: MINUTE_MS, per: 'reader and article' },
  /**
   * Searches through the API and the rendered `/articles?search=` page alike, answered from the cache or not: a
   * second a search, far above a person typing (a search runs when typing pauses) and paging, far below a script
   * walking phrases (docs/decisions/037-search-by-access-and-its-limit.md).
   */
  searchesPerMinute: { env: 'LIMIT_SEARCHES_PER_MINUTE', max: 60, windowMs: MINUTE_MS, per: 'address' },
  /**
   * A family's invitation e-mails, counted per address invited, whoever invites it: an owner inviting and revoking
   * one address (or several accounts taking turns) cannot flood its inbox from the site's sender. Of the daily
   * brief's order (its confirmation links: 5 an hour per address). Counted only when the site sends mail
   * (docs/decisions/057-family-invitations-limited-and-bound.md).
   */
  familyInvitationsPerAddressPerHour: {
    env: 'LIMIT_FAMILY_INVITATIONS_PER_ADDRESS_PER_HOUR',
    max: 3,
    windowMs: 60 * MINUTE_MS,
    per: 'invited e-mail address',
  },
  /** A family's invitation e-mails per owner: a plan has at most 10 seats, so a few dozen a day is plenty. */
  familyInvitationsPerOwnerPerDay: {
    env: 'LIMIT_FAMILY_INVITATIONS_PER_OWNER_PER_DAY',
    max: 30,
    windowMs: 24 * 60 * MINUTE_MS,
    per: 'account',
  },
} as const;

export type AbuseLimitName = keyof typeof ABUSE_LIMITS;

/** What the server runs with: each limit's `max`, the preset's or the operator's. */
export type AbuseLimitMaxima = Record<AbuseLimitName, number>;

/** Highest value an override may take: far above any sensible limit, well inside what the stores count. */
export const ABUSE_LIMIT_CEILING = 1_000_000;
