import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client.js';

/**
 * Which of these image URLs a row still uses. Every column that holds an upload's URL is listed
 * here: a new one must be added, or the sweep would delete images it shows.
 */
export async function findReferencedImages(db: DbOrTx, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = sql.join(
    urls.map((url) => sql`${url}`),
    sql`, `,
  );
  const rows = await queryRows<{ url: string }>(
    db,
    sql`select profile_pic as url from users where profile_pic in (${list})
        union select logo from publishers where logo in (${list})
        union select image from articles where image in (${list})`,
  );
  return new Set(rows.map((row) => row.url));
}
