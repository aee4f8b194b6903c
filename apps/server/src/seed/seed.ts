import { HOUR_MS, DAY_MS, slugify } from '@dispatch/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db, DbOrTx } from '../db/client.js';
import { LOCKS } from '../db/locks.js';
import {
  articleRevisions,
  articles,
  moderationActions,
  publishers,
  users,
  type MODERATION_ACTIONS,
} from '../db/schema.js';
import { setPassword } from '../modules/auth/auth.service.js';
import { hashPassword, verifyPassword } from '../modules/auth/password.js';
import type { ImageStore } from '../modules/uploads/image-store.js';
import type { ViewerCache } from '../app-types.js';
import { DEMO_ARTICLES, DEMO_PUBLISHERS, DEMO_READERS, DEMO_WRITERS, demoDescription } from './demo-content.js';
import { avatarSvg, storeSvg } from '../modules/uploads/avatar.js';
import { articleImageSvg, publisherLogoSvg, seededRandom } from './images.js';

const GENERATED_ADMIN_EMAIL = 'admin@dispatch.local';

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD create or promote that admin and set its password. Without them, a
 * site with no admin gets one with a generated password, printed this once. Instances starting
 * together may both get here: inserts skip an existing e-mail instead of failing on it. Instances
 * already running may hold the account's viewer, hence `viewers`.
 */
export async function ensureAdmin(
  db: Db,
  images: ImageStore,
  config: Config,
  log: FastifyBaseLogger,
  viewers: Pick<ViewerCache, 'invalidateUser'>,
) {
  if (config.admin) {
    const email = config.admin.email.toLowerCase();
    const passwordHash = await hashPassword(config.admin.password);
    const created = await insertAdminUnlessTaken(db, images, { email, passwordHash });
    if (created) {
      log.info({ email }, 'created the admin account from ADMIN_EMAIL');
      return;
    }
    const [existing] = await db
      .select({ id: users.id, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, email));
    if (!existing) return;
    await db.update(users).set({ role: 'admin' }).where(eq(users.id, existing.id));
    // A changed ADMIN_PASSWORD also signs out whoever was signed in with the old one.
    const unchanged = existing.passwordHash && (await verifyPassword(existing.passwordHash, config.admin.password));
    if (!unchanged) await setPassword(db, existing.id, passwordHash);
    await viewers.invalidateUser(existing.id);
    return;
  }
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (admin) return;
  const password = `${randomBytes(12).toString('base64url')}#9A`;
  const created = await insertAdminUnlessTaken(db, images, {
    email: GENERATED_ADMIN_EMAIL,
    passwordHash: await hashPassword(password),
  });
  if (!created) return;
  // Printed once on purpose: this is the only way to learn the generated password.
  console.log(
    `\n  Admin account created. Log in with:\n    e-mail:   ${GENERATED_ADMIN_EMAIL}\n    password: ${password}\n  Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own.\n`,
  );
}

/** True when this call created the account; false when the e-mail was already taken. */
async function insertAdminUnlessTaken(
  db: Db,
  images: ImageStore,
  values: { email: string; passwordHash: string },
): Promise<boolean> {
  const profilePic = await storeSvg(images, avatarSvg('#111827'));
  const rows = await db
    .insert(users)
    .values({ name: 'Editor', profilePic, role: 'admin', ...values })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return rows.length > 0;
}

async function isEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(publishers);
  return (row?.count ?? 0) === 0;
}

