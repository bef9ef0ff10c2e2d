// Runs queued extractions, at most `concurrency` at a time in this process, each in its own worker
// thread (the engine's extractInWorker: time limit, heap cap, a crash kills only the worker). While
// a job runs its lease is renewed; if this process dies the lease runs out and another process (or
// this one, restarted) takes the job again or fails it: nothing is lost, nothing stays "running".
import { join } from 'node:path';
import { EngineError, toEngineError } from '@archive-opener/engine';
import { extractInWorker, sha256Files } from '@archive-opener/engine/node';
import type { FastifyBaseLogger } from 'fastify';
import { hasDirectionControls, SERVER_WORKER_HEAP_MB } from '@archive-opener/shared';
import mime from 'mime';
import type { Database } from '../db/database.js';
import type { JobStorage } from '../storage/job-storage.js';
import {
  claimNextJob,
  completeJob,
  failJob,
  recoverAbandonedJobs,
  renewLease,
  renewPasswordHolds,
  saveProgress,
} from './extraction-jobs-repository.js';
import type { JobEvents } from './job-events.js';
import { JOB_QUEUED_CHANNEL } from './job-events.js';
import type { Job, JobFile } from './job-types.js';
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
  retentionMs: number;
  /** How long a claim lasts without renewal; a dead process's jobs are recovered after this. */
  leaseMs: number;
  /** How often to look for work and abandoned jobs, notifications aside. */
  pollMs: number;
}

// Progress is written at most this often: enough for a smooth bar, cheap for the database.
const PROGRESS_INTERVAL_MS = 300;

export class ExtractionRunner {
  readonly #options: RunnerOptions;
  readonly #running = new Map<string, AbortController>();
  #timer: NodeJS.Timeout | undefined;
  #stopListening: (() => Promise<void>) | undefined;
  #stopping = false;
  #claiming = false;

  constructor(options: RunnerOptions) {
    this.#options = options;
  }

  get runningCount(): number {
    return this.#running.size;
  }

  async start(): Promise<void> {
    this.#stopListening = await this.#options.db.listen(JOB_QUEUED_CHANNEL, () => this.wake());
    this.#timer = setInterval(() => void this.#tick(), this.#options.pollMs);
    await this.#tick();
  }

  /** Claims jobs until the slots are full or the queue is empty. */
  wake(): void {
    void this.#fill();
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
      if (recovered.failed.length + recovered.requeued.length > 0) log.warn(recovered, 'recovered abandoned extraction jobs');
    } catch (error) {
      log.error(error, 'job recovery failed');
    }
    await this.#fill();
  }

  async #fill(): Promise<void> {
    if (this.#claiming) return;
    this.#claiming = true;
    try {
      while (!this.#stopping && this.#running.size < this.#options.concurrency) {
        const job = await claimNextJob(this.#options.db, this.#options.owner, this.#options.leaseMs);
        if (!job) break;
        const controller = new AbortController();
        this.#running.set(job.id, controller);
        void this.#run(job, controller.signal).finally(() => {
          this.#running.delete(job.id);
          this.wake();
        });
      }
    } catch (error) {
      this.#options.log.error(error, 'claiming a job failed');
    } finally {
      this.#claiming = false;
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
      const files: JobFile[] = extracted.map((entry, index) => ({
        id: String(index),
        path: entry.path,
        size: entry.size,
        type: mime.getType(entry.path) ?? 'application/octet-stream',
        sha256: hashes[index] as string,
        ...(entry.originalName !== undefined && hasDirectionControls(entry.originalName) && { directionControls: true as const }),
      }));
      if (!(await completeJob(db, job.id, owner, { format: result.format, files, retentionMs: this.#options.retentionMs }))) {
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
