// LISTEN needs a connection of its own that stays open: a pooled one would stop hearing notifications
// once returned. One per Database instance carries every channel. If it drops (database restart,
// failover, idle timeout), it reconnects with backoff and LISTENs again; notifications sent while it
// was down are lost, so handlers must treat a notification as a hint to re-read, not as the data.
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { assertChannelName } from './channel-name.js';

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 10_000;

type Handler = (payload: string) => void;

export class PostgresListener {
  readonly #config: pg.ClientConfig;
  readonly #handlers = new Map<string, Set<Handler>>();
  readonly #closed = new AbortController();
  /** The connection LISTENing on every channel in #handlers, while it is up. */
  #client: pg.Client | undefined;
  /** The connection being opened (first use) or reopened (after a drop). */
  #connecting: Promise<pg.Client> | undefined;
  /** LISTEN/UNLISTEN run one at a time so a channel's first handler and last stop never race. */
  #queue: Promise<unknown> = Promise.resolve();

  constructor(config: pg.ClientConfig) {
    this.#config = config;
  }

  async listen(channel: string, handler: Handler): Promise<() => Promise<void>> {
    assertChannelName(channel);
    // A fresh function per call, so the same handler listening twice is stopped once per stop().
    const registration: Handler = (payload) => handler(payload);
    await this.#serialized(() => this.#add(channel, registration));
    let stopped = false;
    return async () => {
      if (stopped) return;
      stopped = true;
      await this.#serialized(() => this.#remove(channel, registration));
    };
  }

  async close(): Promise<void> {
    this.#closed.abort();
    // A connection being opened sees the abort and ends itself; wait so nothing outlives close().
    await this.#connecting?.catch(() => {});
    const client = this.#client;
    this.#client = undefined;
    await client?.end().catch(() => {});
  }

  #serialized<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#queue.then(operation);
    this.#queue = result.catch(() => {});
    return result;
  }

  async #add(channel: string, handler: Handler): Promise<void> {
    const client = await this.#connection();
    const handlers = this.#handlers.get(channel);
    if (handlers) {
      handlers.add(handler);
      return;
    }
    this.#handlers.set(channel, new Set([handler]));
    try {
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (error instanceof pg.DatabaseError || this.#closed.signal.aborted) {
        this.#handlers.delete(channel);
        throw error;
      }
      // The connection dropped mid-LISTEN: the reconnection LISTENs on every channel, this one included.
      this.#lost(client);
      await this.#connection();
    }
  }

  async #remove(channel: string, handler: Handler): Promise<void> {
    const handlers = this.#handlers.get(channel);
    if (!handlers?.delete(handler) || handlers.size > 0) return;
    this.#handlers.delete(channel);
    // While disconnected there is nothing to UNLISTEN: the reconnection only LISTENs on live channels.
    await this.#client?.query(`UNLISTEN ${channel}`).catch(() => {});
  }

  #connection(): Promise<pg.Client> {
    if (this.#closed.signal.aborted) return Promise.reject(new Error('The database is closed'));
    if (this.#client) return Promise.resolve(this.#client);
    // The first connection fails fast, so a wrong DATABASE_URL surfaces at the first listen().
    return (this.#connecting ??= this.#track(this.#connect()));
  }

  #track(connecting: Promise<pg.Client>): Promise<pg.Client> {
    const tracked: Promise<pg.Client> = connecting.finally(() => {
      if (this.#connecting === tracked) this.#connecting = undefined;
    });
    return tracked;
  }

  async #connect(): Promise<pg.Client> {
    const client = new pg.Client(this.#config);
    // Without an 'error' listener a dropped connection would crash the process.
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    client.on('notification', ({ channel, payload }) => this.#dispatch(channel, payload ?? ''));
    try {
      await client.connect();
      for (const channel of this.#handlers.keys()) await client.query(`LISTEN ${channel}`);
      if (this.#closed.signal.aborted) throw new Error('The database is closed');
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.#client = client;
    return client;
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => {});
    if (this.#closed.signal.aborted) return;
    const reconnecting = this.#track(this.#reconnect());
    this.#connecting = reconnecting;
    // Nobody may be waiting on it; it only fails when close() stops the retries.
    reconnecting.catch(() => {});
  }

  async #reconnect(): Promise<pg.Client> {
    for (let attempt = 0; ; attempt++) {
      const delay = Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS);
      // Jitter keeps several server processes from reconnecting in lockstep after a restart.
      await sleep(delay / 2 + Math.random() * (delay / 2), undefined, { signal: this.#closed.signal });
      try {
        return await this.#connect();
      } catch {
        if (this.#closed.signal.aborted) throw new Error('The database is closed');
      }
    }
  }

  #dispatch(channel: string, payload: string): void {
    for (const handler of this.#handlers.get(channel) ?? []) {
      // Like PGlite: a throwing handler neither skips the others nor breaks the connection's parser.
      queueMicrotask(() => handler(payload));
    }
  }
}
