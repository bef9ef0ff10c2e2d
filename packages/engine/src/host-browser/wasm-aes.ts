import type { WinZipAesCipher } from '../core/native-codec.js';
import type { ZipWasmExports } from './zip-wasm.js';

/** Bytes copied into the module's memory per call: its one scratch buffer, shared by every cipher. */
const SCRATCH_BYTES = 64 * 1024;
const DIGEST_BYTES = 20;

/**
 * WinZip AES's counter mode and HMAC-SHA1 at once, in zip.js' WebAssembly (zip-wasm.ts): about
 * twice the speed of AES blocks in JavaScript (noble-ciphers) with the engine's counter and
 * hash-wasm's HMAC, measured on 64 MiB in V8 (docs/decisions/049-winzip-aes-with-the-host-crypto.md).
 * Calls are synchronous, so the ciphers of the entries in flight take turns with one scratch buffer.
 */
export function wasmWinZipAes(module: ZipWasmExports): (aesKey: Uint8Array, hmacKey: Uint8Array) => Promise<WinZipAesCipher> {
  let scratch = 0;
  return async (aesKey, hmacKey) => {
    scratch ||= module.malloc(SCRATCH_BYTES);
    const context = scratch ? module.aes_hmac_new() : 0;
    if (!context) throw new Error('the WebAssembly AES is out of memory');
    heap(module).set(aesKey, scratch);
    heap(module).set(hmacKey, scratch + aesKey.length);
    if (module.aes_hmac_init(context, scratch, aesKey.length, scratch + aesKey.length, hmacKey.length) !== 0) {
      module.aes_hmac_end(context, 0);
      throw new Error('the WebAssembly AES refused the key');
    }
    let open = true;
    return {
      decrypt(piece) {
        if (!open) throw new Error('this cipher has given its code');
        const out = new Uint8Array(piece.length);
        for (let at = 0; at < piece.length; at += SCRATCH_BYTES) {
          const chunk = piece.subarray(at, at + SCRATCH_BYTES);
          heap(module).set(chunk, scratch);
          module.aes_hmac_process(context, scratch, chunk.length, 1);
          out.set(heap(module).subarray(scratch, scratch + chunk.length), at);
        }
        return out;
      },
      code() {
        if (!open) throw new Error('this cipher has given its code');
        open = false;
        module.aes_hmac_end(context, scratch);
        return heap(module).slice(scratch, scratch + DIGEST_BYTES);
      },
      end() {
        if (!open) return;
        open = false;
        module.aes_hmac_end(context, 0);
      },
    };
  };
}

/** The module's memory, looked up each time: it is replaced when it grows. */
const heap = (module: ZipWasmExports) => new Uint8Array(module.memory.buffer);
