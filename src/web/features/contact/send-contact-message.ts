// What the contact form does with a message: checks it with the API's own schema, then sends it.
// Loaded by the form when it is first used, not with the page (contact-form.tsx): zod and the API
// client are most of the page's script, and the page reads and fills in without them.
import { createContactMessage } from '#src/domain/api/contact.js';
import {
  ContactMessageInputSchema,
  type ContactMessageInput,
  type ContactMessageReceipt,
} from '#src/domain/contact.js';
import { ApiClientError, callApi } from '../../lib/api.js';

export type SendResult =
  | { ok: true; receipt: ContactMessageReceipt }
  /** `message` is the server's own reason; none when no answer came (offline, or not our server's). */
  | { ok: false; message?: string; fields?: Record<string, string> };

/** The first message for each field the schema refuses (as the API would answer); none if valid. */
export function fieldErrorsOf(input: ContactMessageInput): Record<string, string> | undefined {
  const checked = ContactMessageInputSchema.safeParse(input);
  if (checked.success) return undefined;
  const fields: Record<string, string> = {};
  for (const issue of checked.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

/** Sends a "Contact us" message; never throws, always says what happened. */
export async function sendContactMessage(input: ContactMessageInput): Promise<SendResult> {
  try {
    return { ok: true, receipt: await callApi(createContactMessage, { body: input }) };
  } catch (error) {
    // The server's own refusal (e.g. a field it does not accept) is shown as it says it.
    if (
      error instanceof ApiClientError &&
      error.code !== 'NETWORK' &&
      error.code !== 'UNEXPECTED'
    ) {
      return { ok: false, message: error.message, fields: error.fields };
    }
    return { ok: false };
  }
}
