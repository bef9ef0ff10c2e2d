/**
 * Sends a contact message to the server (`POST /api/contact`) and says, as data, how it went: the
 * form maps each outcome to its toast. The answer is checked, since a proxy or an older server
 * may answer something else.
 */
import { apiRefusalSchema, contactAcceptedSchema, type ContactMessageInput } from '@archive-opener/shared/api';

export const CONTACT_URL = '/api/contact';

/** A request that hangs this long is given up, so the form never stays on "Sending..." forever. */
const TIMEOUT_MS = 20_000;

/** Why a message was not sent: refused as invalid (400), too many (429), anything else. */
export type ContactSendProblem = 'invalid' | 'rateLimited' | 'failed';

export type ContactSendResult = { ok: true } | { ok: false; problem: ContactSendProblem; detail: string };

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function problemOf(status: number): ContactSendProblem {
  if (status === 429) return 'rateLimited';
  if (status === 400) return 'invalid';
  return 'failed';
}

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
    response = await fetch(CONTACT_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, problem: 'failed', detail: `network: ${String(error)}` };
  }
  const answer = await readJson(response);
  if (response.status === 201 || response.status === 200) {
    return contactAcceptedSchema.safeParse(answer).success
      ? { ok: true }
      : { ok: false, problem: 'failed', detail: `unexpected answer (HTTP ${response.status})` };
  }
  const refusal = apiRefusalSchema.safeParse(answer);
  const code = refusal.success ? refusal.data.error.code : 'no error code';
  return { ok: false, problem: problemOf(response.status), detail: `HTTP ${response.status}: ${code}` };
}
