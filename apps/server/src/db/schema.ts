import {
  AUTHOR_LIMITS,
  type AuthorLinkKind,
  BRIEF_STATUSES,
  LIMITS,
  PLAN_VISIBILITIES,
  RENEWAL_INTERVALS,
  SUBSCRIPTION_END_REASONS,
  SUBSCRIPTION_STATUSES,
  type PlanSnapshot,
} from '@dispatch/shared';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  primaryKey,
  smallint,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
// The tags' words, stemmed: array_to_string is only stable, which a generated column may not use; the tags'
// own tsvector written as text is the same words, quoted.
const tagWords = sql`to_tsvector('english', array_to_tsvector(tags)::text)`;

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Stored lower-cased: e-mails are unique ignoring case. */
    email: text().notNull(),
    passwordHash: text(),
    googleSubject: text(),
    profilePic: text().notNull(),
    role: text({ enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    /**
     * When the reader's own access ends, whatever gave it. Migration 0030 renamed it from the previous build's
     * column, kept equal to it by a trigger until a later release drops both (docs/decisions/061-one-home-for-premium-access.md).
     */
    premiumUntil: timestamp({ withTimezone: true }),
    /**
     * How many premium articles the current access run opens in full; null: every one
     * (modules/premium/premium-access.ts owns the rule).
     */
    premiumArticles: integer(),
    /** The start of the run that allowance counts its opened articles from. */
    premiumArticlesSince: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** When the address was proven: a verification link followed, or Google's verified claim. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    /** The notice kinds this person asked not to be e-mailed about (docs/product.md#notifications). */
    mailOptOuts: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Their author page's address, /authors/{slug}: from the name when the account is made, numbered when taken,
     * never changed. The database fills it on insert (trigger users_fill_slug, migration 0033), whichever code or
     * build inserts (docs/decisions/068-published-time-and-author-pages.md).
     */
    // Sent as null when the code gives none, for the trigger to fill.
    slug: text()
      .notNull()
      .$defaultFn(() => sql`null`),
    /** A short bio their author page shows; empty for none. */
    bio: text().notNull().default(''),
    /** Public links their author page shows (website and socials, http(s) only): AuthorLinks in packages/shared. */
    links: jsonb().$type<Partial<Record<AuthorLinkKind, string>>>().notNull().default({}),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_google_subject_key').on(table.googleSubject),
    index('users_premium_until_idx').on(table.premiumUntil),
    index('users_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The dashboard's searches by name or e-mail (ILIKE '%…%'): the users table and the articles' author.
    index('users_name_trgm_idx').using('gin', sql`${table.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${table.email} gin_trgm_ops`),
    check('users_role_check', sql`${table.role} in ('user', 'admin')`),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check('users_premium_articles_check', sql`${table.premiumArticles} is null or ${table.premiumArticles} > 0`),
    uniqueIndex('users_slug_key').on(table.slug),
    check('users_bio_length_check', sql`char_length(${table.bio}) <= ${sql.raw(String(AUTHOR_LIMITS.bioMaxLength))}`),
  ],
);

/**
 * What readers can buy (docs/product.md#plans): rows the admin edits, never deleted (archived instead). A
 * payment keeps a snapshot of its plan, so an edit changes only later purchases.
 */
export const plans = pgTable(
  'plans',
  {
    /** SPEC's three are 'trial', 'individual' and 'family'; a new plan's is a slug of its name. */
    id: text().primaryKey(),
    name: text().notNull(),
    /** In the currency's smallest unit (cents). */
    priceMinor: integer().notNull(),
    /** Lower-case ISO code; null: the site's CURRENCY. */
    currency: text(),
    durationMinutes: integer().notNull(),
    features: text().array().notNull(),
    /** Null: every premium article while access lasts. */
    premiumArticles: integer(),
    /** Accounts the pass covers, the buyer's included: above 1, the buyer may invite others (docs/product.md#families). */
    familySeats: integer().notNull().default(1),
    position: integer().notNull(),
    visibility: text({ enum: PLAN_VISIBILITIES }).notNull(),
    /** Null: a pass. A subscription charged again every month or year (docs/product.md#renewing-subscriptions). */
    renewsEvery: text({ enum: RENEWAL_INTERVALS }),
    /** A renewing plan's days before its first charge. */
    freeDays: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    uniqueIndex('plans_name_lower_key').on(sql`lower(${table.name})`),
    check('plans_price_minor_check', sql`${table.priceMinor} > 0`),
    check('plans_duration_minutes_check', sql`${table.durationMinutes} > 0`),
    check('plans_premium_articles_check', sql`${table.premiumArticles} is null or ${table.premiumArticles} > 0`),
    check('plans_visibility_check', sql`${table.visibility} in ('listed', 'unlisted', 'archived')`),
    check('plans_family_seats_check', sql`${table.familySeats} >= 1`),
    check('plans_renews_every_check', sql`${table.renewsEvery} is null or ${table.renewsEvery} in ('month', 'year')`),
    check(
      'plans_free_days_check',
      sql`${table.freeDays} >= 0 and (${table.freeDays} = 0 or ${table.renewsEvery} is not null)`,
    ),
  ],
);

/**
 * The tags writers choose from (docs/product.md#tags): rows the admin adds, renames, merges and archives; SPEC's
 * five are the seed. Articles, revisions, brief follows and hidden tags hold tag names, rewritten in the change's
 * transaction on a rename or merge (docs/decisions/067-tags-are-rows.md).
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Its page's address, /tags/{slug}: `slugify` of the name (SPEC's five: the name in lower case). */
    slug: text().notNull(),
    position: integer().notNull(),
    /** Set: no longer offered to writers, filters or follows; its articles keep it and its page stays. */
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('tags_name_lower_key').on(sql`lower(${table.name})`),
    uniqueIndex('tags_slug_key').on(table.slug),
  ],
);

