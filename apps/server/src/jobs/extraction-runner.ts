// Runs queued extractions, at most `concurrency` at a time in this process, each in its own worker
// thread (the engine's extractInWorker: time limit, heap cap, a crash kills only the worker). While
// a job runs its lease is renewed; if this process dies the lease runs out and another process (or
// this one, restarted) takes the job again or fails it: nothing is lost, nothing stays "running".
import { join } from 'node:path';
import { EngineError, toEngineError } from '@archive-opener/engine';
import type { ExtractionLimits } from '@archive-opener/shared';
import { extractInWorker, sha256Files } from '@archive-opener/engine/node';
import type { FastifyBaseLogger } from 'fastify';
import { SERVER_WORKER_HEAP_MB } from '@archive-opener/shared';
import type { Database } from '../db/database.js';
import type { JobStorage } from '../storage/job-storage.js';
import { removeOrphanUploads } from '../storage/orphan-uploads.js';
import {
  completeJob,
  failJob,
  recoverAbandonedJobs,
  renewLease,
  renewPasswordHolds,
  saveProgress,
} from './extraction-jobs-repository.js';
import { claimNextJob } from './job-claim.js';
import type { JobEvents } from './job-events.js';
import { JOB_QUEUED_CHANNEL } from './job-events.js';
import { jobManifest } from './job-manifest.js';
import type { Job } from './job-types.js';
import { shortJobId } from '../logging/job-id-redaction.js';
import type { PasswordVault } from './password-vault.js';

export interface RunnerOptions {
  db: Database;
  storage: JobStorage;
  events: JobEvents;
  passwords: PasswordVault;
  log: FastifyBaseLogger;
  /** This process's name in lease_owner and password_holder. */
  owner: string;
  concurrency: number;
  timeoutMs: number;
  /** The engine limits of every job here (the server's output cap). */
  limits: Partial<ExtractionLimits>;
  retentionMs: number;
  /** How long a claim lasts without renewal; a dead process's jobs are recovered after this. */
  leaseMs: number;
  /** How often to look for work and abandoned jobs, notifications aside. */
  pollMs: number;
}

// Progress is written at most this often: enough for a smooth bar, cheap for the database.
const PROGRESS_INTERVAL_MS = 300;
// An upload folder without a job is left alone while it was written to within two leases (a dead
// process's jobs wait one lease), and at least this long, so that an upload still arriving is kept.
const MIN_ORPHAN_IDLE_MS = 10_000;

export class ExtractionRunner {
  readonly #options: RunnerOptions;
  readonly #running = new Map<string, AbortController>();
  #timer: NodeJS.Timeout | undefined;
  #stopListening: (() => Promise<void>) | undefined;
  #stopping = false;
  /** The claims in progress, one after another; at most one more waits behind the running one. */
  #fills: Promise<void> = Promise.resolve();
  #fillWaiting = false;

  constructor(options: RunnerOptions) {
    this.#options = options;
  }

  get runningCount(): number {
    return this.#running.size;
  }

  async start(): Promise<void> {
    this.#stopListening = await this.#options.db.listen(JOB_QUEUED_CHANNEL, () => void this.wake());
    this.#timer = setInterval(() => void this.#tick(), this.#options.pollMs);
    await this.#tick();
  }

