import { randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe: a job's id is the only key to its files, so it must be unguessable. */
export function newJobId(): string {
  return randomBytes(16).toString('base64url');
}

export function isJobId(value: string): boolean {
  return /^[A-Za-z0-9_-]{22}$/.test(value);
}
