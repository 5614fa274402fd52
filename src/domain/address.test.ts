import { describe, expect, it } from 'vitest';
import { AddressInputSchema, callingCodeFor, validateAddress } from './address.js';

const filled = AddressInputSchema.parse({
  firstName: 'Ada',
  lastName: 'Lovelace',
  street: '12 St James’s Square',
  city: 'London',
  state: 'Greater London',
  phoneNumber: '020 7946 0958',
  email: 'Ada@Example.com',
});

describe('validateAddress', () => {
  it('accepts a complete UK address and normalises phone and email', () => {
    const result = validateAddress(filled, 'GB');
    expect(result).toEqual({
      ok: true,
      value: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        street: '12 St James’s Square',
        city: 'London',
        state: 'Greater London',
        phone: '+442079460958',
        email: 'ada@example.com',
      },
    });
  });

  it('says "Required field is missing." and marks every missing field', () => {
    const result = validateAddress(
      AddressInputSchema.parse({ ...filled, firstName: '  ', city: '', email: '' }),
      'GB',
    );
    expect(result).toEqual({
      ok: false,
      summary: 'Required field is missing.',
      fields: {
        firstName: 'Enter a first name',
        city: 'Enter the town or city',
        email: 'Enter an email address',
      },
    });
  });

  it('leaves instructions optional', () => {
    const result = validateAddress({ ...filled, instructions: 'Ring the side door' }, 'GB');
    expect(result.ok && result.value.instructions).toBe('Ring the side door');
  });

  it('checks the email format', () => {
    const result = validateAddress({ ...filled, email: 'ada@' }, 'GB');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.fields.email).toMatch(/correct format/);
  });

  it('checks the phone belongs to the country: +44 for collection, the destination’s for delivery', () => {
    const french = { ...filled, phoneNumber: '06 12 34 56 78' };
    expect(validateAddress(french, 'FR').ok).toBe(true);
    const wrong = validateAddress(french, 'GB');
    expect(wrong.ok).toBe(false);
    if (!wrong.ok)
      expect(wrong.fields.phoneNumber).toBe('Enter a valid +44 phone number for the UK');
    const ukInFrance = validateAddress({ ...filled, phoneNumber: '+44 20 7946 0958' }, 'FR');
    expect(ukInFrance.ok).toBe(false);
    expect(validateAddress({ ...filled, phoneNumber: '12' }, 'GB').ok).toBe(false);
    expect(validateAddress({ ...filled, phoneNumber: '(212) 555-0199' }, 'US').ok).toBe(true);
  });

  it('bounds lengths and strips control characters', () => {
    const long = validateAddress({ ...filled, street: 'x'.repeat(101) }, 'GB');
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.fields.street).toBe('Use at most 100 characters');
    const controls = validateAddress({ ...filled, city: 'Lon\r\ndon' }, 'GB');
    expect(controls.ok && controls.value.city).toBe('Lon don');
  });
});

describe('callingCodeFor', () => {
  it('gives each country its prefix', () => {
    expect(callingCodeFor('GB')).toBe('+44');
    expect(callingCodeFor('FR')).toBe('+33');
    expect(callingCodeFor('US')).toBe('+1');
  });
});
