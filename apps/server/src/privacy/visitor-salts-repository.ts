// The daily salts of visitor hashes. Every process of one database uses the same salt on a day,
// so a visitor counts once however many instances serve them.
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/** The salt of `day` (YYYY-MM-DD, UTC), made by whichever process asks first. */
export async function saltOfDay(db: Queryable, day: string): Promise<string> {
  await db.query(`INSERT INTO visitor_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`, [
    day,
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ salt: string }>(`SELECT salt FROM visitor_salts WHERE day = $1`, [day]);
  const row = rows[0];
  if (!row) throw new Error(`No visitor salt for ${day}`);
  return row.salt;
}

/** Deletes the salts of days before `today`: yesterday's hashes can then never be recomputed. */
export async function deleteOldSalts(db: Queryable, today: string): Promise<void> {
  await db.query(`DELETE FROM visitor_salts WHERE day < $1`, [today]);
}
