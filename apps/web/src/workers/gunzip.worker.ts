// The worker a .tar.gz's gzip decoding runs in, started by the engine's worker (a worker of its
// own: it loads only when a visitor opens a .tar.gz).
import '@archive-opener/engine/browser/gunzip-worker';
