// POST /api/extract-archive: the original product's "extract-archive" server function
// (docs/decisions/025-compatibility-with-the-original-client.md), for clients written against it. The archive
// arrives as base64 in JSON and goes on the same queue, under the same limits, as
// POST /api/extractions; the answer waits for the job and carries every file's bytes inline, as
// the original's did. A keep-alive ping gets an immediate answer and touches nothing.
import { createReadStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
// The rate-limit plugin's additions to the instance type (app.rateLimit).
import type {} from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { findJob } from '../../jobs/extraction-jobs-repository.js';
import { newJobId } from '../../jobs/job-id.js';
import { TERMINAL_STATUSES, type Job } from '../../jobs/job-types.js';
import { safePartName } from '../../storage/job-storage.js';
import { STORAGE_FULL_RETRY_S } from '../../storage/storage-limits.js';
import { enqueueJob, queueIsFull } from './enqueue-job.js';
import type { ExtractionRoutesOptions } from './index.js';
import { refuse } from '../api-errors.js';
import { isPasswordTooLong, PASSWORD_TOO_LONG_MESSAGE } from './password-limit.js';
import { tooLarge } from './upload.js';

type RateLimitHook = ReturnType<FastifyInstance['rateLimit']>;

export interface LegacyExtractArchiveOptions extends ExtractionRoutesOptions {
  /** The upload count shared with POST /api/extractions (index.ts). */
  uploadRateLimit: RateLimitHook;
  /** How long an answer waits for its job; tests shorten it. */
  waitMs?: number;
}

// The original client gives up after 120 s, counted from before it sends the archive: the answer
// comes 10 s earlier, so that the client still gets it (and the job's id) after the upload.
const WAIT_MS = 110_000;
// The original pings every 8 minutes per open tab; this leaves room for a building's worth of tabs
// behind one address while still bounding a flood of pings.
const KEEP_ALIVE_RATE = { max: 60, timeWindow: 60_000 };
// A keep-alive body is ~60 bytes. Anything larger is an upload, counted before its body is read,
// so that a client out of uploads cannot still make the server parse megabytes of JSON.
const KEEP_ALIVE_MAX_BODY = 1024;
// The original client holds every file in memory as base64; answers are capped at twice the upload
// limit (100 MB of files by default). A larger result fails here with its job's id, and the files
// stay downloadable one by one through GET /api/extractions/:id.
const INLINE_FACTOR = 2;
// Beyond the wait, for reading the job and starting the answer.
const IDLE_MARGIN_MS = 30_000;
// Events wake the wait at once; this re-read is only the safety net for a lost notification.
const RECHECK_MS = 2_000;
// Files are read and encoded in pieces of a multiple of 3 bytes, so each piece's base64 stands alone
// and an answer never holds more than one piece in memory.
const BASE64_PIECE = 3 * 64 * 1024;

const keepAliveBody = z.object({ keepAlive: z.literal(true) });

const extractBody = z.object({
  fileData: z.base64('must be base64, without a data: URL prefix').min(1, 'is empty: no archive was sent'),
  fileName: z.string().min(1).max(255),
  // The original omits an empty password; '' and null are accepted as "none" too.
  password: z.string().nullish(),
});

/** The original's failure answer: HTTP 200, `success: false` (see README "Server extraction API"). */
interface LegacyFailure {
  success: false;
  files: [];
  jobId: string;
  error: string;
  code: string;
}

const failure = (jobId: string, code: string, error: string): LegacyFailure => ({
  success: false,
  files: [],
  jobId,
  error,
  code,
});

const legacyExtractArchive: FastifyPluginAsync<LegacyExtractArchiveOptions> = async (app, options) => {
  const { db, storage, uploadRateLimit } = options;
  const waitMs = options.waitMs ?? WAIT_MS;
  const keepAliveRateLimit = app.rateLimit(KEEP_ALIVE_RATE);
  // base64 is 4/3 of the bytes; the extra megabyte is the JSON around them.
  const bodyLimit = Math.ceil((options.maxUploadBytes * 4) / 3) + 1024 * 1024;

  // Answers still waiting when the server stops are sent at once rather than cut off.
  const closing = new AbortController();
  app.addHook('preClose', async () => closing.abort());

  app.post(
    '/api/extract-archive',
    {
      bodyLimit,
      onRequest: async function (request, reply) {
        const length = Number(request.headers['content-length']);
        if (!(length <= KEEP_ALIVE_MAX_BODY)) await uploadRateLimit.call(this, request, reply);
      },
      // Only one limit applies to a request: a limit that already ran above makes the other a no-op.
      preHandler: async function (request, reply) {
        const limit = keepAliveBody.safeParse(request.body).success ? keepAliveRateLimit : uploadRateLimit;
        await limit.call(this, request, reply);
      },
      errorHandler: (error: FastifyError, _request, reply) => {
        // Fastify's own refusals of the body, in the API's error shape.
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
          const { code, message } = tooLarge(options.maxUploadBytes);
          void refuse(reply, code, message);
        } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
          void refuse(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Send a JSON body (application/json).');
        } else if (error.statusCode === 400 && error.code.startsWith('FST_ERR_CTP_')) {
          void refuse(reply, 'BAD_REQUEST', error.message);
        } else {
          // Everything else (the rate limits' 429 among them) as on every other route.
          throw error;
        }
      },
    },
    async (request, reply) => {
      if (keepAliveBody.safeParse(request.body).success) return { keepAlive: true, timestamp: new Date().toISOString() };
      const received = await receive(request, reply);
      if (!received) return reply;
      const { id } = received;
      await enqueueJob(options, {
        ...received,
        mode: 'legacy',
        clientKey: await options.visitors.visitorOf(request),
        queueKey: await options.visitors.clientKey(request.ip),
      });

      // The wait sends nothing: the connection's idle timeout (IDLE_TIMEOUT_S) must not cut it.
      // (A request made by inject() has no real socket.)
      const { socket } = request.raw;
      if (socket instanceof Socket) {
        socket.setTimeout(waitMs + IDLE_MARGIN_MS);
        reply.raw.once('close', () => socket.setTimeout(app.server.timeout));
      }
      const gone = new AbortController();
      // The client went away: stop waiting for it (the job still runs, its files expire as usual).
      reply.raw.once('close', () => gone.abort());
      const job = await waitForEnd(id, AbortSignal.any([closing.signal, gone.signal]));
      reply.header('cache-control', 'private, no-store');
      if (!job) return failure(id, 'INTERNAL', 'The extraction record disappeared.');
      if (job.status === 'failed')
        return failure(id, job.error?.code ?? 'INTERNAL', job.error?.message || 'An error occurred during extraction');
      if (job.status === 'expired') return failure(id, 'GONE', 'The extracted files were deleted before they could be sent.');
      if (job.status !== 'completed') {
        const where = `Follow it at /api/extractions/${id}.`;
        return closing.signal.aborted
          ? failure(id, 'SERVER_STOPPING', `The server is restarting before the extraction ended. ${where}`)
          : failure(id, 'TIMEOUT', `Extraction timeout - the archive is still queued or being extracted. ${where}`);
      }
      const files = job.files ?? [];
      const total = files.reduce((sum, file) => sum + file.size, 0);
      const inlineLimit = options.maxUploadBytes * INLINE_FACTOR;
      if (total > inlineLimit) {
        const mb = (bytes: number) => `${Math.ceil(bytes / 1024 / 1024)} MB`;
        return failure(
          id,
          'RESPONSE_TOO_LARGE',
          `The extracted files (${mb(total)}) are more than this call returns inline (${mb(inlineLimit)}). ` +
            `Download them from /api/extractions/${id} before they expire.`,
        );
      }
      return reply.type('application/json; charset=utf-8').send(Readable.from(successJson(job, storage.filesDir(id))));
    },
  );

  /**
   * Validates the body and writes the archive to its job's upload folder; null once it has answered
   * a refusal. The base64 text (up to 4/3 of MAX_UPLOAD_MB) is released before the long wait.
   */
  async function receive(request: FastifyRequest, reply: FastifyReply) {
    const parsed = extractBody.safeParse(request.body);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
      await refuse(reply, 'BAD_REQUEST', problems.join('; '));
      return null;
    }
    const { fileData, fileName, password } = parsed.data;
    if (password && isPasswordTooLong(password)) {
      await refuse(reply, 'PASSWORD_TOO_LONG', PASSWORD_TOO_LONG_MESSAGE);
      return null;
    }
    const padding = fileData.endsWith('==') ? 2 : fileData.endsWith('=') ? 1 : 0;
    const bytes = (fileData.length / 4) * 3 - padding;
    if (bytes > options.maxUploadBytes) {
      const { code, message } = tooLarge(options.maxUploadBytes);
      await refuse(reply, code, message);
      return null;
    }
    if (await queueIsFull(db, options.maxQueued)) {
      await refuse(reply, 'QUEUE_FULL');
      return null;
    }
    const full = await options.storageLimits.refusal();
    if (full) {
      await refuse(reply.header('retry-after', STORAGE_FULL_RETRY_S), full);
      return null;
    }
    const id = newJobId();
    const dir = storage.uploadDir(id);
    const part = safePartName(fileName, 0);
    await mkdir(dir, { recursive: true });
    try {
      await writeFile(join(dir, part), Buffer.from(fileData, 'base64'), { flag: 'wx' });
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      throw error;
    }
    request.body = null;
    return { id, archiveName: fileName, archiveSize: bytes, parts: [part], password: password || undefined };
  }

  /** The job once it has ended, or as it stands when the wait is over or stopped. */
  async function waitForEnd(id: string, stop: AbortSignal): Promise<Job | null> {
    const deadline = Date.now() + waitMs;
    let wake = () => {};
    const unwatch = options.events.watch(id, () => wake());
    try {
      for (;;) {
        // Armed before the read, so that a change during the read is not missed.
        const changed = new Promise<void>((resolve) => (wake = resolve));
        const job = await findJob(db, id);
        const left = deadline - Date.now();
        if (!job || TERMINAL_STATUSES.includes(job.status) || left <= 0 || stop.aborted) return job;
        const recheck = delay(Math.min(left, RECHECK_MS), undefined, { signal: stop, ref: false }).catch(() => undefined);
        await Promise.race([changed, recheck]);
      }
    } finally {
      unwatch();
    }
  }
};

/** `{"success":true,"files":[{name,size,type,data}],"jobId","error":null}`, encoded as it is sent. */
async function* successJson(job: Job, root: string): AsyncGenerator<string> {
  yield '{"success":true,"files":[';
  let separator = '';
  for (const file of job.files ?? []) {
    yield `${separator}{"name":${JSON.stringify(file.path)},"size":${file.size},"type":${JSON.stringify(file.type)},"data":"`;
    separator = ',';
    let carry: Buffer = Buffer.alloc(0);
    for await (const chunk of createReadStream(join(root, file.path), { highWaterMark: BASE64_PIECE })) {
      const bytes = carry.length > 0 ? Buffer.concat([carry, chunk as Buffer]) : (chunk as Buffer);
      const whole = bytes.length - (bytes.length % 3);
      yield bytes.subarray(0, whole).toString('base64');
      carry = bytes.subarray(whole);
    }
    yield `${carry.toString('base64')}"}`;
  }
  yield `],"jobId":${JSON.stringify(job.id)},"error":null}`;
}

export default legacyExtractArchive;
