// The page's check of robots.txt and sitemap.xml (kept from the original:
// docs/product.md#monitoring-checks) as reported to POST /api/monitor-static-files. The original's
// placeholder IP field is not collected.
import { z } from './zod.js';
import { MONITORED_FILES } from '../static-files.js';

export const staticFileCheckSchema = z.object({
  path: z.enum(MONITORED_FILES),
  method: z.literal('GET'),
  userAgent: z.string().max(512),
  referrer: z.string().max(2048),
  success: z.boolean(),
  /** 0 when the request never got an answer (network error). */
  status: z.number().int().min(0).max(599),
  statusText: z.string().max(200),
  contentType: z.string().max(200),
  error: z.string().max(500).nullable(),
});
export type StaticFileCheck = z.infer<typeof staticFileCheckSchema>;
