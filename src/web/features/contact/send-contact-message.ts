import { createContactMessage } from '../../../domain/api/contact.js';
import type { ContactMessageInput, ContactMessageReceipt } from '../../../domain/contact.js';
import { ApiClientError, callApi } from '../../lib/api.js';

export type SendResult =
  | { ok: true; receipt: ContactMessageReceipt }
  | { ok: false; message: string; fields?: Record<string, string> };

const COULD_NOT_SEND =
  'Your message could not be sent. Please check your connection and try again.';

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
    return { ok: false, message: COULD_NOT_SEND };
  }
}
