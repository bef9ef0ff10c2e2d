// The anonymous record of one extraction that feeds the admin's statistics
// (docs/decisions/023-anonymous-statistics.md): how it ran and how it ended, never a name or a byte
// of content. The page sends one per browser extraction (POST /api/events); the server records its
// own extractions itself.
import { z } from './zod.js';
import { ERROR_CODES } from '../errors.js';
import { FORMAT_NAME_PATTERN, OUTCOMES, SIZE_BUCKET_IDS } from '../usage-statistics.js';

/** A format's name as sent: trimmed and lowercased, then FORMAT_NAME_PATTERN. */
export const formatNameSchema = z.string().trim().toLowerCase().regex(FORMAT_NAME_PATTERN);

/** One day, the longest duration worth recording. */
const MAX_DURATION_MS = 86_400_000;

/** The body of POST /api/events. */
export const usageEventSchema = z.object({
  mode: z.literal('browser'),
  format: formatNameSchema.nullable(),
  outcome: z.enum(OUTCOMES),
  errorCode: z.enum(ERROR_CODES).nullable(),
  sizeBucket: z.enum(SIZE_BUCKET_IDS),
  durationMs: z.number().int().nonnegative().max(MAX_DURATION_MS),
});
export type UsageEvent = z.infer<typeof usageEventSchema>;
