// The checksum worker: hashes the extracted files' Blobs off the page's main thread
// (docs/decisions/035-integrity-and-safety-report.md). A Blob crosses as a reference, never a copy;
// the worker reads it in pieces.
import { answerHashRequests } from '../features/integrity/hash-worker-body';

answerHashRequests(self);
