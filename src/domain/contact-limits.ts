/**
 * Length limits of the contact form; the database stores what passes them. Apart from the schema
 * (contact.ts) so the form can set its fields' `maxLength` without zod, which it loads only once
 * it is used.
 */
export const CONTACT_LIMITS = {
  name: 100,
  company: 200,
  email: 254,
  phone: 30,
  message: 5000,
} as const;
