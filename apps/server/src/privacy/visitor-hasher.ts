// Distinct visitors without storing who they are (docs/decisions/023-anonymous-statistics.md): a
// hash of the address and browser identification with a random salt that changes every day and is
// deleted the next. A browser that signals Do Not Track or Global Privacy Control gets no hash at
// all.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.js';
import { saltOfDay } from './visitor-salts-repository.js';

export function utcDay(at = new Date()): string {
  return at.toISOString().slice(0, 10);
}

export function asksNotToBeTracked(request: FastifyRequest): boolean {
  return request.headers['dnt'] === '1' || request.headers['sec-gpc'] === '1';
}

export class VisitorHasher {
  #today: { day: string; salt: Promise<string> } | undefined;

  constructor(private readonly db: Queryable) {}

  /** The client's hash of the day (its address only: changing browsers must not reset a lockout). */
  async clientKey(address: string): Promise<string> {
    return this.#hash([address]);
  }

  /** The visitor's hash for statistics, or null when the browser asked not to be tracked. */
  async visitorOf(request: FastifyRequest): Promise<string | null> {
    if (asksNotToBeTracked(request)) return null;
    return this.#hash([request.ip, request.headers['user-agent'] ?? '']);
  }

  async #hash(parts: string[]): Promise<string> {
    const day = utcDay();
    if (this.#today?.day !== day) {
      const salt = saltOfDay(this.db, day);
      this.#today = { day, salt };
      // A failed lookup must not stay cached for the whole day.
      salt.catch(() => (this.#today = undefined));
    }
    const hash = createHash('sha256').update(await this.#today.salt);
    for (const part of parts) hash.update('\0').update(part);
    return hash.digest('base64url').slice(0, 32);
  }
}
