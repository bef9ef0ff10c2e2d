// The admin API's requests and answers (docs/decisions/005-admin-on-the-server.md). The session
// itself is an HttpOnly cookie; state-changing calls also send the session's CSRF token in the
// `x-csrf-token` header.
import { z } from './zod.js';
import { EXTRACTION_MODES, OUTCOMES, SIZE_BUCKET_IDS } from '../usage-statistics.js';
import { MONITORED_FILES } from '../static-files.js';

export const CSRF_HEADER = 'x-csrf-token';

/** The body of POST /api/admin/login. */
export const adminLoginSchema = z.object({ password: z.string().min(1).max(1024) });

/** The answer of POST /api/admin/login and GET /api/admin/session. */
export const adminSessionSchema = z.object({
  csrfToken: z.string(),
  /** When the session ends at the latest (absolute limit), ISO 8601. */
  expiresAt: z.string(),
  /** Minutes of inactivity after which the session ends. */
  idleMinutes: z.number().positive(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const activitySchema = z.object({
  at: z.string(),
  mode: z.enum(EXTRACTION_MODES),
  format: z.string().nullable(),
  sizeBucket: z.enum(SIZE_BUCKET_IDS).nullable(),
  outcome: z.enum(OUTCOMES),
  /** An ERROR_CODES value, or a server-side code (the queue's own refusals). */
  errorCode: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type Activity = z.infer<typeof activitySchema>;

export const staticFileStatusSchema = z.object({
  path: z.enum(MONITORED_FILES),
  at: z.string(),
  success: z.boolean(),
  status: z.number(),
  contentType: z.string(),
  error: z.string().nullable(),
  /** Answered but not as it should be (a sitemap without an XML content type). */
  warning: z.boolean(),
});
export type StaticFileStatus = z.infer<typeof staticFileStatusSchema>;

/** GET /api/admin/dashboard?tz=<IANA time zone> ("today" is the admin's own day). */
export const dashboardSchema = z.object({
  stats: z.object({
    totalExtractions: z.number().int(),
    todayExtractions: z.number().int(),
    /** Successful share of finished extractions (cancelled ones left out), 0–100; null with none. */
    successRate: z.number().nullable(),
    visitors24h: z.number().int(),
  }),
  recentActivity: z.array(activitySchema),
  system: z.object({
    database: z.object({ ok: z.boolean(), kind: z.enum(['pglite', 'postgresql']), latencyMs: z.number() }),
    queueDepth: z.number().int(),
    runningJobs: z.number().int(),
    workers: z.object({ busy: z.number().int(), capacity: z.number().int() }),
    storageBytes: z.number(),
    uptimeSeconds: z.number(),
    memory: z.object({ rssBytes: z.number(), heapUsedBytes: z.number() }),
    version: z.string(),
    nodeVersion: z.string(),
    staticFiles: z.array(staticFileStatusSchema),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const adminMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

/** GET /api/admin/messages (newest first). */
export const adminMessagesSchema = z.object({
  messages: z.array(adminMessageSchema),
  unreadCount: z.number().int(),
});
export type AdminMessages = z.infer<typeof adminMessagesSchema>;

/** The body of PATCH /api/admin/messages/:id. */
export const adminMessagePatchSchema = z.object({ isRead: z.boolean() });
