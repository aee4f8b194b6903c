import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { siteSettings } from '../../db/schema.js';

export type SettingsRow = typeof siteSettings.$inferSelect;
export type SettingsColumns = Partial<Omit<typeof siteSettings.$inferInsert, 'id'>>;

/** The one row, or undefined before the admin first saved. */
export async function find(db: DbOrTx): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  return row;
}

/** The row locked for a change, created (all defaults) if it was absent: two admins' changes queue here. */
export async function lockForChange(db: DbOrTx): Promise<SettingsRow> {
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
  return row!;
}

export async function update(db: DbOrTx, columns: SettingsColumns & { updatedAt: Date }) {
  await db.update(siteSettings).set(columns).where(eq(siteSettings.id, 1));
}
