import { describe, expect, it, vi } from 'vitest';
import { deviceHeldOutputBudget, heldOutputBudget } from './held-output-budget.js';

const MiB = 1024 * 1024;

describe('heldOutputBudget', () => {
  it('is a 32nd of the device memory the browser reports, within 16-256 MiB', () => {
    expect(heldOutputBudget(8)).toBe(256 * MiB);
    expect(heldOutputBudget(4)).toBe(128 * MiB);
    expect(heldOutputBudget(1)).toBe(32 * MiB);
    expect(heldOutputBudget(0.25)).toBe(16 * MiB);
    expect(heldOutputBudget(32)).toBe(256 * MiB);
  });

  it('assumes a middling device where the browser does not say', () => {
    expect(heldOutputBudget(undefined)).toBe(128 * MiB);
    expect(heldOutputBudget(Number.NaN)).toBe(128 * MiB);
    expect(heldOutputBudget(0)).toBe(128 * MiB);
  });

  it('reads the device it runs on from navigator', () => {
    vi.stubGlobal('navigator', { deviceMemory: 2 });
    expect(deviceHeldOutputBudget()).toBe(64 * MiB);
    vi.stubGlobal('navigator', {});
    expect(deviceHeldOutputBudget()).toBe(128 * MiB);
    vi.unstubAllGlobals();
  });
});
