import { SEED_PLANS, slugify, toMinorUnits, type PlanInput, type PlanSnapshot } from '@dispatch/shared';
import sharp from 'sharp';
import type { Db } from '../db/client.js';
import { articles, publishers, users } from '../db/schema.js';
import type { ImageStore } from '../modules/uploads/image-store.js';

let counter = 0;
const next = () => (counter += 1);

/** A real upload in the test's image store: a small solid-colour PNG. */
export async function makeImage(images: ImageStore, colour = { r: 200, g: 80, b: 40 }): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return (await images.save(png)).url;
}

export async function insertPublisher(db: Db, values: Partial<typeof publishers.$inferInsert> = {}) {
  const name = values.name ?? `Publisher ${next()}`;
  const [row] = await db
    .insert(publishers)
    .values({ name, slug: slugify(name), logo: '/api/uploads/logo.webp', ...values })
    .returning();
  return row!;
}

export async function insertUser(db: Db, values: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({ name: `User ${n}`, email: `user${n}@example.com`, profilePic: '/api/uploads/me.webp', ...values })
    .returning();
  return row!;
}

export async function insertArticle(
  db: Db,
  refs: { publisherId: string; authorId: string },
  values: Partial<Omit<typeof articles.$inferInsert, 'tags'>> & { tags?: string[] } = {},
) {
  const n = next();
  const createdAt = values.createdAt ?? new Date();
  const [row] = await db
    .insert(articles)
    .values({
      title: `Article ${n}`,
      image: '/api/uploads/article.webp',
      tags: ['Politics'],
      description: `Body of article ${n}. `.repeat(20),
      status: 'approved',
      ...refs,
      // Each view given a reader-day of its own, so an article ranks in trending as its views say.
      readerDays: values.views,
      createdAt,
      // An approved article was published: when it was submitted, unless the test says otherwise.
      publishedAt: (values.status ?? 'approved') === 'approved' ? createdAt : null,
      ...values,
    })
    .returning();
  return row!;
}

/** What a payment for one of the seed plans keeps of it (the site's currency being usd). */
export function seedSnapshot(planId: string): PlanSnapshot {
  const plan = SEED_PLANS.find((candidate) => candidate.id === planId);
  if (!plan) throw new Error(`no seed plan ${planId}`);
  return {
    name: plan.name,
    amount: toMinorUnits(plan.price),
    currency: plan.currency,
    durationMinutes: plan.value,
    features: plan.features,
    premiumArticles: plan.premiumArticles,
  };
}

/**
 * A monthly renewing plan as the admin's form sends it (`POST /api/admin/plans`), named apart from any other;
 * `values` change any part of it.
 */
export const renewingPlan = (values: Partial<PlanInput> = {}): PlanInput => ({
  name: `Monthly ${next()}`,
  price: 9,
  durationMinutes: 60,
  features: ['Every premium article, every month'],
  premiumArticles: null,
  visibility: 'listed',
  renewsEvery: 'month',
  freeDays: 7,
  ...values,
});
