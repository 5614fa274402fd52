import { CONTACT_LIMITS } from './contact-limits.js';
import { z } from './zod.js';

export { CONTACT_LIMITS };

/** The messages shown beside each field, on the page and in the API's `fields`. */
export const CONTACT_MESSAGES = {
  firstNameRequired: 'Enter your first name',
  firstNameTooLong: `First name must be ${CONTACT_LIMITS.name} characters or fewer`,
  lastNameTooLong: `Last name must be ${CONTACT_LIMITS.name} characters or fewer`,
  companyTooLong: `Company must be ${CONTACT_LIMITS.company} characters or fewer`,
  emailRequired: 'Enter your email address',
  emailInvalid: 'Enter an email address in the correct format, like name@example.com',
  phoneInvalid: 'Enter a phone number using digits, spaces and + ( ) - only, like 07700 900982',
  messageRequired: 'Enter your message',
  messageTooLong: `Message must be ${CONTACT_LIMITS.message} characters or fewer`,
} as const;

const text = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, { message: tooLong })
    // Control characters (other than line breaks and tabs) are never part of a real message.
    .transform((value) => value.replace(/[^\P{Cc}\n\t]/gu, ''));

/** A plausible address: something@domain.tld, no spaces; deliberately no stricter than that. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE_PATTERN = /^\+?[\d\s()-]{6,}$/;

/**
 * The "Contact us" form (docs/product-rules.md: firstName, lastName, company, email, phone, message and a
 * toggle). The same schema validates the React form and the API. The toggle is an optional
 * opt-in to news, never required (it is not enforced).
 */
export const ContactMessageInputSchema = z.object({
  firstName: z
    .string({ message: CONTACT_MESSAGES.firstNameRequired })
    .trim()
    .min(1, { message: CONTACT_MESSAGES.firstNameRequired })
    .max(CONTACT_LIMITS.name, { message: CONTACT_MESSAGES.firstNameTooLong }),
  lastName: text(CONTACT_LIMITS.name, CONTACT_MESSAGES.lastNameTooLong).default(''),
  company: text(CONTACT_LIMITS.company, CONTACT_MESSAGES.companyTooLong).default(''),
  email: z
    .string({ message: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, { message: CONTACT_MESSAGES.emailRequired })
    .max(CONTACT_LIMITS.email, { message: CONTACT_MESSAGES.emailInvalid })
    .regex(EMAIL_PATTERN, { message: CONTACT_MESSAGES.emailInvalid }),
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, { message: CONTACT_MESSAGES.phoneInvalid })
    .refine((value) => value === '' || PHONE_PATTERN.test(value), {
      message: CONTACT_MESSAGES.phoneInvalid,
    })
    .default(''),
  message: z
    .string({ message: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, { message: CONTACT_MESSAGES.messageRequired })
    .max(CONTACT_LIMITS.message, { message: CONTACT_MESSAGES.messageTooLong })
    .transform((value) => value.replace(/[^\P{Cc}\n\t]/gu, '')),
  newsOptIn: z.boolean().default(false),
});

export type ContactMessageInput = z.input<typeof ContactMessageInputSchema>;
export type ContactMessage = z.output<typeof ContactMessageInputSchema>;

/** What the API answers once a message is stored: no echo of what was sent. */
export const ContactMessageReceiptSchema = z.object({
  id: z.string(),
  receivedAt: z.string(),
});
export type ContactMessageReceipt = z.infer<typeof ContactMessageReceiptSchema>;