/** A tag's earlier addresses (before a rename, or a tag merged into it): each redirects to the tag's page. */
export const tagFormerSlugs = pgTable(
  'tag_former_slugs',
  {
    slug: text().primaryKey(),
    tagId: uuid()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('tag_former_slugs_tag_idx').on(table.tagId)],
);

/**
 * A family (docs/product.md#families): its owner bought a plan of several seats and invites others, who read
 * premium while the owner's access lasts. Seats are the most any of the owner's passes gave.
 */
export const families = pgTable(
  'families',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: integer().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('families_owner_key').on(table.ownerId),
    check('families_seats_check', sql`${table.seats} > 1`),
  ],
);

/** A reader in someone's family: at most one family each. */
export const familyMembers = pgTable(
  'family_members',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid()
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    joinedAt: createdAt(),
    /** Parental controls, set by the owner: a young reader never sees articles with `hiddenTags`. */
    youngReader: boolean().notNull().default(false),
    hiddenTags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (table) => [index('family_members_family_idx').on(table.familyId)],
);

/** An owner's invitation by e-mail: its signed link names the row, which is used once. */
export const familyInvitations = pgTable(
  'family_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    familyId: uuid()
      .notNull()
      .references(() => families.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when someone accepts it, or the owner revokes it: either way the link is spent. */
    closedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('family_invitations_family_idx').on(table.familyId),
    uniqueIndex('family_invitations_open_email_key')
      .on(table.familyId, table.email)
      .where(sql`${table.closedAt} is null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const publishers = pgTable(
  'publishers',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Its page's address (`slugify` of the name, numbered when taken), fixed once added. */
    slug: text().notNull(),
    logo: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('publishers_name_lower_key').on(sql`lower(${table.name})`),
    uniqueIndex('publishers_slug_key').on(table.slug),
  ],
);

export const articles = pgTable(
  'articles',
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    image: text().notNull(),
    imageCaption: text(),
    publisherId: uuid()
      .notNull()
      .references(() => publishers.id, { onDelete: 'restrict' }),
    tags: text().array().notNull(),
    description: text().notNull(),
    authorId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ['pending', 'changes_requested', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    isPremium: boolean().notNull().default(false),
    /**
     * An editor kept it for signed-in readers: a visitor without a session signs in first, whoever the site's setting
     * opens free articles to (docs/decisions/066-free-articles-for-visitors.md).
     */
    signedInOnly: boolean().notNull().default(false),
    views: integer().notNull().default(0),
    /**
     * Trending's count: each reader's first view of a UTC day adds one, so reloading an article moves `views`,
     * never its rank (docs/decisions/060-trending-counts-readers-a-day.md).
     */
    readerDays: integer().notNull().default(0),
    declineReason: text(),
    /** The editor's note with the last 'Request changes'. */
    changesNote: text(),
    /**
     * The revision that was current at the last 'Request changes': what the editor reviewed. No foreign key,
     * the revisions go with the article.
     */
    reviewedRevisionId: uuid(),
    /** The admin behind the last moderation decision, and when. */
    decidedById: uuid().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    /**
     * When it first became public (its first approval), never moved afterwards: a later edit, a return to review
     * and a second approval keep it. Null for an article never approved. `createdAt` stays the submission time.
     */
    publishedAt: timestamp({ withTimezone: true }),
    /** When it last entered review (submitted, resubmitted, or sent back by an edit): the desk serves the longest waiting first. */
    pendingSince: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
    /**
     * The words search matches, title above text above tags (docs/decisions/020-search-and-deep-pages.md): what
     * a reader who may read the whole article searches.
     */
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(${tagWords}, 'C')`,
    ),
    /**
     * A premium article's words that anyone may search: its title, excerpt and tags; null for an article that is
     * not premium (docs/decisions/037-search-by-access-and-its-limit.md).
     */
    teaserVector: tsvector().generatedAlwaysAs(
      sql`case when is_premium then setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', left(description, ${sql.raw(String(LIMITS.excerptLength))})), 'B') || setweight(${tagWords}, 'C') end`,
    ),
    /** The title's words alone, stored: a search's first grade tests it on every row it reads, without stemming again. */
    titleVector: tsvector().generatedAlwaysAs(sql`to_tsvector('english', title)`),
  },
  (table) => [
    // DESC NULLS FIRST is what a plain `order by x desc` means: the lists can read these in order.
    index('articles_status_created_idx').on(
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('articles_status_reader_days_idx').on(
      table.status,
      table.readerDays.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // A publisher's list seeks along this one, whatever the archive's size.
    index('articles_publisher_status_created_idx').on(
      table.publisherId,
      table.status,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('articles_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The editors' desk reads its pages along this one (deskOrder in the articles repository). The last two
    // columns never change the order (id is unique): they hold what the two expressions are made of, so a page's
    // ids are read from the index alone (an index-only scan; the planner cannot use the stored expressions for
    // it) and a deep page skips index entries, not rows (drizzle has no INCLUDE).
    index('articles_desk_order_idx').on(
      sql`(case ${table.status} when 'pending' then 0 when 'changes_requested' then 1 else 2 end)`,
      sql`(case when ${table.status} = 'pending' then ${table.pendingSince} end)`,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
      table.status,
      table.pendingSince,
    ),
    index('articles_author_idx').on(table.authorId),
    // An author's page seeks along this one.
    index('articles_author_published_idx')
      .on(table.authorId, table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'approved'`),
    // Feeds and the news sitemap read the latest published along this one.
    index('articles_published_idx')
      .on(table.publishedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} = 'approved'`),
    index('articles_tags_idx').using('gin', table.tags),
    index('articles_search_idx').using('gin', table.searchVector),
    index('articles_teaser_vector_idx').using('gin', table.teaserVector),
    // For a search's first grade; its statistics tell the planner how rare a title word is.
    index('articles_title_vector_idx').using('gin', table.titleVector),
    index('articles_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    check('articles_status_check', sql`${table.status} in ('pending', 'changes_requested', 'approved', 'declined')`),
    check('articles_views_check', sql`${table.views} >= 0`),
    check('articles_reader_days_check', sql`${table.readerDays} >= 0`),
  ],
);

export const MODERATION_ACTIONS = [
  'approve',
  'decline',
  'premium',
  'delete',
  'promote',
  'grant-premium',
  'request-changes',
  'resubmit',
  'restore',
  'correct',
  'plan-create',
  'plan-update',
  'plan-reorder',
  'tag-create',
  'tag-update',
  'tag-merge',
  'settings-update',
  'readers',
] as const;

/** Who did what to which article, user or plan, and when: every admin decision, and a writer's resubmission. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text({ enum: MODERATION_ACTIONS }).notNull(),
    // No foreign keys: the record outlives a deleted article.
    articleId: uuid(),
    userId: uuid(),
    detail: text(),
    createdAt: createdAt(),
  },
  (table) => [
    index('moderation_actions_article_idx').on(table.articleId),
    index('moderation_actions_created_idx').on(table.createdAt.desc()),
  ],
);

/** Every saved version of an article's title, description and tags, creation included. */
export const articleRevisions = pgTable(
  'article_revisions',
  {
    id: uuid().primaryKey().defaultRandom(),
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** 1 for the version submitted, then one more per save (the article's row is locked while one is added). */
    number: integer().notNull(),
    /** Who saved it: the writer, or an admin restoring an earlier one. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    description: text().notNull(),
    tags: text().array().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('article_revisions_article_number_key').on(table.articleId, table.number),
    // What a correction's foreign key names: a revision of that very article.
    uniqueIndex('article_revisions_article_id_key').on(table.articleId, table.id),
  ],
);

/**
 * Public notes saying what an earlier version of an approved article got wrong, each tied to the revision of
 * that article that fixed it. Never updated or deleted; they go only with their article.
 */
export const corrections = pgTable(
  'corrections',
  {
    id: uuid().primaryKey().defaultRandom(),
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    revisionId: uuid().notNull(),
    /** The admin who published it; kept for the record, never shown to readers. */
    editorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    note: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({
      name: 'corrections_article_revision_fk',
      columns: [table.articleId, table.revisionId],
      foreignColumns: [articleRevisions.articleId, articleRevisions.id],
    }).onDelete('cascade'),
    index('corrections_article_created_idx').on(
      table.articleId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('corrections_created_idx').on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

/** A reader's attempt to pay for a plan; the amount comes from the plan's row, never the client. */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null once the reader deleted their account: the payment stays for the accounts, without a person. */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** No foreign key: the snapshot says what was bought, whatever becomes of the plan. */
    planId: text().notNull(),
    /** The plan as it was when the intent was opened: what the payment grants, whatever the row says later. */
    planSnapshot: jsonb().$type<PlanSnapshot>().notNull(),
    /** In the currency's smallest unit (cents). */
    amount: integer().notNull(),
    currency: text().notNull(),
    provider: text({ enum: ['test', 'stripe'] }).notNull(),
    clientSecret: text().notNull(),
    /** Stripe's PaymentIntent id; null for the test provider. */
    providerRef: text(),
    status: text({ enum: ['requires_payment', 'succeeded'] })
      .notNull()
      .default('requires_payment'),
    lastError: text(),
    createdAt: createdAt(),
    succeededAt: timestamp({ withTimezone: true }),
    /** The premium time this payment bought, set when it succeeds (billing history, the receipt). */
    periodStart: timestamp({ withTimezone: true }),
    periodEnd: timestamp({ withTimezone: true }),
    /** The renewing subscription this payment opened or renewed; null for a pass. */
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    /**
     * payment: bought at checkout; free_days: a renewing plan's start, nothing charged; renewal: a later period's
     * charge, made by the server (never through the browser).
     */
    kind: text({ enum: ['payment', 'free_days', 'renewal'] })
      .notNull()
      .default('payment'),
  },
  (table) => [
    uniqueIndex('payment_intents_client_secret_key').on(table.clientSecret),
    uniqueIndex('payment_intents_provider_ref_key').on(table.providerRef),
    index('payment_intents_user_idx').on(table.userId),
    // A refused renewal is found again by its period (a retry updates it rather than adding a row).
    index('payment_intents_subscription_period_idx').on(table.subscriptionId, table.periodStart),
    // A period of a subscription is paid at most once, whichever instance charged it (the renewal job's guard).
    uniqueIndex('payment_intents_subscription_period_key')
      .on(table.subscriptionId, table.periodStart)
      .where(sql`${table.subscriptionId} is not null and ${table.status} = 'succeeded'`),
    check('payment_intents_kind_check', sql`${table.kind} in ('payment', 'free_days', 'renewal')`),
  ],
);

/**
 * A renewing plan bought (docs/product.md#renewing-subscriptions): charged again at the end of each period, at the
 * price and interval of its snapshot, until cancelled, a renewal fails past the grace period, or the account goes.
 * The renewal job claims rows whose `nextAttemptAt` has come (`for update skip locked`), so two instances never
 * charge the same one; the unique period index on payment_intents keeps each period paid once.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null once the account was deleted (which ends the subscription first). */
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    planId: text().notNull(),
    /** The plan as bought: each renewal charges its amount, in its currency, for its interval. */
    planSnapshot: jsonb().$type<PlanSnapshot>().notNull(),
    provider: text({ enum: ['test', 'stripe'] }).notNull(),
    /** Stripe's subscription id; null for the test provider. */
    providerRef: text(),
    /** The test provider's stored payment method: an opaque token naming the kind of test card, never a number. */
    paymentMethod: text(),
    cardLast4: text(),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull(),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    periodStart: timestamp({ withTimezone: true }).notNull(),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    /** When the renewal job next looks at it: the period's end, a retry while past due; null once ended. */
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** When the renewal that failed was due: the grace period counts from here. */
    pastDueSince: timestamp({ withTimezone: true }),
    /** The period end whose "renews on" reminder went out (yearly plans). */
    remindedFor: timestamp({ withTimezone: true }),
    /**
     * Stripe only: when Stripe created the last event that changed this row's state (`created`); an event created
     * earlier that arrives late may not change it back (modules/subscriptions/stripe-billing.ts, `isNewer`).
     */
    stripeLastEventAt: timestamp({ withTimezone: true }),
    endedAt: timestamp({ withTimezone: true }),
    endedReason: text({ enum: SUBSCRIPTION_END_REASONS }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (table) => [
    // One subscription that is not over per reader.
    uniqueIndex('subscriptions_live_user_key')
      .on(table.userId)
      .where(sql`${table.status} <> 'ended'`),
    index('subscriptions_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.nextAttemptAt} is not null`),
    index('subscriptions_user_idx').on(table.userId, table.createdAt),
    uniqueIndex('subscriptions_provider_ref_key').on(table.providerRef),
    check('subscriptions_status_check', sql`${table.status} in ('trialing', 'active', 'past_due', 'ended')`),
  ],
);

/**
 * A reader's customer at Stripe (PAYMENTS=stripe), created at their first renewing checkout and reused by the next
 * ones and by the customer portal. Goes with the account; the customer stays at Stripe, for its accounts.
 */
export const stripeCustomers = pgTable(
  'stripe_customers',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('stripe_customers_customer_id_key').on(table.customerId)],
);

/**
 * The premium articles a reader with a limited pass opened in full (docs/product.md#plans): one row per reader
 * and article, `openedAt` moved forward when reopened in a later run, so a run counts the rows since it began.
 */
export const premiumArticleOpens = pgTable(
  'premium_article_opens',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    openedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.articleId] }),
    index('premium_article_opens_article_idx').on(table.articleId),
  ],
);

/** Stripe events already handled: a replayed webhook finds its id here and changes nothing. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  createdAt: createdAt(),
});

/** What the bell shows: one row per person told about an event, written in the event's transaction. */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    // No foreign key: the notice outlives a deleted article (its title is kept).
    articleId: uuid(),
    articleTitle: text().notNull(),
    note: text(),
    createdAt: createdAt(),
    readAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
  ],
);

/**
 * E-mail waiting to be sent, written in the transaction of the event it tells about; a worker on any
 * instance claims a few rows for a lease, sends them and marks them sent (docs/decisions/023-notifications-and-mail-outbox.md).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    /** The unsubscribe address for this kind, sent as List-Unsubscribe; null for the welcome message. */
    unsubscribeUrl: text(),
    createdAt: createdAt(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While set and in the future, one worker holds the row; a crashed worker's lease runs out. */
    lockedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    /** Given up after the last attempt; the row stays for an operator to read. */
    failedAt: timestamp({ withTimezone: true }),
    lastError: text(),
  },
  (table) => [
    index('mail_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);

/**
 * The reminders sent before (and the notice after) a premium period ends: one row per person, expiry and
 * stage (1: 3 days before, 2: 1 day before, 3: ended), so each is sent once whichever instance finds it.
 */
export const premiumReminders = pgTable(
  'premium_reminders',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    premiumUntil: timestamp({ withTimezone: true }).notNull(),
    stage: smallint().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.premiumUntil, table.stage] })],
);

/**
 * The meter (docs/product.md#reader-revenue): one row per reader, calendar month (its first day, UTC) and
 * premium article opened in full for free. The key makes a second open of the same article free.
 */
export const meteredReads = pgTable(
  'metered_reads',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    readAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month, table.articleId] })],
);

