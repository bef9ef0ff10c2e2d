// The server-extraction API's answers, as one definition the server builds and the page checks
// (README "Server extraction API"). Its own entry point (`@archive-opener/shared/api`): zod stays
// out of the bundles that only need languages or limits.
import { z } from './zod.js';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'expired'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** Stored names longer than this are not carried in a job's file list (its size stays bounded). */
export const MAX_RAW_NAME_BYTES = 1024;

export const jobFileSchema = z.object({
  /** The file's key within its job (the `:fileId` of its URL). */
  id: z.string(),
  path: z.string(),
  size: z.number().nonnegative(),
  /** MIME type guessed from the name. */
  type: z.string(),
  sha256: z.string(),
  /** True when the stored name held direction controls (replaced by `_` in `path`): worth a warning. */
  directionControls: z.literal(true).optional(),
  /**
   * Base64 of the name's stored bytes, when the archive left their code page open and they are
   * not ASCII (zip without the UTF-8 flag, LHA); absent above MAX_RAW_NAME_BYTES.
   * See docs/decisions/034-names-in-any-encoding.md.
   */
  rawName: z
    .string()
    .max(Math.ceil(MAX_RAW_NAME_BYTES / 3) * 4)
    .optional(),
});
export type JobFile = z.infer<typeof jobFileSchema>;

export const apiErrorSchema = z.object({ code: z.string(), message: z.string() });

/** GET /api/extractions/:id, and every `job` event of its event stream. */
export const jobViewSchema = z.object({
  id: z.string(),
  status: jobStatusSchema,
  /** 0–100, the server's own estimate for API clients; the page maps the bytes below itself. */
  progress: z.number(),
  /** Bytes the extraction has written so far (0 before it starts). */
  bytesDone: z.number().nonnegative().default(0),
  /** Bytes the archive declares it holds, once the engine knows; null before or when it never says. */
  bytesTotal: z.number().nonnegative().nullable().default(null),
  /** 1 for the next to run; 0 when not waiting. */
  queuePosition: z.number().int().nonnegative(),
  error: apiErrorSchema.nullable(),
  files: z.array(jobFileSchema),
  expiresAt: z.string().nullable(),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** The 202 answer of POST /api/extractions. */
export const acceptedJobSchema = z.object({
  id: z.string(),
  status: jobStatusSchema,
  queuePosition: z.number().int().nonnegative(),
});
export type AcceptedJob = z.infer<typeof acceptedJobSchema>;

/** Every refusal: `{ error: { code, message } }`. */
export const apiRefusalSchema = z.object({ error: apiErrorSchema });
export type ApiRefusal = z.infer<typeof apiRefusalSchema>;
