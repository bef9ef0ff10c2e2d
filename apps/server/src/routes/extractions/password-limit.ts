// The one password rule of both upload APIs (multipart POST /api/extractions and the original
// product's JSON POST /api/extract-archive): a password is held in memory until its job ends, so
// its size is bounded, in UTF-8 bytes as 7-Zip receives it.
export const MAX_PASSWORD_BYTES = 1024;

export const PASSWORD_TOO_LONG_MESSAGE = `The password is longer than ${MAX_PASSWORD_BYTES} bytes.`;

export function isPasswordTooLong(password: string): boolean {
  return Buffer.byteLength(password) > MAX_PASSWORD_BYTES;
}