/** A subscriber's link that opens one premium article for 14 days; only the token's SHA-256 is kept. */
export const giftLinks = pgTable(
  'gift_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull(),
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    senderId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('gift_links_token_hash_idx').on(table.tokenHash),
    index('gift_links_sender_idx').on(table.senderId, table.createdAt.desc()),
  ],
);

/** Who opened an article through a gift link: one row per link and reader, so "opened by" counts people. */
export const giftLinkOpens = pgTable(
  'gift_link_opens',
  {
    giftLinkId: uuid()
      .notNull()
      .references(() => giftLinks.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    openedAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.giftLinkId, table.userId] })],
);

/**
 * The paywall funnel (docs/product.md#reader-revenue): one compact row per event, its kind a small
 * number (`FUNNEL_KINDS` in modules/revenue/funnel.repository.ts). Removed after a retention period by
 * the housekeeping sweep.
 */
export const paywallEvents = pgTable(
  'paywall_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: smallint().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    // The dashboard's window and the sweep read by time; the index holds every column they count.
    index('paywall_events_at_idx').on(table.at, table.articleId, table.kind, table.userId),
    // A payment finds the reader's latest wall.
    index('paywall_events_user_idx').on(table.userId, table.kind, table.at),
    // Deleting an article removes its events.
    index('paywall_events_article_idx').on(table.articleId),
  ],
);