/** Demo publishers, writers, readers and articles, for a database that has no publishers yet. */
export async function seedDemoContent(db: Db, images: ImageStore, now: Date, log: FastifyBaseLogger) {
  if (!(await isEmpty(db))) return;
  const random = seededRandom(2026);

  // Images first: files are content-addressed, so a retry after a failure reuses them.
  const logos = await Promise.all(
    DEMO_PUBLISHERS.map((publisher, index) =>
      storeSvg(images, publisherLogoSvg(publisher.colour, publisher.accent, index)),
    ),
  );
  const writerPhotos = await Promise.all(DEMO_WRITERS.map((writer) => storeSvg(images, avatarSvg(writer.colour))));
  const readerPhotos = await Promise.all(DEMO_READERS.map((reader) => storeSvg(images, avatarSvg(reader.colour))));
  const articleImages: string[] = [];
  for (const [index, article] of DEMO_ARTICLES.entries()) {
    articleImages.push(await storeSvg(images, articleImageSvg(article.tags[0]!, index + 1)));
  }
  const writerPasswordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const readerHashes = await Promise.all(DEMO_READERS.map((reader) => hashPassword(reader.password)));

  const added = await db.transaction(async (tx) => {
    // Instances starting together on an empty database take turns here; the later one finds the content.
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCKS.seed})`);
    if (!(await isEmpty(tx))) return false;
    const publisherRows = await tx
      .insert(publishers)
      .values(
        DEMO_PUBLISHERS.map((publisher, index) => ({
          name: publisher.name,
          slug: slugify(publisher.name),
          logo: logos[index]!,
          createdAt: new Date(now.getTime() - (400 - index * 7) * DAY_MS),
        })),
      )
      .returning({ id: publishers.id });
    const writerRows = await tx
      .insert(users)
      .values(
        DEMO_WRITERS.map((writer, index) => ({
          name: writer.name,
          email: writer.email,
          passwordHash: writerPasswordHash,
          profilePic: writerPhotos[index]!,
          createdAt: new Date(now.getTime() - (380 - index * 11) * DAY_MS),
        })),
      )
      .returning({ id: users.id });
    await tx.insert(users).values(
      DEMO_READERS.map((reader, index) => ({
        name: reader.name,
        email: reader.email,
        passwordHash: readerHashes[index]!,
        profilePic: readerPhotos[index]!,
        premiumUntil: reader.premiumDays > 0 ? new Date(now.getTime() + reader.premiumDays * DAY_MS) : null,
        createdAt: new Date(now.getTime() - (60 + index * 5) * DAY_MS),
      })),
    );
    // Approved and declined demo articles were decided by the site's admin, a few hours after submission.
    const [admin] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'admin'))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const articleRows = await tx
      .insert(articles)
      .values(
        DEMO_ARTICLES.map((article, index) => {
          const status = article.status ?? 'approved';
          const ageDays =
            status === 'approved' ? 3 + index * 7 + Math.floor(random() * 5) : 1 + Math.floor(random() * 6);
          const createdAt = new Date(now.getTime() - ageDays * DAY_MS - Math.floor(random() * DAY_MS));
          const description = demoDescription(article, random);
          const views = status === 'approved' ? Math.floor(random() * random() * 6000) : 0;
          return {
            title: article.title,
            image: articleImages[index]!,
            publisherId: publisherRows[article.publisher]!.id,
            tags: article.tags,
            description,
            authorId: writerRows[index % writerRows.length]!.id,
            status,
            isPremium: article.premium ?? false,
            views,
            // Some readers came back on another day: trending's count is below the views, in the same order.
            readerDays: Math.floor(views * 0.8),
            declineReason: article.declineReason ?? null,
            changesNote: article.changesNote ?? null,
            decidedById: status !== 'pending' && admin ? admin.id : null,
            decidedAt:
              status !== 'pending' && admin ? new Date(createdAt.getTime() + (2 + (index % 5)) * HOUR_MS) : null,
            // Published when approved, as the editors' desk does it.
            publishedAt: status === 'approved' ? new Date(createdAt.getTime() + (2 + (index % 5)) * HOUR_MS) : null,
            pendingSince: createdAt,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({
        id: articles.id,
        status: articles.status,
        isPremium: articles.isPremium,
        decidedAt: articles.decidedAt,
        declineReason: articles.declineReason,
        changesNote: articles.changesNote,
        title: articles.title,
        description: articles.description,
        tags: articles.tags,
        authorId: articles.authorId,
        createdAt: articles.createdAt,
      });
    // Each article's text as submitted is its first revision; a changes-requested one was reviewed in it.
    const revisionRows = await tx
      .insert(articleRevisions)
      .values(
        articleRows.map((row) => ({
          articleId: row.id,
          number: 1,
          authorId: row.authorId,
          title: row.title,
          description: row.description,
          tags: row.tags,
          createdAt: row.createdAt,
        })),
      )
      .returning({ id: articleRevisions.id, articleId: articleRevisions.articleId });
    for (const row of articleRows.filter((one) => one.status === 'changes_requested')) {
      const revision = revisionRows.find((one) => one.articleId === row.id);
      await tx.update(articles).set({ reviewedRevisionId: revision?.id }).where(eq(articles.id, row.id));
    }
    if (!admin) return true;
    const decisions = articleRows.flatMap(({ id, status, isPremium, decidedAt, declineReason, changesNote }) => {
      if (status === 'pending' || !decidedAt) return [];
      const record = (action: (typeof MODERATION_ACTIONS)[number], detail: string | null = null) => ({
        actorId: admin.id,
        action,
        articleId: id,
        detail,
        createdAt: decidedAt,
      });
      if (status === 'declined') return [record('decline', declineReason)];
      if (status === 'changes_requested') return [record('request-changes', changesNote)];
      return isPremium ? [record('approve'), record('premium')] : [record('approve')];
    });
    await tx.insert(moderationActions).values(decisions);
    return true;
  });
  if (!added) return;
  log.info({ articles: DEMO_ARTICLES.length, publishers: DEMO_PUBLISHERS.length }, 'demo content added');
}
