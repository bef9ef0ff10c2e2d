import { describe, expect, it } from 'vitest';
import { heldOutput, holdNothing } from './held-output.js';

describe('heldOutput', () => {
  it('counts whole buffers, each once, however many views of them are kept', () => {
    const hold = heldOutput(1000);
    const shared = new Uint8Array(600);
    expect(hold([shared.subarray(0, 10)])).toBe(true);
    // The same buffer again costs nothing; a new one of 400 bytes fills the budget exactly.
    expect(hold([shared.subarray(10, 20), new Uint8Array(400)])).toBe(true);
    expect(hold([shared.subarray(20)])).toBe(true);
    expect(hold([new Uint8Array(1)])).toBe(false);
  });

  it('takes all of a file’s buffers or none of them', () => {
    const hold = heldOutput(1000);
    const small = new Uint8Array(300);
    expect(hold([small, new Uint8Array(800)])).toBe(false);
    // The refused file's first buffer was not counted: the whole budget is still there.
    expect(hold([new Uint8Array(1000)])).toBe(true);
  });

  it('never holds a buffer that cannot move to the page', () => {
    expect(heldOutput(1 << 20)([new Uint8Array(new SharedArrayBuffer(8))])).toBe(false);
  });

  it('holds nothing but empty files when there is no budget', () => {
    expect(holdNothing([])).toBe(true);
    expect(holdNothing([new Uint8Array(1)])).toBe(false);
    expect(heldOutput(0)([new Uint8Array(0)])).toBe(true);
    for (const nonsense of [Number.NaN, -1]) expect(heldOutput(nonsense)([new Uint8Array(1)])).toBe(false);
  });
});
