// The server-extraction API: upload, status, live events, file bytes, all files as one ZIP, and
// deletion, plus the original product's extract-archive call (legacy-extract-archive.ts). Thin
// handlers; the queue, storage and SQL live in jobs/ and storage/.
import { basename, join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
// The rate-limit plugin's additions to the instance type (app.rateLimit); it is registered by server-extraction.ts.
import type {} from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
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
import { sendArchiveZip } from './archive-zip.js';
import type { StorageLimits } from '../../storage/storage-limits.js';
import { enqueueJob, queueIsFull } from './enqueue-job.js';
import { JobEventHub, type StreamLimits } from './job-event-hub.js';
import { refuseStream, streamJobEvents } from './job-event-stream.js';
import { ApiError, apiErrorHandler, refuse } from '../api-errors.js';
import { jobView } from './job-view.js';
import legacyExtractArchive from './legacy-extract-archive.js';
import { safeContentType } from './safe-content-type.js';
import { receiveUpload } from './upload.js';
import { STORAGE_FULL_RETRY_S } from '../../storage/storage-limits.js';

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
  /** Refuses uploads (503 STORAGE_FULL) that the disk or STORAGE_MAX_GB could not hold. */
  storageLimits: StorageLimits;
  /** Queued jobs above which new uploads are refused with 429 (the queue is full). */
  maxQueued: number;
  /** Live-progress streams allowed per client address and per job (429 beyond). */
  streamLimits: StreamLimits;
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

  const streams = new JobEventHub({ db, events, log: app.log, limits: options.streamLimits });
  // Open streams would otherwise hold the server's close until their jobs end.
  app.addHook('preClose', async () => streams.close());

  async function loadJob(id: string, reply: FastifyReply): Promise<Job | null> {
    const job = isJobId(id) ? await findJob(db, id) : null;
    if (!job) await refuse(reply, 'NOT_FOUND', 'No extraction with this id.');
    return job;
  }

  // One count of uploads per client for this route and POST /api/extract-archive together, so
  // that alternating between them does not double a client's share of the queue.
  const uploadRateLimit = app.rateLimit({ max: options.uploadRate.max, timeWindow: options.uploadRate.timeWindowMs });

  app.post('/api/extractions', { onRequest: uploadRateLimit }, async (request, reply) => {
    if (!request.isMultipart()) return refuse(reply, 'UNSUPPORTED_MEDIA_TYPE', 'Send the archive as multipart/form-data.');
    if (await queueIsFull(db, options.maxQueued)) return refuse(reply, 'QUEUE_FULL');
    const full = await options.storageLimits.refusal();
    if (full) return refuse(reply.header('retry-after', STORAGE_FULL_RETRY_S), full);
    const id = newJobId();
    let upload;
    try {
      upload = await receiveUpload(request, storage.uploadDir(id), options.maxUploadBytes);
    } catch (error) {
      if (error instanceof ApiError) return refuse(reply, error.code, error.message);
      // The disk filled up while the upload was written (it is removed again).
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC')
        return refuse(reply.header('retry-after', STORAGE_FULL_RETRY_S), 'STORAGE_FULL');
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
      queueKey: await options.visitors.clientKey(request.ip),
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
    const { id } = request.params;
    // An address over its share is refused before the job is read; a job with open streams exists.
    const refused = refuseStream(streams, id, request, reply);
    if (refused) return refused;
    if (!streams.has(id) && !(await loadJob(id, reply))) return reply;
    return streamJobEvents(request, reply, streams, id);
  });

  app.get<{ Params: { id: string; fileId: string } }>('/api/extractions/:id/files/:fileId', async (request, reply) => {
    const job = await loadJob(request.params.id, reply);
    if (!job) return reply;
    if (job.status === 'expired') return refuse(reply, 'GONE');
    const file = job.status === 'completed' ? job.files?.find((candidate) => candidate.id === request.params.fileId) : undefined;
    if (!file) return refuse(reply, 'NOT_FOUND', 'No such file in this extraction.');
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
    if (job.status === 'expired') return refuse(reply, 'GONE');
    if (job.status !== 'completed') return refuse(reply, 'NOT_READY');
    return sendArchiveZip(reply, job, storage.filesDir(job.id));
  });

  app.delete<{ Params: { id: string } }>('/api/extractions/:id', async (request, reply) => {
    const job = await loadJob(request.params.id, reply);
    if (!job) return reply;
    // An expired job may still be 'completed' in its row until the sweeper runs: mark it now.
    if (job.status === 'completed' || job.status === 'expired') await expireJob(db, job.id);
    else if (job.status === 'queued' && (await failJob(db, job.id, { code: 'CANCELLED', message: 'Cancelled.' }))) {
      passwords.forget(job.id);
      await storage.removeUpload(job.id);
    } else if (job.status === 'running' && !runner.cancel(job.id)) {
      return refuse(reply, 'BUSY');
    }
    await storage.removeFiles(job.id);
    streams.forget(job.id);
    await events.changed(job.id);
    return reply.code(204).send();
  });
};

export default extractions;
