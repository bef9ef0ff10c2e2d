import { createCipheriv, createHmac, pbkdf2 } from 'node:crypto';
import type { NativeCrypto } from '../core/native-codec.js';

/** OpenSSL's PBKDF2, HMAC and AES through Node: a WinZip AES entry's key in ~2 ms on libuv's pool. */
export const nodeCrypto: NativeCrypto = {
  pbkdf2Sha1: (password, salt, iterations, length) =>
    new Promise((resolve, reject) => {
      pbkdf2(password, salt, iterations, length, 'sha1', (error, key) => (error ? reject(error) : resolve(key)));
    }),
  async hmacSha1Running(key) {
    const hmac = createHmac('sha1', key);
    return { update: (data) => void hmac.update(data), digest: () => hmac.digest() };
  },
  async aesBlocks(key) {
    const cipher = createCipheriv(`aes-${key.length * 8}-ecb`, key, null);
    cipher.setAutoPadding(false);
    return (blocks) => cipher.update(blocks);
  },
};
