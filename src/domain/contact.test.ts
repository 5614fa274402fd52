import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, ContactMessageInputSchema } from './contact.js';

const base = { firstName: 'Ada', email: 'ada@example.com', message: 'Hello' };

describe('ContactMessageInputSchema', () => {
  it('accepts the required fields alone and fills the rest', () => {
    expect(ContactMessageInputSchema.parse(base)).toEqual({
      ...base,
      lastName: '',
      company: '',
      phone: '',
      newsOptIn: false,
    });
  });

  it('accepts common email and phone shapes', () => {
    for (const email of ['a.b+c@example.co.uk', 'x@sub.domain.org']) {
      expect(ContactMessageInputSchema.safeParse({ ...base, email }).success, email).toBe(true);
    }
    for (const phone of ['07700 900982', '+44 (0)20 7946 0958', '0161-496-0000']) {
      expect(ContactMessageInputSchema.safeParse({ ...base, phone }).success, phone).toBe(true);
    }
  });

  it('removes control characters but keeps line breaks', () => {
    const parsed = ContactMessageInputSchema.parse({ ...base, message: 'a\u0000b\nc\td\u0007' });
    expect(parsed.message).toBe('ab\nc\td');
  });

  it('says what is wrong in words a visitor can act on', () => {
    const result = ContactMessageInputSchema.safeParse({ ...base, email: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(CONTACT_MESSAGES.emailInvalid);
  });
});
