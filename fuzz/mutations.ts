import fc from 'fast-check';

/**
 * Damage done to a seed archive, as data, so that fast-check can shrink a failing input to the
 * few mutations that matter. Positions are taken modulo the input's length, and most of them
 * fall in the first 4 KiB, where the headers are.
 */
export type Mutation =
  | { kind: 'flip'; at: number; bit: number }
  | { kind: 'byte'; at: number; value: number }
  | { kind: 'run'; at: number; length: number; value: number }
  | { kind: 'splice'; at: number; from: number; length: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'delete'; at: number; length: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'extreme'; at: number; pattern: number }
  | { kind: 'field'; field: number; block: number; pattern: number };

/** A length or offset field as the format stores it, relative to the start of its header. */
export interface LengthField {
  offset: number;
  width: number;
}

/**
 * Values a length field is set to: the largest and smallest each encoding can hold, one more and
 * one less than a power of two, and the spellings text formats use (octal, hex, decimal, tar's
 * base-256 with its sign bit set).
 */
const EXTREMES: readonly ((width: number) => Uint8Array)[] = [
  (w) => new Uint8Array(w).fill(0xff),
  (w) => new Uint8Array(w),
  (w) => Uint8Array.from({ length: w }, (_, i) => (i === w - 1 ? 0x80 : 0)),
  (w) => Uint8Array.from({ length: w }, (_, i) => (i === 0 ? 0x80 : 0)),
  (w) => Uint8Array.from({ length: w }, (_, i) => (i === w - 1 ? 0x7f : 0xff)),
  (w) => Uint8Array.from({ length: w }, (_, i) => (i === 0 ? 0x7f : 0xff)),
  (w) => Uint8Array.from({ length: w }, (_, i) => (i === 0 ? 1 : 0)),
  (w) => ascii('7'.repeat(Math.max(1, w - 1)) + '\0', w),
  (w) => ascii('F'.repeat(w), w),
  (w) => ascii('9'.repeat(w), w),
  (w) => ascii('-1', w),
  (w) => ascii(' '.repeat(w), w),
  (w) => Uint8Array.from({ length: w }, (_, i) => (i === 0 ? 0x80 : 0xff)),
  (w) =>
    Uint8Array.from({ length: w }, () => 0xff)
      .fill(0x80, 0, 1)
      .fill(0x7f, 1, 2),
];

function ascii(text: string, width: number): Uint8Array {
  return Uint8Array.from({ length: width }, (_, i) => text.charCodeAt(i) || 0);
}

const position = fc.oneof({ weight: 3, arbitrary: fc.nat(4095) }, { weight: 1, arbitrary: fc.nat() });

export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: position, bit: fc.nat(7) }),
  fc.record({ kind: fc.constant('byte' as const), at: position, value: fc.nat(255) }),
  fc.record({
    kind: fc.constant('run' as const),
    at: position,
    length: fc.integer({ min: 1, max: 600 }),
    value: fc.constantFrom(0x00, 0xff, 0x20, 0x30, 0x37, 0x80),
  }),
  fc.record({ kind: fc.constant('splice' as const), at: position, from: fc.nat(), length: fc.integer({ min: 1, max: 2048 }) }),
  fc.record({ kind: fc.constant('insert' as const), at: position, bytes: fc.uint8Array({ minLength: 1, maxLength: 32 }) }),
  fc.record({ kind: fc.constant('delete' as const), at: position, length: fc.integer({ min: 1, max: 600 }) }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('extreme' as const), at: position, pattern: fc.nat(EXTREMES.length * 4 - 1) }),
  fc.record({
    kind: fc.constant('field' as const),
    field: fc.nat(),
    block: fc.nat(7),
    pattern: fc.nat(EXTREMES.length - 1),
  }),
);

export interface MutationContext {
  /** The format's length fields; `field` mutations pick one of them. */
  fields: readonly LengthField[];
  /** Where headers repeat (tar: every 512 bytes); a `field` mutation lands in one of the first eight. */
  stride: number;
}

/** `seed` with `mutations` applied in order (the seed itself is never changed). */
export function applyMutations(seed: Uint8Array, mutations: readonly Mutation[], context: MutationContext): Uint8Array {
  let bytes: Uint8Array = Uint8Array.from(seed);
  for (const mutation of mutations) bytes = applyOne(bytes, mutation, context);
  return bytes;
}

function applyOne(bytes: Uint8Array, m: Mutation, context: MutationContext): Uint8Array {
  const length = bytes.length;
  const at = length === 0 ? 0 : m.kind === 'field' ? 0 : m.at % length;
  switch (m.kind) {
    case 'flip':
      if (length > 0) bytes[at]! ^= 1 << m.bit;
      return bytes;
    case 'byte':
      if (length > 0) bytes[at] = m.value;
      return bytes;
    case 'run':
      bytes.fill(m.value, at, at + m.length);
      return bytes;
    case 'splice': {
      if (length === 0) return bytes;
      const from = m.from % length;
      bytes.copyWithin(at, from, from + m.length);
      return bytes;
    }
    case 'insert':
      return concat(bytes.subarray(0, at), m.bytes, bytes.subarray(at));
    case 'delete':
      return concat(bytes.subarray(0, at), bytes.subarray(at + m.length));
    case 'truncate':
      return bytes.slice(0, length === 0 ? 0 : m.at % length);
    case 'extreme': {
      const width = [1, 2, 4, 8][m.pattern % 4] as number;
      write(bytes, at, (EXTREMES[Math.floor(m.pattern / 4)] as (w: number) => Uint8Array)(width));
      return bytes;
    }
    case 'field': {
      const field = context.fields[m.field % Math.max(1, context.fields.length)];
      if (!field) return bytes;
      const offset = field.offset + (context.stride > 0 ? m.block * context.stride : 0);
      write(bytes, offset, (EXTREMES[m.pattern] as (w: number) => Uint8Array)(field.width));
      return bytes;
    }
  }
}

function write(bytes: Uint8Array, at: number, value: Uint8Array): void {
  if (at >= bytes.length) return;
  bytes.set(value.subarray(0, bytes.length - at), at);
}

export function concat(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