/**
 * The daily brief's readers (docs/product.md#the-daily-brief): one row per address, an account's or a visitor's.
 * A visitor's row has no user; an account's follows its owner's address. `nextBriefAt` is the next moment the
 * reader's chosen hour comes round in their time zone: the scheduler reads due rows by it.
 */
export const briefSubscriptions = pgTable(
  'brief_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: BRIEF_STATUSES }).notNull().default('pending'),
    hour: smallint().notNull(),
    timeZone: text().notNull(),
    /** Empty: every tag. */
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Empty: every publisher. */
    publisherIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    suppressedAt: timestamp({ withTimezone: true }),
    suppressedReason: text(),
    /** Articles approved after this moment go in the next brief; set when a brief is queued for the reader. */
    lastBriefAt: timestamp({ withTimezone: true }),
    nextBriefAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('brief_subscriptions_email_key').on(table.email),
    index('brief_subscriptions_user_idx').on(table.userId),
    index('brief_subscriptions_due_idx')
      .on(table.nextBriefAt)
      .where(sql`${table.status} = 'active'`),
    check('brief_subscriptions_hour_check', sql`${table.hour} between 0 and 23`),
    check('brief_subscriptions_email_lower_check', sql`${table.email} = lower(${table.email})`),
  ],
);

/** One send: a day's briefs (one row per UTC date) or a special edition of one article. */
export const briefSends = pgTable(
  'brief_sends',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text({ enum: ['daily', 'special'] }).notNull(),
    /** The UTC date (YYYY-MM-DD) of a daily send; the article's title for a special edition. */
    label: text().notNull(),
    articleId: uuid().references(() => articles.id, { onDelete: 'set null' }),
    audience: text({ enum: ['all', 'premium', 'free'] }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('brief_sends_daily_key')
      .on(table.label)
      .where(sql`${table.kind} = 'daily'`),
    index('brief_sends_created_idx').on(table.createdAt.desc().nullsFirst()),
  ],
);

