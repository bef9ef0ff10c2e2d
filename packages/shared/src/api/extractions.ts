// The server-extraction API's answers, as one definition the server builds and the page checks
// (README "Server extraction API"). Its own entry point (`@archive-opener/shared/api`): zod stays
// out of the bundles that only need languages or limits.
import { z } from './zod.js';

export const JOB_STATUSES = ['queued', 'running', 'completed', 'failed', 'expired'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** Stored names longer than this are not carried in a job's file list (its size stays bounded). */
export const MAX_RAW_NAME_BYTES = 1024;

/**
 * A hostile archive may hold 100,000 entries with 4 KB names: a job lists at most this many renamed
 * names (`originalName`) and links, each name at most MAX_LISTED_NAME_LENGTH UTF-16 units (cut
 * ones end in `…`), and counts all of them (docs/decisions/035-integrity-and-safety-report.md).
 */
export const MAX_LISTED_RENAMES = 100;
export const MAX_LISTED_LINKS = 100;
export const MAX_LISTED_NAME_LENGTH = 1024;

const listedName = z.string().max(MAX_LISTED_NAME_LENGTH);

export const jobFileSchema = z.object({
  /** The file's key within its job (the `:fileId` of its URL). */
  id: z.string(),
  path: z.string(),
  size: z.number().nonnegative(),
  /** MIME type guessed from the name. */
  type: z.string(),
  sha256: z.string(),
  /** Last modification as the archive gives it, ms since 1970 (within a Date's range); absent where it does not. */
  modified: z.number().min(-8.64e15).max(8.64e15).optional(),
  /** True when the stored name held direction controls (replaced by `_` in `path`): worth a warning. */
  directionControls: z.literal(true).optional(),
  /**
   * The name as stored, when the engine changed it for a reason worth reporting (it climbed out,
   * was absolute, held controls or a reserved name, or was taken); only on the first
   * MAX_LISTED_RENAMES such files of a job (`safety.renamedCount` counts them all).
   */
  originalName: listedName.optional(),
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

/** A link the archive held, never created: where it would have been written, and its target as stored. */
export const jobLinkSchema = z.object({ path: listedName, target: listedName, originalName: listedName.optional() });
export type JobLink = z.infer<typeof jobLinkSchema>;

/** What a completed job's extraction changed or refused, for a safety report. */
export const jobSafetySchema = z.object({
  /** The archive held encrypted entries or encrypted names. */
  encrypted: z.boolean(),
  /** Files and links whose name was changed for a reason worth reporting; the first few carry `originalName`. */
  renamedCount: z.number().int().nonnegative(),
  /** The first MAX_LISTED_LINKS links, in the archive's order. */
  links: z.array(jobLinkSchema).max(MAX_LISTED_LINKS),
  linkCount: z.number().int().nonnegative(),
});
export type JobSafety = z.infer<typeof jobSafetySchema>;

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
  /** Once completed; null before, and from a server (or a job) older than this field. */
  safety: jobSafetySchema.nullable().default(null),
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
