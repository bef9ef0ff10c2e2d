/**
 * Sends a contact message to the server (`POST /api/contact`) and says, as data, how it went: the
 * form maps each outcome to its toast. The answer is checked, since a proxy or an older server
 * may answer something else.
 */
import { contactAcceptedSchema, type ContactMessageInput } from '@archive-opener/shared/api';
import { ApiRequestError, fetchApi } from '../../lib/api-request-error';

export const CONTACT_URL = '/api/contact';

/** A request that hangs this long is given up, so the form never stays on "Sending..." forever. */
const TIMEOUT_MS = 20_000;

/** Why a message was not sent: refused as invalid, too many, anything else. */
export type ContactSendProblem = 'invalid' | 'rateLimited' | 'failed';

export type ContactSendResult = { ok: true } | { ok: false; problem: ContactSendProblem; detail: string };

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

/** The problem a failed send stands for, by the API's code (lib/api-request-error.ts). */
function problemOf(error: ApiRequestError): ContactSendProblem {
  if (error.code === 'RATE_LIMITED') return 'rateLimited';
  if (error.code === 'INVALID_INPUT' || error.code === 'BAD_REQUEST') return 'invalid';
  return 'failed';
}

const failed = (error: ApiRequestError): ContactSendResult => ({ ok: false, problem: problemOf(error), detail: error.message });

/** The message as the visitor typed it: the fields are trimmed here, the honeypot is sent as is. */
export async function sendContactMessage(input: Required<ContactMessageInput>): Promise<ContactSendResult> {
  const body: ContactMessageInput = {
    ...input,
    name: input.name.trim(),
    email: input.email.trim(),
    message: input.message.trim(),
  };
  let response: Response;
  try {
    response = await fetchApi(CONTACT_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    // Given up after TIMEOUT_MS is as good as not reached.
    return failed(error instanceof ApiRequestError ? error : ApiRequestError.unreached());
  }
  const answer = await readJson(response);
  return contactAcceptedSchema.safeParse(answer).success ? { ok: true } : failed(ApiRequestError.unexpected(response.status));
}
