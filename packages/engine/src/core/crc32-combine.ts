/**
 * The CRC-32 (zlib's, reflected polynomial 0xEDB88320) of two byte runs one after the other,
 * from each run's own CRC-32 and the second's length, without reading either again: what lets
 * two workers each sum their part of a file cut in two (docs/decisions/053-browser-file-cut.md)
 * and the page check the whole file against the archive's CRC-32.
 *
 * A CRC-32 is a remainder of polynomials over GF(2): appending `length` bytes to the first run
 * multiplies its remainder by x^(8·length) mod P, then the second run's CRC is added (xor). The
 * power is built from x^(2^k) mod P by repeated squaring, so the cost grows with log(length).
 */
export function crc32Combine(first: number, second: number, secondLength: number): number {
  if (!Number.isSafeInteger(secondLength) || secondLength < 0) throw new RangeError('A length is a whole number of bytes.');
  return (multiplyModP(powerOfX(secondLength), first >>> 0) ^ (second >>> 0)) >>> 0;
}

const POLYNOMIAL = 0xedb88320;
/** x^0 in the reflected notation: the top bit stands for the lowest power. */
const ONE = 0x80000000;

/** a(x)·b(x) mod P(x), both reflected. */
function multiplyModP(a: number, b: number): number {
  let product = 0;
  let factor = b;
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) product ^= factor;
    factor = factor & 1 ? (factor >>> 1) ^ POLYNOMIAL : factor >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) mod P for k = 0…63, each the square of the one before: x^(8·n) needs k from 3 on. */
const SQUARES: readonly number[] = (() => {
  const squares = [ONE >>> 1];
  while (squares.length < 64) {
    const last = squares.at(-1) ?? 0;
    squares.push(multiplyModP(last, last));
  }
  return squares;
})();

/** x^(8·bytes) mod P: the bits of the byte count pick the squares (bytes may pass 2^32). */
function powerOfX(bytes: number): number {
  let power = ONE;
  let k = 3;
  for (let rest = bytes; rest > 0; rest = Math.floor(rest / 2), k += 1) {
    if (rest % 2 === 1) power = multiplyModP(SQUARES[k] ?? ONE, power);
  }
  return power;
}
