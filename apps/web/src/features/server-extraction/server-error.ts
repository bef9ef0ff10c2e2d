import type { ErrorShape } from '@archive-opener/shared';

/** A server run's failure, in the extractor's error shape (engine code, or a server problem). */
export class ServerExtractionError extends Error {
  constructor(readonly shape: ErrorShape) {
    super(shape.message);
    this.name = 'ServerExtractionError';
  }
}

export function cancelledError(): ServerExtractionError {
  return new ServerExtractionError({ code: 'CANCELLED', message: 'The extraction was cancelled.' });
}
