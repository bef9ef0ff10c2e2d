// The live-progress streams of every job, shared: one watcher per job, whatever the number of its
// streams, reads the job once per change and sends the same bytes to each of them. Streams are
// capped per client address and per job. A stream that is not reading (its socket buffer full)
// skips progress events and gets the latest one when it drains, so a slow client never makes the
// server queue events for it; the final event is always sent, then the stream ends.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { findJob, queuePosition } from '../../jobs/extraction-jobs-repository.js';
import type { JobEvents } from '../../jobs/job-events.js';
import { TERMINAL_STATUSES } from '../../jobs/job-types.js';
import { jobView } from './job-view.js';

/** Where a stream's events are written: the HTTP response, in the server. */
export interface EventSink {
  write(chunk: Buffer | string): boolean;
  end(): void;
  readonly writableNeedDrain: boolean;
  once(event: 'drain', listener: () => void): unknown;
}

export interface StreamLimits {
  /** Open streams one client address may have, over all jobs. */
  perAddress: number;
  /** Open streams one job may have, over all addresses. */
  perJob: number;
}

export interface JobEventHubOptions {
  db: Queryable;
  events: JobEvents;
  log: FastifyBaseLogger;
  limits: StreamLimits;
  /** A comment this often keeps proxies from closing a quiet stream. */
  heartbeatMs?: number;
}

interface Stream {
  sink: EventSink;
  address: string;
  /** Skipped an event while its buffer was full: gets the latest once it drains. */
  behind: boolean;
}

interface Channel {
  id: string;
  streams: Set<Stream>;
  /** The last event sent, as bytes shared by every stream. */
  last: Buffer | null;
  reading: boolean;
  /** A change arrived during a read: read once more after it. */
  again: boolean;
  closed: boolean;
  unwatch: () => void;
  heartbeat: NodeJS.Timeout;
}

const HEARTBEAT = Buffer.from(': keep-alive\n\n');
// A burst of streams on a job that has just ended (its final event holds the whole file list)
// costs one read: the final event is kept this long, for this many jobs.
const ENDED_KEPT_MS = 5_000;
const ENDED_KEPT_JOBS = 16;

interface Ended {
  event: Buffer;
  /** Kept until then, and never past the job's expiry. */
  until: number;
}

export class JobEventHub {
  readonly #options: JobEventHubOptions;
  readonly #channels = new Map<string, Channel>();
  readonly #perAddress = new Map<string, number>();
  readonly #ended = new Map<string, Ended>();

  constructor(options: JobEventHubOptions) {
    this.#options = options;
  }

  /** Whether job `id` has open streams (so it exists: no need to read it to say so). */
  has(id: string): boolean {
    return this.#channels.has(id) || this.#endedEvent(id) !== null;
  }

  /** Drops what is kept of an ended job (its files were just deleted). */
  forget(id: string): void {
    this.#ended.delete(id);
  }

