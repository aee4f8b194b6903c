import { HOUR_MS, LIMITS } from '@dispatch/shared';
import { and, arrayContains, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../../db/client.js';
import { withoutHiddenTags } from '../../db/hidden-tags.js';
import { likePattern } from '../../db/like-pattern.js';
import { articleReaderDays, articles, articleViewsHourly, publishers, users } from '../../db/schema.js';

/** A list card's columns, with the excerpt cut in SQL. */
export interface ArticleCardRow {
  id: string;
  title: string;
  image: string;
  publisher: string;
  publisherSlug: string;
  tags: string[];
  excerpt: string;
  isPremium: boolean;
  views: number;
  createdAt: Date;
  publishedAt: Date | null;
}

export interface ApprovedFilter {
  search?: string;
  publisher?: string;
  tag?: string;
  premiumOnly?: boolean;
  /** A young reader's hidden tags (docs/product.md#parental-controls): articles with any of them are left out. */
  hiddenTags?: readonly string[];
}

const cardColumns = {
  id: articles.id,
  title: articles.title,
  image: articles.image,
  publisher: publishers.name,
  publisherSlug: publishers.slug,
  tags: articles.tags,
  // Only the excerpt leaves the database for a list (docs/architecture/server.md#articles).
  excerpt: sql<string>`left(${articles.description}, ${sql.raw(String(LIMITS.excerptLength))})`,
  isPremium: articles.isPremium,
  views: articles.views,
  createdAt: articles.createdAt,
  publishedAt: articles.publishedAt,
};

/** The filters a list and a feed share; search is `searchApproved`'s own. */
function approvedWhere(filter: Omit<ApprovedFilter, 'search'>): SQL | undefined {
  return and(
    eq(articles.status, 'approved'),
    filter.premiumOnly ? eq(articles.isPremium, true) : undefined,
    // By the publisher's id, so a publisher's list is read along its own index, not the whole archive's.
    filter.publisher
      ? sql`${articles.publisherId} = (select p.id from ${publishers} as p where lower(p.name) = lower(${filter.publisher}))`
      : undefined,
    filter.tag ? arrayContains(articles.tags, [filter.tag]) : undefined,
    withoutHiddenTags(filter.hiddenTags),
  );
}

/** Where a stretch of a list starts: a row's key (the date as text keeps PostgreSQL's microseconds). */
export interface ListKey {
  createdKey: string;
  id: string;
}

/**
 * The key of every `stride`-th approved article, newest first, and how many there are: one pass over
 * the list's rows, kept until the catalogue changes.
 */
export async function approvedListIndex(
  db: DbOrTx,
  filter: Omit<ApprovedFilter, 'search'>,
  stride: number,
): Promise<{ total: number; starts: ListKey[] }> {
  const size = sql.raw(String(Math.trunc(stride)));
  const rows = await queryRows<{ created_key: string; id: string; total: number }>(
    db,
    sql`select id, created_key, total from (
          select ${articles.id} as id, ${articles.createdAt}::text as created_key,
                 row_number() over (order by ${articles.createdAt} desc, ${articles.id} desc) - 1 as n,
                 count(*) over ()::int as total
          from ${articles} inner join ${publishers} on ${publishers.id} = ${articles.publisherId}
          where ${approvedWhere(filter)}
        ) as numbered
        where n % ${size} = 0
        order by n`,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    starts: rows.map((row) => ({ createdKey: row.created_key, id: row.id })),
  };
}

/** Cards from a key on, newest first: a seek along the status/date index, then at most a stride skipped. */
export function approvedCardsFrom(
  db: DbOrTx,
  filter: Omit<ApprovedFilter, 'search'>,
  start: ListKey,
  page: { skip: number; limit: number },
): Promise<ArticleCardRow[]> {
  return db
    .select(cardColumns)
    .from(articles)
    .innerJoin(publishers, eq(publishers.id, articles.publisherId))
    .where(
      and(
        approvedWhere(filter),
        sql`(${articles.createdAt}, ${articles.id}) <= (${start.createdKey}::timestamptz, ${start.id}::uuid)`,
      ),
    )
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(page.limit)
    .offset(page.skip);
}

/**
 * The newest approved cards of a publisher's or a tag's list: a few rows read along the publisher's or the
 * status/date index, whatever the archive's size.
 */
export function newestApprovedCards(
  db: DbOrTx,
  filter: Pick<ApprovedFilter, 'publisher' | 'tag' | 'hiddenTags'>,
  limit: number,
): Promise<ArticleCardRow[]> {
  return db
    .select(cardColumns)
    .from(articles)
    .innerJoin(publishers, eq(publishers.id, articles.publisherId))
    .where(approvedWhere(filter))
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(limit);
}

/**
 * A page of one author's approved articles, newest published first (articles_author_published_idx), and how many
 * there are.
 */
export async function approvedByAuthor(
  db: DbOrTx,
  filter: { authorId: string; hiddenTags?: readonly string[] },
  page: { offset: number; limit: number },
): Promise<{ rows: ArticleCardRow[]; total: number }> {
  const where = and(approvedWhere({ hiddenTags: filter.hiddenTags }), eq(articles.authorId, filter.authorId));
  const [rows, [count]] = await Promise.all([
    db
      .select(cardColumns)
      .from(articles)
      .innerJoin(publishers, eq(publishers.id, articles.publisherId))
      .where(where)
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(articles)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export interface SearchCardRow extends ArticleCardRow {
  /**
   * What a card's highlight is cut from: the opening of the text, only the excerpt for a premium article (and for a
   * visitor, for an article kept for signed-in readers).
   */
  highlightSource: string;
}

export interface SearchResult {
  rows: SearchCardRow[];
  /** The query's words as the english configuration reduced them, less the excluded ones (`querytree`). */
  terms: string;
  total: number;
  capped: boolean;
}

/**
 * Approved articles matching words of the title, text or tags (stems, phrases, `-word`) or part of the title;
 * a premium article's text only with `premiumText`, else its excerpt.
 * Relevance has two grades: the title matches (its words, or part of it), else only the text does; within a
 * grade the newest come first. Each grade is read newest first and stops once the page is filled, so a word
 * found in half the archive costs a page of rows, and a rare one is found through the GIN indexes; the count
 * stops at `countCap`, and is not run when the page itself shows there are fewer
 * (docs/decisions/020-search-and-deep-pages.md). `websearch_to_tsquery` reads any input without error.
 */
export async function searchApproved(
  db: DbOrTx,
  filter: ApprovedFilter & { search: string; premiumText: boolean; visitor?: boolean },
  page: { offset: number; limit: number },
  countCap: number,
): Promise<SearchResult> {
  const query = sql`websearch_to_tsquery('english', ${filter.search})`;
  const partOfTitle = ilike(articles.title, likePattern(filter.search));
  // Without premium access a premium article is its teaser's words alone: every test of the text below (the
  // grades, a `-word`, the counts) then sees only those (docs/decisions/037-search-by-access-and-its-limit.md).
  const inText = filter.premiumText
    ? sql`${articles.searchVector} @@ ${query}`
    : sql`((${articles.searchVector} @@ ${query} and not ${articles.isPremium}) or ${articles.teaserVector} @@ ${query})`;
  const titleWords = sql`${articles.titleVector} @@ ${query}`;
  // The title's words are in the article's vector too, so only a `-word` can make a title match and the whole
  // article not: without a minus in the input the stored vector of the text is not read for the first grade.
  const inTitle = filter.search.includes('-')
    ? sql`((${titleWords} and ${inText}) or ${partOfTitle})`
    : sql`(${titleWords} or ${partOfTitle})`;
  const wanted = page.offset + page.limit;
  const upTo = countCap + 1;
  const grade = (rank: number, matches: SQL) =>
    sql`(select ${articles.id} as id, ${articles.createdAt} as created_at, ${sql.raw(String(rank))} as grade
         from ${articles} where ${and(approvedWhere(filter), matches)}
         order by ${articles.createdAt} desc, ${articles.id} desc limit ${wanted})`;
  const excerptLength = sql.raw(String(LIMITS.excerptLength));
  const rows = await queryRows<{
    id: string;
    title: string;
    image: string;
    publisher: string;
    publisher_slug: string;
    tags: string[];
    excerpt: string;
    is_premium: boolean;
    views: number;
    created_at: Date | string;
    published_at: Date | string | null;
    highlight_source: string;
    terms: string;
    text_matches: number;
  }>(
    db,
    sql`select ${articles.id} as id, ${articles.title} as title, ${articles.image} as image,
               ${publishers.name} as publisher, ${publishers.slug} as publisher_slug, ${articles.tags} as tags,
               left(${articles.description}, ${excerptLength}) as excerpt,
               ${articles.isPremium} as is_premium, ${articles.views} as views, ${articles.createdAt} as created_at,
               ${articles.publishedAt} as published_at,
               case when ${articles.isPremium} or (${filter.visitor === true} and ${articles.signedInOnly})
                    then left(${articles.description}, ${excerptLength})
                    else left(${articles.description}, ${sql.raw(String(LIMITS.headlineSourceLength))}) end
                 as highlight_source,
               querytree(${query}) as terms,
               -- Read once for the statement: most searches that fill a page find many matches in the text.
               (select count(*)::int from (
                  select 1 from ${articles} where ${and(approvedWhere(filter), inText)} limit ${upTo}) as m)
                 as text_matches
        from (
          select id, grade, created_at from (
            ${grade(0, inTitle)}
            union all
            ${grade(1, sql`${inText} and not ${titleWords} and not ${partOfTitle}`)}
          ) as found
          order by grade, created_at desc, id desc
          limit ${page.limit} offset ${page.offset}
        ) as shown
        inner join ${articles} on ${articles.id} = shown.id
        inner join ${publishers} on ${publishers.id} = ${articles.publisherId}
        order by shown.grade, shown.created_at desc, shown.id desc`,
  );
  // A page that is not full, and not past the end, counts the matches itself.
  const textMatches = rows[0] ? Number(rows[0].text_matches) : undefined;
  const found =
    rows.length < page.limit && (rows.length > 0 || page.offset === 0)
      ? page.offset + rows.length
      : textMatches !== undefined && textMatches >= upTo
        ? textMatches
        : await countMatches(db, filter, { inText, partOfTitle }, upTo, textMatches);
  return {
    rows: rows.map((row) => ({
      id: row.id,
      title: row.title,
      image: row.image,
      publisher: row.publisher,
      publisherSlug: row.publisher_slug,
      tags: row.tags,
      excerpt: row.excerpt,
      isPremium: row.is_premium,
      views: Number(row.views),
      createdAt: new Date(row.created_at),
      publishedAt: row.published_at === null ? null : new Date(row.published_at),
      highlightSource: row.highlight_source,
    })),
    terms: rows[0]?.terms ?? '',
    total: Math.min(found, countCap),
    capped: found > countCap,
  };
}

/**
 * How many approved articles match, reading at most `upTo` of them: first those whose text or title words match
 * (exact from the GIN index, or read newest first; `inTextKnown` when already counted), then, only when there
 * are fewer than `upTo`, those that match by part of the title alone. Apart, neither test reads the other's
 * column for the trigram index's false candidates.
 */
async function countMatches(
  db: DbOrTx,
  filter: ApprovedFilter,
  matches: { inText: SQL; partOfTitle: SQL },
  upTo: number,
  inTextKnown?: number,
): Promise<number> {
  const count = async (where: SQL, limit: number) => {
    const [row] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (
            select 1 from ${articles} where ${and(approvedWhere(filter), where)} limit ${limit}) as found`,
    );
    return Number(row?.total ?? 0);
  };
  const inText = inTextKnown ?? (await count(matches.inText, upTo));
  if (inText >= upTo) return inText;
  return inText + (await count(sql`${matches.partOfTitle} and not ${matches.inText}`, upTo - inText));
}

/**
 * The english configuration's lexemes of single words (a stop word has none): what a highlight compares with a
 * query's terms, so it marks exactly the words the search matched.
 */
export async function lexemesOf(db: DbOrTx, words: string[]): Promise<Map<string, string[]>> {
  // The words are letters and digits only, so a space separates them safely.
  const rows = await queryRows<{ word: string; lexemes: string[] }>(
    db,
    sql`select word, tsvector_to_array(to_tsvector('english', word)) as lexemes
        from unnest(string_to_array(${words.join(' ')}, ' ')) as word`,
  );
  return new Map(rows.map((row) => [row.word, row.lexemes]));
}

export async function listTrending(db: DbOrTx, limit: number, hiddenTags?: readonly string[]) {
  return db
    .select({ id: articles.id, title: articles.title, image: articles.image, publisher: publishers.name })
    .from(articles)
    .innerJoin(publishers, eq(publishers.id, articles.publisherId))
    .where(approvedWhere({ hiddenTags }))
    .orderBy(desc(articles.readerDays), desc(articles.createdAt), desc(articles.id))
    .limit(limit);
}

const authors = alias(users, 'authors');
const deciders = alias(users, 'deciders');

const fullColumns = {
  id: articles.id,
  title: articles.title,
  image: articles.image,
  imageCaption: articles.imageCaption,
  publisher: publishers.name,
  publisherSlug: publishers.slug,
  tags: articles.tags,
  description: articles.description,
  authorId: articles.authorId,
  authorName: authors.name,
  authorEmail: authors.email,
  authorPhoto: authors.profilePic,
  authorSlug: authors.slug,
  status: articles.status,
  isPremium: articles.isPremium,
  signedInOnly: articles.signedInOnly,
  views: articles.views,
  declineReason: articles.declineReason,
  changesNote: articles.changesNote,
  createdAt: articles.createdAt,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
};
function prepareFindFull(db: DbOrTx) {
  return db
    .select(fullColumns)
    .from(articles)
    .innerJoin(publishers, eq(publishers.id, articles.publisherId))
    .innerJoin(authors, eq(authors.id, articles.authorId))
    .where(eq(articles.id, sql.placeholder('id')))
    .prepare('find_full_article');
}
// The article page's query, built once per database and prepared.
const findFullQueries = new WeakMap<DbOrTx, ReturnType<typeof prepareFindFull>>();

export async function findFull(db: DbOrTx, id: string) {
  let query = findFullQueries.get(db);
  if (!query) findFullQueries.set(db, (query = prepareFindFull(db)));
  const [row] = await query.execute({ id });
  return row;
}
export type FullArticleRow = NonNullable<Awaited<ReturnType<typeof findFull>>>;

export async function findState(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: articles.id,
      title: articles.title,
      authorId: articles.authorId,
      status: articles.status,
      isPremium: articles.isPremium,
      changesNote: articles.changesNote,
      reviewedRevisionId: articles.reviewedRevisionId,
    })
    .from(articles)
    .where(eq(articles.id, id));
  return row;
}
export type ArticleState = NonNullable<Awaited<ReturnType<typeof findState>>>;

export async function countByAuthor(db: DbOrTx, authorId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(articles)
    .where(eq(articles.authorId, authorId));
  return row?.count ?? 0;
}

export async function insert(db: DbOrTx, values: typeof articles.$inferInsert) {
  const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
  return row!;
}

export async function listByAuthor(db: DbOrTx, authorId: string, page: { offset: number; limit: number }) {
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: articles.id,
        title: articles.title,
        status: articles.status,
        isPremium: articles.isPremium,
        declineReason: articles.declineReason,
        changesNote: articles.changesNote,
        views: articles.views,
        createdAt: articles.createdAt,
      })
      .from(articles)
      .where(eq(articles.authorId, authorId))
      .orderBy(desc(articles.createdAt), desc(articles.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(articles)
      .where(eq(articles.authorId, authorId)),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/**
 * One view, in one statement: the article's count always (`once`: only with the first view of the day, a visitor's,
 * docs/decisions/066-free-articles-for-visitors.md); its trending count and its hour's count (the brief's
 * most-read section) only for `reader`'s first view of it on the UTC day of `at`
 * (docs/decisions/060-trending-counts-readers-a-day.md). The article's row is locked first, so a view racing its
 * deletion finds nothing, and concurrent views never overwrite each other.
 */
export async function incrementViews(
  db: DbOrTx,
  id: string,
  at: Date,
  reader: string,
  { once = false }: { once?: boolean } = {},
): Promise<number | undefined> {
  const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  const day = hour.slice(0, 10);
  const [row] = await queryRows<{ views: number }>(
    db,
    sql`with article as (
          select id from ${articles} where id = ${id} for update),
        first_today as (
          insert into ${articleReaderDays} (day, article_id, reader)
          select ${day}::date, id, ${reader} from article
          on conflict do nothing
          returning article_id),
        counted as (
          update ${articles}
          set views = views + ${once ? sql`(select count(*)::int from first_today)` : sql`1`},
              reader_days = reader_days + (select count(*)::int from first_today)
          where id = (select id from article) returning id, views),
        hourly as (
          insert into ${articleViewsHourly} (article_id, hour, views)
          select article_id, ${hour}::timestamptz, 1 from first_today
          on conflict (article_id, hour) do update set views = ${articleViewsHourly}.views + 1)
        select views from counted`,
  );
  return row && Number(row.views);
}

/**
 * Keeps an article for signed-in readers, or opens it to the site's: its row locked, so a concurrent change waits.
 * Answers the mark it had, or undefined for no such article.
 */
export async function setSignedInOnly(tx: DbOrTx, id: string, signedInOnly: boolean): Promise<boolean | undefined> {
  const [row] = await tx
    .select({ signedInOnly: articles.signedInOnly })
    .from(articles)
    .where(eq(articles.id, id))
    .for('update');
  if (!row) return undefined;
  if (row.signedInOnly !== signedInOnly) {
    await tx.update(articles).set({ signedInOnly }).where(eq(articles.id, id));
  }
  return row.signedInOnly;
}

/** Housekeeping: who read what on days before `day` (a UTC date, YYYY-MM-DD). */
export async function removeReaderDaysBefore(db: DbOrTx, day: string): Promise<number> {
  const removed = await db
    .delete(articleReaderDays)
    .where(lt(articleReaderDays.day, day))
    .returning({ day: articleReaderDays.day });
  return removed.length;
}

export async function remove(db: DbOrTx, id: string): Promise<number> {
  const rows = await db.delete(articles).where(eq(articles.id, id)).returning({ id: articles.id });
  return rows.length;
}

export type ArticleChanges = Partial<
  Pick<
    typeof articles.$inferInsert,
    | 'status'
    | 'title'
    | 'description'
    | 'tags'
    | 'isPremium'
    | 'declineReason'
    | 'changesNote'
    | 'reviewedRevisionId'
    | 'decidedById'
    | 'decidedAt'
    | 'pendingSince'
    | 'updatedAt'
    | 'publishedAt'
  >
>;

/**
 * Changes an article only if it is still as it was read (its status, and for premium its flag): the check is
 * part of the UPDATE, so of two concurrent moves from one state only the first changes a row. `publishedAt` is
 * set only on an article never published: the first publication's time never moves.
 */
export async function moveFrom(
  db: DbOrTx,
  id: string,
  from: Pick<ArticleState, 'status' | 'isPremium'>,
  changes: ArticleChanges,
) {
  const { publishedAt, ...rest } = changes;
  const [row] = await db
    .update(articles)
    .set({
      ...rest,
      ...(publishedAt && {
        publishedAt: sql`coalesce(${articles.publishedAt}, ${publishedAt.toISOString()}::timestamptz)`,
      }),
    })
    .where(and(eq(articles.id, id), eq(articles.status, from.status), eq(articles.isPremium, from.isPremium)))
    .returning({ id: articles.id });
  return row;
}

/** The desk's search: the words as typed, and the authors whose name or e-mail contains them. */
export interface AdminSearch {
  pattern: string;
  authorIds: string[];
}

/**
 * Finds the authors first, so the articles' query holds their ids as a value. The planner then knows how
 * many articles they wrote (articles_author_idx's statistics) as it knows how many titles match (the
 * trigram index's): it reads the few matches of a rare search through those two indexes and sorts them,
 * and walks the desk's index only when matches are common. With the authors in a subquery it could not
 * count them, and walked the whole index to find a page of a search that matches little or nothing
 * (1.4 s at 100,000 articles; bench/README.md).
 */
export async function adminSearch(db: DbOrTx, search: string): Promise<AdminSearch> {
  const pattern = likePattern(search);
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(or(ilike(users.name, pattern), ilike(users.email, pattern)));
  return { pattern, authorIds: found.map((row) => row.id) };
}

/**
 * The title, or the author's name or e-mail, contains the words as typed (any case): no join, so both sides
 * read their own index (the title's trigram index, articles_author_idx) and the counts need no join either.
 */
function adminSearchWhere({ pattern, authorIds }: AdminSearch): SQL | undefined {
  return or(
    ilike(articles.title, pattern),
    // One array value, however many authors match (uuids need no quoting in an array literal).
    authorIds.length > 0 ? sql`${articles.authorId} = any(${`{${authorIds.join(',')}}`}::uuid[])` : undefined,
  );
}

/**
 * The desk's order, the work waiting first: pending articles, longest waiting first; then those sent back
 * for changes; then the rest; each newest first after that, and by id, so a page never repeats or skips a
 * row. The expressions are those of the articles_desk_order_idx index, which serves it.
 */
const deskOrder = [
  sql`(case ${articles.status} when 'pending' then 0 when 'changes_requested' then 1 else 2 end)`,
  sql`(case when ${articles.status} = 'pending' then ${articles.pendingSince} end)`,
  desc(articles.createdAt),
  desc(articles.id),
];

/** A page of the desk in desk order; its total is countByStatus's. */
export function listForAdmin(
  db: DbOrTx,
  filter: { status?: ArticleState['status']; search?: AdminSearch },
  page: { offset: number; limit: number },
) {
  const where = and(
    filter.status ? eq(articles.status, filter.status) : undefined,
    filter.search ? adminSearchWhere(filter.search) : undefined,
  );
  // The page's ids first, from the desk's index alone when no search is given (an index-only scan); then
  // only those rows are read and joined. Offset paging skips `offset` entries either way: skipped index
  // entries cost far less than skipped rows with their joins (bench/README.md).
  const pageIds = db
    .select({ id: articles.id })
    .from(articles)
    .where(where)
    .orderBy(...deskOrder)
    .limit(page.limit)
    .offset(page.offset);
  return db
    .select({
      ...fullColumns,
      description: sql<string>`''`,
      decidedAt: articles.decidedAt,
      deciderName: deciders.name,
      deciderEmail: deciders.email,
      reviewedRevisionId: articles.reviewedRevisionId,
    })
    .from(articles)
    .innerJoin(publishers, eq(publishers.id, articles.publisherId))
    .innerJoin(authors, eq(authors.id, articles.authorId))
    .leftJoin(deciders, eq(deciders.id, articles.decidedById))
    .where(inArray(articles.id, pageIds))
    .orderBy(...deskOrder);
}

/**
 * How many articles the desk's search finds in each status (every article without a search): also the
 * page's total, which the service adds up from these rather than counting the same rows again.
 */
export function countByStatus(db: DbOrTx, search?: AdminSearch) {
  return db
    .select({ status: articles.status, count: sql<number>`count(*)::int` })
    .from(articles)
    .where(search ? adminSearchWhere(search) : undefined)
    .groupBy(articles.status);
}

/** The dashboard's three charts, aggregated in SQL over every article. */
export async function chartCounts(db: DbOrTx, since: Date) {
  const [byPublisher, byTag, byMonth] = await Promise.all([
    db
      .select({ name: publishers.name, count: sql<number>`count(${articles.id})::int` })
      .from(publishers)
      .leftJoin(articles, eq(articles.publisherId, publishers.id))
      .groupBy(publishers.id, publishers.name)
      .orderBy(desc(sql`count(${articles.id})`), publishers.name),
    queryRows<{ tag: string; count: number }>(
      db,
      sql`select tag, count(*)::int as count from ${articles}, unnest(${articles.tags}) as tag group by tag order by tag`,
    ),
    queryRows<{ month: string; count: number }>(
      db,
      sql`select to_char(date_trunc('month', ${articles.createdAt} at time zone 'UTC'), 'YYYY-MM') as month, count(*)::int as count
          from ${articles} where ${articles.createdAt} >= ${since.toISOString()}::timestamptz group by 1 order by 1`,
    ),
  ]);
  return { byPublisher, byTag, byMonth };
}

/** What a feed shows of an article: the excerpt and one character more (to know it was cut), never the text. */
export function listLatestApproved(
  db: DbOrTx,
  filter: Pick<ApprovedFilter, 'publisher' | 'tag'> & { authorId?: string },
  limit: number,
) {
  return (
    db
      .select({
        id: articles.id,
        title: articles.title,
        image: articles.image,
        publisher: publishers.name,
        tags: articles.tags,
        excerpt: sql<string>`left(${articles.description}, ${sql.raw(String(LIMITS.excerptLength + 1))})`,
        status: articles.status,
        isPremium: articles.isPremium,
        authorName: authors.name,
        authorEmail: authors.email,
        authorSlug: authors.slug,
        createdAt: articles.createdAt,
        publishedAt: articles.publishedAt,
        updatedAt: articles.updatedAt,
      })
      .from(articles)
      .innerJoin(publishers, eq(publishers.id, articles.publisherId))
      .innerJoin(authors, eq(authors.id, articles.authorId))
      .where(and(approvedWhere(filter), filter.authorId ? eq(articles.authorId, filter.authorId) : undefined))
      // Newest published first (articles_published_idx); an approved row always has its time (migration 0033).
      .orderBy(desc(articles.publishedAt), desc(articles.id))
      .limit(limit)
  );
}
export type FeedArticleRow = Awaited<ReturnType<typeof listLatestApproved>>[number];

/** Where a sitemap page starts: its first article's key (the date as text keeps PostgreSQL's microseconds). */
export interface SitemapPageStart {
  createdKey: string;
  id: string;
  lastModified: Date;
}

/**
 * The first key of every page of `pageSize` approved articles, oldest first (so a page's articles stay on
 * it as new ones arrive), and the latest change (edit or approval) on each page: one pass over the approved rows.
 */
export async function sitemapPageStarts(db: DbOrTx, pageSize: number): Promise<SitemapPageStart[]> {
  const size = sql.raw(String(Math.trunc(pageSize)));
  const rows = await queryRows<{ created_key: string; id: string; last_modified: Date | string }>(
    db,
    sql`select id, created_key, last_modified from (
          select id, created_key, n, max(updated_at) over (partition by n / ${size}) as last_modified
          from (
            select id, created_at::text as created_key,
                   greatest(updated_at, coalesce(published_at, created_at)) as updated_at,
                   row_number() over (order by created_at, id) - 1 as n
            from ${articles} where status = 'approved'
          ) as numbered
        ) as paged
        where n % ${size} = 0
        order by n`,
  );
  return rows.map((row) => ({ createdKey: row.created_key, id: row.id, lastModified: new Date(row.last_modified) }));
}

/** One sitemap page from its start key: a keyset read along the status/date index, however deep the page. */
export function sitemapPage(db: DbOrTx, start: Pick<SitemapPageStart, 'createdKey' | 'id'>, pageSize: number) {
  return (
    db
      // The later of its last edit and its approval (approval leaves updated_at), as the feeds' <updated>.
      .select({
        id: articles.id,
        updatedAt:
          sql<Date>`greatest(${articles.updatedAt}, coalesce(${articles.publishedAt}, ${articles.createdAt}))`.mapWith(
            articles.updatedAt,
          ),
      })
      .from(articles)
      .where(
        and(
          eq(articles.status, 'approved'),
          sql`(${articles.createdAt}, ${articles.id}) >= (${start.createdKey}::timestamptz, ${start.id}::uuid)`,
        ),
      )
      .orderBy(articles.createdAt, articles.id)
      .limit(pageSize)
  );
}

/** The slugs of every author with an approved article (who has an author page), by slug. */
export async function listPublishedAuthorSlugs(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ slug: authors.slug })
    .from(authors)
    .where(
      sql`exists (select 1 from ${articles} where ${articles.authorId} = ${authors.id} and ${articles.status} = 'approved')`,
    )
    .orderBy(authors.slug);
  return rows.map((row) => row.slug);
}

/** Published since `since` (the news sitemap's window), newest first, along articles_published_idx. */
export function listPublishedSince(db: DbOrTx, since: Date, limit: number) {
  return db
    .select({ id: articles.id, title: articles.title, publishedAt: articles.publishedAt })
    .from(articles)
    .where(and(eq(articles.status, 'approved'), gte(articles.publishedAt, since)))
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

/** Every article of one writer, whole, newest first (the download of their data). */
export function listAllByAuthor(db: DbOrTx, authorId: string) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      description: articles.description,
      image: articles.image,
      tags: articles.tags,
      publisher: publishers.name,
      status: articles.status,
      isPremium: articles.isPremium,
      views: articles.views,
      declineReason: articles.declineReason,
      changesNote: articles.changesNote,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .innerJoin(publishers, eq(publishers.id, articles.publisherId))
    .where(eq(articles.authorId, authorId))
    .orderBy(desc(articles.createdAt), desc(articles.id));
}

/** Deletes every article of one writer (their revisions and corrections go with them); returns their images. */
export async function removeByAuthor(db: DbOrTx, authorId: string): Promise<string[]> {
  const rows = await db.delete(articles).where(eq(articles.authorId, authorId)).returning({ image: articles.image });
  return rows.map((row) => row.image);
}

/**
 * The Overview's panel: how many articles wait and since when the longest has (the status index), and how many
 * became public from `dayStart` on and are still (the published index); one statement.
 */
export async function deskCounts(db: DbOrTx, dayStart: Date) {
  const [row] = await queryRows<{
    pending: number;
    oldest_pending_since: Date | string | null;
    published_today: number;
  }>(
    db,
    sql`select
          (select count(*)::int from ${articles} where ${articles.status} = 'pending') as pending,
          (select min(${articles.pendingSince}) from ${articles} where ${articles.status} = 'pending') as oldest_pending_since,
          (select count(*)::int from ${articles}
            where ${articles.status} = 'approved' and ${articles.publishedAt} >= ${dayStart.toISOString()}::timestamptz) as published_today`,
  );
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSince: row?.oldest_pending_since ? new Date(row.oldest_pending_since) : null,
    publishedToday: Number(row?.published_today ?? 0),
  };
}
