import { ApiErrorBodySchema } from '../../../domain/api-error.js';
import {
  ContactMessageReceiptSchema,
  type ContactMessageInput,
  type ContactMessageReceipt,
} from '../../../domain/contact.js';

export type SendResult =
  | { ok: true; receipt: ContactMessageReceipt }
  | { ok: false; message: string; fields?: Record<string, string> };

const COULD_NOT_SEND =
  'Your message could not be sent. Please check your connection and try again.';

/** POST /api/v1/contact-messages; never throws, always says what happened. */
export async function sendContactMessage(input: ContactMessageInput): Promise<SendResult> {
  let response: Response;
  try {
    response = await fetch('/api/v1/contact-messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
    });
  } catch {
    return { ok: false, message: COULD_NOT_SEND };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const receipt = ContactMessageReceiptSchema.safeParse(body);
    return receipt.success
      ? { ok: true, receipt: receipt.data }
      : { ok: false, message: COULD_NOT_SEND };
  }
  const error = ApiErrorBodySchema.safeParse(body);
  if (!error.success) return { ok: false, message: COULD_NOT_SEND };
  return { ok: false, message: error.data.error.message, fields: error.data.error.fields };
}
