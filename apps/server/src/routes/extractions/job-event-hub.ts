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

export class JobEventHub {
  readonly #options: JobEventHubOptions;
  readonly #channels = new Map<string, Channel>();
  readonly #perAddress = new Map<string, number>();

  constructor(options: JobEventHubOptions) {
    this.#options = options;
  }

  /** Whether job `id` has open streams (so it exists: no need to read it to say so). */
  has(id: string): boolean {
    return this.#channels.has(id);
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
        if (TERMINAL_STATUSES.includes(job.status)) return this.#end(channel);
      } while (channel.again);
    } catch (error) {
      this.#options.log.warn(error, 'job event failed');
      this.#end(channel);
    } finally {
      channel.reading = false;
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
