// The contact form's messages (table contact_messages): written by visitors, read, marked and
// deleted by the admin, and deleted after CONTACT_MESSAGE_RETENTION_DAYS by the sweeper.
import type { AdminMessage, ContactMessage } from '@archive-opener/shared/api';
import type { Queryable } from '../db/database.js';

interface MessageRow {
  id: string | number;
  name: string;
  email: string;
  message: string;
  is_read: boolean;
  created_at: Date | string;
}

const COLUMNS = 'id, name, email, message, is_read, created_at';

function toMessage(row: MessageRow): AdminMessage {
  return {
    id: String(row.id),
    name: row.name,
    email: row.email,
    message: row.message,
    isRead: row.is_read,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Ids are positive bigints; anything else names no message (and never reaches SQL as a cast error). */
export function isMessageId(id: string): boolean {
  return /^[1-9]\d{0,17}$/.test(id);
}

export async function insertMessage(db: Queryable, message: Pick<ContactMessage, 'name' | 'email' | 'message'>): Promise<void> {
  await db.query(`INSERT INTO contact_messages (name, email, message) VALUES ($1, $2, $3)`, [
    message.name,
    message.email,
    message.message,
  ]);
}

/** Newest first; the admin's list is bounded so a flood of messages cannot stall the page. */
export async function listMessages(db: Queryable, limit: number): Promise<{ messages: AdminMessage[]; unreadCount: number }> {
  const [list, unread] = await Promise.all([
    db.query<MessageRow>(`SELECT ${COLUMNS} FROM contact_messages ORDER BY created_at DESC, id DESC LIMIT $1`, [limit]),
    db.query<{ count: string | number }>(`SELECT count(*) AS count FROM contact_messages WHERE NOT is_read`),
  ]);
  return { messages: list.rows.map(toMessage), unreadCount: Number(unread.rows[0]?.count ?? 0) };
}

export async function setMessageRead(db: Queryable, id: string, isRead: boolean): Promise<AdminMessage | null> {
  const { rows } = await db.query<MessageRow>(`UPDATE contact_messages SET is_read = $2 WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    isRead,
  ]);
  return rows[0] ? toMessage(rows[0]) : null;
}

export async function deleteMessage(db: Queryable, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM contact_messages WHERE id = $1`, [id]);
  return rowCount > 0;
}

export async function deleteOldMessages(db: Queryable, days: number): Promise<void> {
  await db.query(`DELETE FROM contact_messages WHERE created_at < now() - $1 * interval '1 day'`, [days]);
}