  /** Why one more stream of `address` on job `id` is refused, or null when it is allowed. */
  refusal(id: string, address: string): 'address' | 'job' | null {
    const { perAddress, perJob } = this.#options.limits;
    if ((this.#perAddress.get(address) ?? 0) >= perAddress) return 'address';
    if ((this.#channels.get(id)?.streams.size ?? 0) >= perJob) return 'job';
    return null;
  }

  /**
   * Starts sending job `id`'s events to `sink` (check `refusal` first, in the same tick); call
   * the result when the client goes away. The sink is ended after the job's final event.
   */
  subscribe(id: string, address: string, sink: EventSink): () => void {
    const ended = this.#endedEvent(id);
    if (ended) {
      sink.write(ended);
      sink.end();
      return () => {};
    }
    const channel = this.#channels.get(id) ?? this.#open(id);
    const stream: Stream = { sink, address, behind: false };
    channel.streams.add(stream);
    this.#perAddress.set(address, (this.#perAddress.get(address) ?? 0) + 1);
    if (channel.last) sink.write(channel.last);
    return () => this.#remove(channel, stream);
  }

  /** Ends every stream (the server is closing). */
  close(): void {
    for (const channel of [...this.#channels.values()]) this.#end(channel);
  }

  #open(id: string): Channel {
    const channel: Channel = {
      id,
      streams: new Set(),
      last: null,
      reading: false,
      again: false,
      closed: false,
      unwatch: () => {},
      heartbeat: setInterval(() => {
        for (const stream of channel.streams) if (!stream.sink.writableNeedDrain) stream.sink.write(HEARTBEAT);
      }, this.#options.heartbeatMs ?? 15_000),
    };
    this.#channels.set(id, channel);
    channel.unwatch = this.#options.events.watch(id, () => void this.#refresh(channel));
    void this.#refresh(channel);
    return channel;
  }

  /** Reads the job and sends what changed; changes arriving meanwhile cost one more read, not one each. */
  async #refresh(channel: Channel): Promise<void> {
    if (channel.reading) {
      channel.again = true;
      return;
    }
    channel.reading = true;
    try {
      do {
        channel.again = false;
        const job = await findJob(this.#options.db, channel.id);
        if (channel.closed) return;
        if (!job) return this.#end(channel);
        const view = jobView(job, await queuePosition(this.#options.db, job));
        if (channel.closed) return;
        this.#send(channel, Buffer.from(`event: job\ndata: ${JSON.stringify(view)}\n\n`));
        if (TERMINAL_STATUSES.includes(job.status)) {
          this.#keepEnded(channel.id, job.expiresAt);
          return this.#end(channel);
        }
      } while (channel.again);
    } catch (error) {
      this.#options.log.warn(error, 'job event failed');
      this.#end(channel);
    } finally {
      channel.reading = false;
    }
  }

  #endedEvent(id: string): Buffer | null {
    const ended = this.#ended.get(id);
    if (!ended) return null;
    if (ended.until > Date.now()) return ended.event;
    this.#ended.delete(id);
    return null;
  }

  #keepEnded(id: string, expiresAt: Date | null): void {
    const event = this.#channels.get(id)?.last;
    if (!event) return;
    const until = Math.min(Date.now() + ENDED_KEPT_MS, expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
    this.#ended.delete(id);
    this.#ended.set(id, { event, until });
    // The oldest first (a Map keeps insertion order).
    for (const key of this.#ended.keys()) {
      if (this.#ended.size <= ENDED_KEPT_JOBS) break;
      this.#ended.delete(key);
    }
  }

  #send(channel: Channel, event: Buffer): void {
    if (channel.last?.equals(event)) return;
    channel.last = event;
    for (const stream of channel.streams) {
      if (!stream.sink.writableNeedDrain) {
        stream.sink.write(event);
        continue;
      }
      if (stream.behind) continue;
      stream.behind = true;
      stream.sink.once('drain', () => {
        stream.behind = false;
        if (!channel.closed && channel.streams.has(stream) && channel.last) stream.sink.write(channel.last);
      });
    }
  }

  /** After the final event (already in every stream's buffer): ends the streams and the watcher. */
  #end(channel: Channel): void {
    if (channel.closed) return;
    channel.closed = true;
    // The final event goes even to a stream that is behind.
    for (const stream of channel.streams) {
      if (stream.behind && channel.last) stream.sink.write(channel.last);
      stream.sink.end();
      this.#release(stream.address);
    }
    channel.streams.clear();
    this.#dispose(channel);
  }

  #remove(channel: Channel, stream: Stream): void {
    if (!channel.streams.delete(stream)) return;
    this.#release(stream.address);
    if (channel.streams.size === 0) {
      channel.closed = true;
      this.#dispose(channel);
    }
  }

  #dispose(channel: Channel): void {
    channel.unwatch();
    clearInterval(channel.heartbeat);
    if (this.#channels.get(channel.id) === channel) this.#channels.delete(channel.id);
  }

  #release(address: string): void {
    const count = (this.#perAddress.get(address) ?? 1) - 1;
    if (count > 0) this.#perAddress.set(address, count);
    else this.#perAddress.delete(address);
  }
}
