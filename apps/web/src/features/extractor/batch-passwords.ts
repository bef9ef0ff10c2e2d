/**
 * Asks the visitor for an archive's password: resolves with what they typed, or null when they
 * skip the archive. `wrong`: the password last tried on it was wrong (not merely missing).
 */
export type PasswordAsk = (archiveName: string, wrong: boolean) => Promise<string | null>;

/**
 * The passwords typed during a batch, kept in the page's memory only (never stored, never sent
 * anywhere but to the engine: docs/decisions/018-passwords-never-stored.md). When an archive
 * needs a password, every one already typed is tried on it before the visitor is asked; asks
 * wait for each other, so two archives that fail at once ask once, and the second is given the
 * first's answer.
 */
export class BatchPasswords {
  readonly #known: string[] = [];
  #turn: Promise<unknown> = Promise.resolve();

  /** A password that opened an archive (tried first on the next ones). */
  remember(password: string): void {
    if (password === '' || this.#known.includes(password)) return;
    this.#known.unshift(password);
  }

  /**
   * The next password to try on an archive that has already been tried with `tried`: one typed
   * for another archive, else the visitor's answer to `ask`; null when they skip it.
   */
  next(tried: ReadonlySet<string>, ask: () => Promise<string | null>): Promise<string | null> {
    const answer = this.#turn.then(async () => {
      const known = this.#known.find((password) => !tried.has(password));
      if (known !== undefined) return known;
      const typed = await ask();
      if (typed === null) return null;
      // Kept at once, so an archive waiting behind this ask is given it before it asks itself.
      if (typed !== '' && !this.#known.includes(typed)) this.#known.push(typed);
      return typed;
    });
    this.#turn = answer.catch(() => undefined);
    return answer;
  }
}
