// The admin password checks in their worker threads: right and wrong answers, and a full queue
// refused at once instead of growing.
import { afterAll, describe, expect, it } from 'vitest';
import { hashPassword } from './admin-password.js';
import { PasswordVerifier, VerifierBusyError } from './password-verifier.js';

describe('PasswordVerifier', () => {
  const verifier = new PasswordVerifier({ threads: 1, maxWaiting: 1 });
  afterAll(() => verifier.close());

  it('checks a password against its argon2id hash in a worker thread', async () => {
    const hash = await hashPassword('a long enough password');
    expect(await verifier.verify('a long enough password', hash)).toBe(true);
    expect(await verifier.verify('another password', hash)).toBe(false);
  });

  it('refuses checks beyond its queue at once, and answers the others', async () => {
    const hash = await hashPassword('a long enough password');
    const outcomes = await Promise.allSettled(Array.from({ length: 6 }, () => verifier.verify('a long enough password', hash)));
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused.length).toBeGreaterThanOrEqual(4);
    for (const outcome of refused) expect(outcome.reason).toBeInstanceOf(VerifierBusyError);
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') expect(outcome.value).toBe(true);
    expect(await verifier.verify('a long enough password', hash)).toBe(true);
  });
});
