/**
 * Without a password 7-Zip would prompt for one (a hang, or an exception out of the WASM); a
 * random stand-in makes it report "wrong password" instead, which we turn into PASSWORD_REQUIRED.
 */
const noPassword = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** The switches of every 7-Zip command we run: the password, UTF-8 console, no progress output. */
export const baseSwitches = (password: string | undefined): string[] => [
  `-p${password || noPassword()}`,
  '-sccUTF-8',
  '-bsp0',
  '-bb0',
];
