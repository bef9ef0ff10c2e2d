// Deletes on schedule the contact, statistics and admin records
// (docs/decisions/002-one-set-of-numbers.md; the privacy page states each period from the same
// constants): contact messages, static-file reports, visitor hashes and salts, dead admin sessions
// and old failed logins.
import {
  CONTACT_MESSAGE_RETENTION_DAYS,
  STATIC_FILE_CHECK_RETENTION_DAYS,
  VISITOR_HASH_RETENTION_HOURS,
} from '@archive-opener/shared';
import { deleteDeadSessions } from '../admin/admin-sessions-repository.js';
import { deleteOldFailures } from '../admin/login-failures-repository.js';
import { deleteOldMessages } from '../contact/contact-messages-repository.js';
import type { Queryable } from '../db/database.js';
import { deleteOldChecks } from '../monitor/static-file-checks-repository.js';
import { eraseOldVisitorHashes } from '../statistics/usage-events-repository.js';
import { utcDay } from './visitor-hasher.js';
import { deleteOldSalts } from './visitor-salts-repository.js';

export interface RecordRetention {
  sessionIdleMs: number;
  lockoutMs: number;
}

export async function deleteExpiredRecords(db: Queryable, { sessionIdleMs, lockoutMs }: RecordRetention): Promise<void> {
  await deleteOldMessages(db, CONTACT_MESSAGE_RETENTION_DAYS);
  await deleteOldChecks(db, STATIC_FILE_CHECK_RETENTION_DAYS);
  await eraseOldVisitorHashes(db, VISITOR_HASH_RETENTION_HOURS);
  await deleteOldSalts(db, utcDay());
  await deleteDeadSessions(db, sessionIdleMs);
  await deleteOldFailures(db, lockoutMs);
}