  /**
   * Claims jobs until the slots are full or the queue is empty; resolves once a claim that began
   * after this call has ended (never rejects). A claim already under way may have read the queue
   * before the caller's job was added, so one more is chained behind it (only one: later calls
   * share it).
   */
  wake(): Promise<void> {
    if (!this.#fillWaiting) {
      this.#fillWaiting = true;
      this.#fills = this.#fills.then(() => {
        this.#fillWaiting = false;
        return this.#fill();
      });
    }
    return this.#fills;
  }

  /** Cancels a job running in this process (its visitor deleted it); false when it runs elsewhere. */
  cancel(id: string): boolean {
    const controller = this.#running.get(id);
    controller?.abort();
    return controller !== undefined;
  }

  /** Stops claiming; running jobs are cancelled and handed back to the queue for the next start. */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearInterval(this.#timer);
    await this.#stopListening?.();
    for (const controller of this.#running.values()) controller.abort();
    while (this.#running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  async #tick(): Promise<void> {
    const { db, log, owner, leaseMs, events } = this.#options;
    try {
      await renewPasswordHolds(db, owner, leaseMs);
      const recovered = await recoverAbandonedJobs(db);
      for (const id of recovered.failed) await this.#options.storage.removeUpload(id);
      for (const id of [...recovered.failed, ...recovered.requeued]) {
        await this.#options.storage.removeFiles(id);
        await events.changed(id);
      }
      if (recovered.failed.length + recovered.requeued.length > 0)
        log.warn(
          { requeued: recovered.requeued.map(shortJobId), failed: recovered.failed.map(shortJobId) },
          'recovered abandoned extraction jobs',
        );
      const orphans = await removeOrphanUploads(db, this.#options.storage, Math.max(2 * leaseMs, MIN_ORPHAN_IDLE_MS));
      if (orphans.length > 0) log.info({ count: orphans.length }, 'removed upload folders no job needs');
    } catch (error) {
      log.error(error, 'job recovery failed');
    }
    await this.wake();
  }

  async #fill(): Promise<void> {
    try {
      while (!this.#stopping && this.#running.size < this.#options.concurrency) {
        const job = await claimNextJob(this.#options.db, this.#options.owner, this.#options.leaseMs);
        if (!job) break;
        const controller = new AbortController();
        this.#running.set(job.id, controller);
        void this.#run(job, controller.signal).finally(() => {
          this.#running.delete(job.id);
          void this.wake();
        });
      }
    } catch (error) {
      this.#options.log.error(error, 'claiming a job failed');
    }
  }

  async #run(job: Job, signal: AbortSignal): Promise<void> {
    const { db, storage, events, passwords, owner, leaseMs, log } = this.#options;
    await events.changed(job.id);
    const lost = new AbortController();
    const renewal = setInterval(() => {
      renewLease(db, job.id, owner, leaseMs).then(
        (ours) => ours || lost.abort(),
        (error: unknown) => log.warn(error, 'lease renewal failed'),
      );
    }, leaseMs / 3);
    const outDir = storage.filesDir(job.id);
    let requeue = false;
    try {
      await storage.removeFiles(job.id);
      const paths = (job.parts ?? []).map((part) => join(storage.uploadDir(job.id), part));
      let lastWrite = 0;
      const password = passwords.get(job.id);
      const result = await extractInWorker(paths, outDir, {
        ...(password === undefined ? {} : { password }),
        timeoutMs: this.#options.timeoutMs,
        limits: this.#options.limits,
        maxHeapMb: SERVER_WORKER_HEAP_MB,
        signal: AbortSignal.any([signal, lost.signal]),
        onProgress: (progress) => {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_INTERVAL_MS) return;
          lastWrite = now;
          const share = progress.bytesTotal ? Math.min(1, progress.bytesDone / progress.bytesTotal) : 0;
          const percent = progress.phase === 'extracting' ? 5 + share * 85 : progress.phase === 'finalizing' ? 92 : 2;
          void saveProgress(db, job.id, owner, { percent, bytesDone: progress.bytesDone, bytesTotal: progress.bytesTotal })
            .then(() => events.changed(job.id))
            .catch((error: unknown) => log.warn(error, 'saving progress failed'));
        },
      });
      const extracted = result.entries.filter((entry) => entry.type === 'file');
      const hashes = await sha256Files(extracted.map((entry) => join(outDir, entry.path)));
      const { files, safety } = jobManifest(result, hashes);
      if (
        !(await completeJob(db, job.id, owner, { format: result.format, files, safety, retentionMs: this.#options.retentionMs }))
      ) {
        await storage.removeFiles(job.id);
      }
    } catch (caught) {
      const error = caught instanceof EngineError ? caught : toEngineError(caught);
      await storage.removeFiles(job.id);
      if (error.code === 'CANCELLED' && this.#stopping) {
        // A graceful shutdown: the job goes back to the queue for the next process (its password,
        // if any, goes with this one: recovery fails it then, as nobody else can open it).
        requeue = true;
      } else if (!lost.signal.aborted) {
        const timedOut = error.code === 'LIMIT_EXCEEDED' && error.details?.['limit'] === 'time';
        await failJob(
          db,
          job.id,
          { code: error.code, message: timedOut ? 'The extraction took too long.' : error.message },
          owner,
        );
      }
    } finally {
      clearInterval(renewal);
      if (!requeue) {
        passwords.forget(job.id);
        await storage.removeUpload(job.id);
      }
      await events.changed(job.id).catch(() => undefined);
    }
  }
}
