// The server-extraction API: upload, status, live events, file bytes, all files as one ZIP, and
// deletion, plus the original product's extract-archive call (legacy-extract-archive.ts). Thin
// handlers; the queue, storage and SQL live in jobs/ and storage/.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { extractedZipName } from '@archive-opener/shared';
import fastifyMultipart from '@fastify/multipart';
// The rate-limit plugin's additions to the instance type (app.rateLimit); it is registered by server-extraction.ts.
import type {} from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { downloadZip } from 'client-zip';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Database } from '../../db/database.js';
import { expireJob, failJob, findJob, queuePosition } from '../../jobs/extraction-jobs-repository.js';
import type { ExtractionRunner } from '../../jobs/extraction-runner.js';
import type { JobEvents } from '../../jobs/job-events.js';
import { isJobId, newJobId } from '../../jobs/job-id.js';
import type { Job } from '../../jobs/job-types.js';
import type { PasswordVault } from '../../jobs/password-vault.js';
import type { VisitorHasher } from '../../privacy/visitor-hasher.js';
import type { JobStorage } from '../../storage/job-storage.js';
import { enqueueJob, QUEUE_FULL, queueIsFull } from './enqueue-job.js';
import { streamJobEvents } from './job-event-stream.js';
import { apiError, apiErrorHandler } from '../api-errors.js';
import { jobView } from './job-view.js';
import legacyExtractArchive from './legacy-extract-archive.js';
import { safeContentType } from './safe-content-type.js';
import { receiveUpload, UploadError } from './upload.js';

export interface ExtractionRoutesOptions {
  db: Database;
  storage: JobStorage;
  events: JobEvents;
  passwords: PasswordVault;
  runner: ExtractionRunner;
  /** The daily visitor hash stored with each job for the statistics. */
  visitors: VisitorHasher;
  owner: string;
  leaseMs: number;
  maxUploadBytes: number;
  /** Queued jobs above which new uploads are refused with 429 (the queue is full). */
  maxQueued: number;
  /** Uploads one client may start per window (429 beyond). */
  uploadRate: { max: number; timeWindowMs: number };
}

const extractions: FastifyPluginAsync<ExtractionRoutesOptions> = async (app, options) => {
  const { db, storage, events, passwords, runner } = options;
  // Every refusal of the API in one shape, `{ error: { code, message } }`; unexpected failures
  // never show their details to the client (they are logged).
  app.setErrorHandler(apiErrorHandler);
  await app.register(fastifyMultipart);
  // Only for reply.sendFile (Range, ETag, streaming) under DATA_DIR/files; nothing is served by URL.
  await app.register(fastifyStatic, { root: join(storage.root, 'files'), serve: false, decorateReply: true });

  async function loadJob(id: string, reply: FastifyReply): Promise<Job | null> {
    const job = isJobId(id) ? await findJob(db, id) : null;
    if (!job) await reply.code(404).send(apiError('NOT_FOUND', 'No extraction with this id.'));
    return job;
  }

  // One count of uploads per client for this route and POST /api/extract-archive together, so
  // that alternating between them does not double a client's share of the queue.
  const uploadRateLimit = app.rateLimit({ max: options.uploadRate.max, timeWindow: options.uploadRate.timeWindowMs });

  app.post('/api/extractions', { onRequest: uploadRateLimit }, async (request, reply) => {
    if (!request.isMultipart())
      return reply.code(415).send(apiError('UNSUPPORTED_MEDIA_TYPE', 'Send the archive as multipart/form-data.'));
    if (await queueIsFull(db, options.maxQueued)) return reply.code(429).send(QUEUE_FULL);
    const id = newJobId();
    let upload;
    try {
      upload = await receiveUpload(request, storage.uploadDir(id), options.maxUploadBytes);
    } catch (error) {
      if (error instanceof UploadError) return reply.code(error.status).send(apiError(error.code, error.message));
      throw error;
    }
    const job = await enqueueJob(options, {
      id,
      mode: 'server',
      archiveName: upload.archiveName,
      archiveSize: upload.bytes,
      parts: upload.parts,
      password: upload.password,
      clientKey: await options.visitors.visitorOf(request),
    });
    return reply.code(202).send({ id, status: job.status, queuePosition: await queuePosition(db, job) });
  });

  await app.register(legacyExtractArchive, { ...options, uploadRateLimit });

  app.get<{ Params: { id: string } }>('/api/extractions/:id', async (request, reply) => {
    const job = await loadJob(request.params.id, reply);
    if (!job) return reply;
    return jobView(job, await queuePosition(db, job));
  });

  app.get<{ Params: { id: string } }>('/api/extractions/:id/events', async (request, reply) => {
    const job = await loadJob(request.params.id, reply);
    if (!job) return reply;
    streamJobEvents(request, reply, { db, events, id: job.id });
    return reply;
  });

  app.get<{ Params: { id: string; fileId: string } }>('/api/extractions/:id/files/:fileId', async (request, reply) => {
    const job = await loadJob(request.params.id, reply);
    if (!job) return reply;
    if (job.status === 'expired') return reply.code(410).send(apiError('GONE', 'These files have expired and were deleted.'));
    const file = job.status === 'completed' ? job.files?.find((candidate) => candidate.id === request.params.fileId) : undefined;
    if (!file) return reply.code(404).send(apiError('NOT_FOUND', 'No such file in this extraction.'));
    reply
      .header('content-type', safeContentType(file.type))
      .header('content-disposition', contentDisposition(basename(file.path), { type: 'attachment' }))
      // Whatever the bytes are, they never run as a page of this site.
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store');
    return reply.sendFile(join(job.id, file.path), { acceptRanges: true, cacheControl: false, etag: true, lastModified: false });
  });

  app.get<{ Params: { id: string } }>('/api/extractions/:id/archive.zip', async (request, reply) => {
    const job = await loadJob(request.params.id, reply);
    if (!job) return reply;
    if (job.status === 'expired') return reply.code(410).send(apiError('GONE', 'These files have expired and were deleted.'));
    if (job.status !== 'completed') return reply.code(409).send(apiError('NOT_READY', 'The extraction has not finished.'));
    const root = storage.filesDir(job.id);
    const entries = await Promise.all(
      (job.files ?? []).map(async (file) => {
        const path = join(root, file.path);
        const { mtime } = await stat(path);
        return {
          name: file.path,
          lastModified: mtime,
          size: file.size,
          input: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
        };
      }),
    );
    const zip = downloadZip(entries);
    // The page's own ZIP of the same files has this name too.
    const name = extractedZipName(job.archiveName);
    reply
      .type('application/zip')
      .header('content-disposition', contentDisposition(name, { type: 'attachment' }))
      .header('cache-control', 'private, no-store');
    const length = zip.headers.get('content-length');
    if (length) reply.header('content-length', length);
    return reply.send(Readable.fromWeb(zip.body as NodeReadableStream<Uint8Array>));
  });

  app.delete<{ Params: { id: string } }>('/api/extractions/:id', async (request, reply) => {
    const job = await loadJob(request.params.id, reply);
    if (!job) return reply;
    if (job.status === 'completed') await expireJob(db, job.id);
    else if (job.status === 'queued' && (await failJob(db, job.id, { code: 'CANCELLED', message: 'Cancelled.' }))) {
      passwords.forget(job.id);
      await storage.removeUpload(job.id);
    } else if (job.status === 'running' && !runner.cancel(job.id)) {
      return reply.code(409).send(apiError('BUSY', 'The extraction is running on another server; try again when it ends.'));
    }
    await storage.removeFiles(job.id);
    await events.changed(job.id);
    return reply.code(204).send();
  });
};

export default extractions;
