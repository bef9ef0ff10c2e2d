// The contact form's message: one schema for the form that checks it as the visitor types and the
// server that checks it again (docs/decisions/006-security-rules-for-all-input.md, "Contact form").
import { z } from './zod.js';

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/** Messages one client may send per hour; the server answers 429 beyond. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

/** The hidden field a person never fills in; a submission with it filled is dropped silently. */
export const CONTACT_HONEYPOT_FIELD = 'website';

const required = (max: number) => z.string().trim().min(1).max(max);

export const contactMessageSchema = z.object({
  name: required(CONTACT_LIMITS.name),
  email: required(CONTACT_LIMITS.email).pipe(z.email()),
  message: required(CONTACT_LIMITS.message),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export type ContactField = 'name' | 'email' | 'message';

/** What is wrong with one field, in words the form translates. */
export type ContactFieldProblem = 'required' | 'tooLong' | 'invalidEmail';

/**
 * The form's view of a failed check: the first problem of each field. 'required' comes before the
 * others so that an empty field reads "Please fill in all fields", as in the original.
 */
export function contactProblems(input: ContactMessageInput): Partial<Record<ContactField, ContactFieldProblem>> {
  const result = contactMessageSchema.safeParse(input);
  if (result.success) return {};
  const problems: Partial<Record<ContactField, ContactFieldProblem>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (field !== 'name' && field !== 'email' && field !== 'message') continue;
    const problem: ContactFieldProblem =
      issue.code === 'too_small' ? 'required' : issue.code === 'too_big' ? 'tooLong' : 'invalidEmail';
    if (problems[field] !== 'required') problems[field] = problem;
  }
  return problems;
}

/** The 201 answer of POST /api/contact (also given, unchanged, to a dropped honeypot submission). */
export const contactAcceptedSchema = z.object({ ok: z.literal(true) });