/**
 * One reader's copy of one send: unique per send and subscription, so a reader gets an edition once whichever
 * instance sends it. Claimed with FOR UPDATE SKIP LOCKED for a lease; its id is the e-mail's Message-ID.
 */
export const briefDeliveries = pgTable(
  'brief_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    sendId: uuid()
      .notNull()
      .references(() => briefSends.id, { onDelete: 'cascade' }),
    subscriptionId: uuid()
      .notNull()
      .references(() => briefSubscriptions.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    status: text({ enum: ['queued', 'sent', 'failed', 'bounced', 'skipped'] })
      .notNull()
      .default('queued'),
    /** The brief holds articles approved after `since` and up to `until`. */
    since: timestamp({ withTimezone: true }),
    until: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    sentAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('brief_deliveries_send_subscription_key').on(table.sendId, table.subscriptionId),
    index('brief_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'queued'`),
    index('brief_deliveries_subscription_idx').on(table.subscriptionId),
  ],
);

/**
 * Who has read an article on a UTC day: a view adds to the article's `readerDays` (and to its hour's count) only
 * when it adds a row here. Kept two days, swept by housekeeping.
 */
export const articleReaderDays = pgTable(
  'article_reader_days',
  {
    day: date({ mode: 'string' }).notNull(),
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    /** The reader's account id: a view needs a session. Text, so a reader without one could count by address. */
    reader: text().notNull(),
  },
  // The day first: the sweep removes whole days along it.
  (table) => [primaryKey({ columns: [table.day, table.articleId, table.reader] })],
);

/**
 * Readers per article per hour (a reader's first view of the day counts, in its hour), written with the view
 * count, kept 90 days: the brief's highlights read them. The column kept its first name, `views`.
 */
export const articleViewsHourly = pgTable(
  'article_views_hourly',
  {
    articleId: uuid()
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    hour: timestamp({ withTimezone: true }).notNull(),
    views: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.hour] }),
    index('article_views_hourly_hour_idx').on(table.hour, table.articleId, table.views),
  ],
);

/**
 * The publisher's settings (docs/product.md#site-settings): at most one row (id 1), absent until the admin first
 * saves. A null column is the default: SPEC's rule, or the environment's site name, contact and social links.
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint().primaryKey().default(1),
    siteName: text(),
    contactEmail: text(),
    postalAddress: text(),
    socialFacebook: text(),
    socialX: text(),
    socialInstagram: text(),
    socialLinkedin: text(),
    freeArticleReaders: text({ enum: ['signed-in', 'anyone'] }),
    bylineShowsEmail: boolean(),
    registrationPhoto: text({ enum: ['required', 'optional'] }),
    writerArticleLimit: integer(),
    /** The setup checklist's steps an admin did by looking (who reads free articles, the plans), and its dismissal. */
    readersReviewedAt: timestamp({ withTimezone: true }),
    plansReviewedAt: timestamp({ withTimezone: true }),
    checklistDismissedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('site_settings_single_row_check', sql`${table.id} = 1`),
    check('site_settings_writer_article_limit_check', sql`${table.writerArticleLimit} >= 0`),
  ],
);
