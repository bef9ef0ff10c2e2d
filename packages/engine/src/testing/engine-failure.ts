import { EngineError } from '../core/engine-error.js';

/** The EngineError `run` fails with; any other outcome fails the test. */
export async function engineFailure(run: Promise<unknown>): Promise<EngineError> {
  const error = await run.then(
    () => new Error('expected a failure'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof EngineError)) throw error;
  return error;
}
