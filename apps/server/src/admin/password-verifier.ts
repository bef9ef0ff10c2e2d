// Admin password checks off the main thread, at most a few at a time for the whole process: a
// burst of logins (each an argon2id verification, ~50 ms of CPU on purpose) waits in a short queue
// in a worker thread instead of stalling every other request, and what does not fit in the queue
// is refused at once rather than piling up.
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

// Plain JavaScript beside src/ and dist/ alike (see the file).
const WORKER = new URL('../../workers/verify-password.js', import.meta.url);

export class VerifierBusyError extends Error {
  override name = 'VerifierBusyError';
}

export interface PasswordVerifierOptions {
  /** Verifications running at once; by default one core is left to the server's main thread. */
  threads?: number;
  /** Verifications waiting for a thread; more are refused with VerifierBusyError. */
  maxWaiting?: number;
}

export class PasswordVerifier {
  readonly #pool: Piscina<{ password: string; hash: string }, boolean>;
  readonly #maxWaiting: number;

  constructor({ threads = Math.max(1, Math.min(2, availableParallelism() - 1)), maxWaiting = 32 }: PasswordVerifierOptions = {}) {
    this.#maxWaiting = maxWaiting;
    this.#pool = new Piscina({
      filename: WORKER.href,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: maxWaiting,
      // An idle server keeps no thread (nor its argon2 memory) for the rare login.
      idleTimeout: 30_000,
    });
  }

  /** True when `password` matches the argon2id `hash`; VerifierBusyError when too many are waiting. */
  async verify(password: string, hash: string): Promise<boolean> {
    if (this.#pool.queueSize >= this.#maxWaiting) throw new VerifierBusyError('Too many password checks are waiting.');
    try {
      return await this.#pool.run({ password, hash });
    } catch (error) {
      // Raced with another caller for the queue's last place.
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new VerifierBusyError(error.message);
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}
