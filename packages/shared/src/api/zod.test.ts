import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactMessageSchema } from './index.js';

describe("the API schemas' zod", () => {
  it('never compiles code (a CSP without unsafe-eval would block and report it)', () => {
    expect(z.config().jitless).toBe(true);
    expect(contactMessageSchema.safeParse({}).success).toBe(false);
  });
});
