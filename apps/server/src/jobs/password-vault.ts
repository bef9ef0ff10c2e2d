/**
 * Passwords of queued and running jobs, in this process's memory only: never in the database,
 * never on disk, never in a log. Removed as soon as the job ends.
 */
export class PasswordVault {
  readonly #passwords = new Map<string, string>();

  keep(jobId: string, password: string): void {
    this.#passwords.set(jobId, password);
  }

  get(jobId: string): string | undefined {
    return this.#passwords.get(jobId);
  }

  forget(jobId: string): void {
    this.#passwords.delete(jobId);
  }
}
