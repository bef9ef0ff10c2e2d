/**
 * The server extraction API as the page uses it (README "Server extraction API"): its addresses
 * and the shapes of its answers, checked when they arrive, since a proxy or an older server may
 * answer something else.
 */
import {
  acceptedJobSchema,
  jobViewSchema,
  type AcceptedJob,
  type JobFile,
  type JobSafety,
  type JobStatus,
  type JobView,
} from '@archive-opener/shared/api';
import { ApiRequestError } from '../../lib/api-request-error';

// One definition with the server (packages/shared/src/api): the names this feature uses for them.
export type ServerJobStatus = JobStatus;
export type ServerJobFile = JobFile;
export type ServerJobSafety = JobSafety;
export type ServerJob = JobView;
export type { AcceptedJob };

export { extractionUrls } from './urls';

export function parseAccepted(value: unknown): AcceptedJob {
  const parsed = acceptedJobSchema.safeParse(value);
  // (Only a 200 or 202 is parsed: a refusal has its own error.)
  if (!parsed.success) throw ApiRequestError.unexpected(202);
  return parsed.data;
}

export function parseJob(value: unknown): ServerJob {
  const parsed = jobViewSchema.safeParse(value);
  if (!parsed.success) throw ApiRequestError.unexpected(200);
  return parsed.data;
}
