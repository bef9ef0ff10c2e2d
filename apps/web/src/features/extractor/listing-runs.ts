/**
 * The listings (names, sizes) the page runs when archives are chosen, so that starting an
 * archive's extraction can stop its listing: a tar.gz is listed by decoding all of it, and a
 * listing still running decoded a 1.2 GB-output archive a second time beside the extraction, on
 * the same cores (26.8 s against 12.8 s, docs/decisions/037-browser-tar-gz-speed.md).
 */
export class ListingRuns<Outcome = unknown> {
  private readonly running = new Map<string, { cancel(): void }>();
  private readonly extracting = new Set<string>();
  private readonly waiting = new Map<string, ((outcome: Outcome | undefined) => void)[]>();

  /** False once the archive's extraction began: its listing is not started then. */
  wanted(id: string): boolean {
    return !this.extracting.has(id);
  }

  /** Remembers a listing that runs until `ended` is called. */
  started(id: string, run: { cancel(): void }): void {
    this.running.set(id, run);
  }

  ended(id: string, outcome?: Outcome): void {
    this.running.delete(id);
    for (const wake of this.waiting.get(id) ?? []) wake(outcome);
    this.waiting.delete(id);
  }

  /**
   * The outcome of the archive's listing once it ends, if one is running; undefined at once if
   * none is (a listing that was cancelled, or ended, says nothing more).
   */
  untilEnded(id: string): Promise<Outcome | undefined> {
    if (!this.running.has(id)) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiting.set(id, [...(this.waiting.get(id) ?? []), resolve]));
  }

  /** The archives' extraction begins: their listings still running are cancelled, those not begun never start. */
  extractionStarts(ids: Iterable<string>): void {
    for (const id of ids) {
      this.extracting.add(id);
      this.running.get(id)?.cancel();
      this.ended(id);
    }
  }
}
