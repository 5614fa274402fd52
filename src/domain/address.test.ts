import { describe, expect, it } from 'vitest';
import { DESTINATIONS } from './countries.js';
import {
  addressFormatFor,
  AddressInputSchema,
  callingCodeFor,
  checkUkPhone,
  UK_PHONE_MESSAGES,
  validateAddress,
} from './address.js';
import { addressLines } from './order.js';

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
    if (!wrong.ok) {
      expect(wrong.fields.phoneNumber).toBe(
        'This is not a UK phone number: check it, or enter a UK number (starting 07, 01, 02 or +44)',
      );
    }
    const ukInFrance = validateAddress({ ...filled, phoneNumber: '+44 20 7946 0958' }, 'FR');
    expect(ukInFrance.ok).toBe(false);
    expect(validateAddress({ ...filled, phoneNumber: '12' }, 'GB').ok).toBe(false);
    expect(validateAddress({ ...filled, phoneNumber: '(212) 555-0199' }, 'US').ok).toBe(true);
  });

  it('accepts every number on +44 for the collection, Crown Dependency mobiles too, stored as E.164', () => {
    for (const [typed, e164] of [
      // Mobiles the phone library assigns to Guernsey, Jersey or the Isle of Man.
      ['07781 123456', '+447781123456'],
      ['07839 123456', '+447839123456'],
      ['07911 123456', '+447911123456'],
      ['+44 7911 123456', '+447911123456'],
      ['0044 7911 123456', '+447911123456'],
      ['7911 123456', '+447911123456'],
      // Landlines: London, Jersey, the Isle of Man; a freephone number.
      ['020 7946 0958', '+442079460958'],
      ['01534 123456', '+441534123456'],
      ['01624 123456', '+441624123456'],
      ['0800 123 4567', '+448001234567'],
    ] as const) {
      const result = validateAddress({ ...filled, phoneNumber: typed }, 'GB');
      expect(result.ok && result.value.phone, typed).toBe(e164);
    }
  });

  it('says what is wrong with a refused collection number, in words a customer understands', () => {
    const cases: [string, string][] = [
      ['0771', UK_PHONE_MESSAGES.tooShort],
      ['12', UK_PHONE_MESSAGES.tooShort],
      ['+44 7911 1234', UK_PHONE_MESSAGES.tooShort],
      ['07911 12345', UK_PHONE_MESSAGES.tooShort],
      ['07781 1234', UK_PHONE_MESSAGES.tooShort],
      ['07911 1234567', UK_PHONE_MESSAGES.tooLong],
      ['077811234567', UK_PHONE_MESSAGES.tooLong],
      ['hello', UK_PHONE_MESSAGES.notANumber],
      ['+', UK_PHONE_MESSAGES.notANumber],
      ['+33 6 12 34 56 78', UK_PHONE_MESSAGES.otherCountry],
      ['0033 6 12 34 56 78', UK_PHONE_MESSAGES.otherCountry],
      ['+1 212 555 0199', UK_PHONE_MESSAGES.otherCountry],
      ['06 12 34 56 78', UK_PHONE_MESSAGES.notInUse],
    ];
    for (const [typed, message] of cases) {
      expect(checkUkPhone(typed), typed).toEqual({ ok: false, message });
      const result = validateAddress({ ...filled, phoneNumber: typed }, 'GB');
      expect(result, typed).toEqual({
        ok: false,
        summary: message,
        fields: { phoneNumber: message },
      });
    }
    // The example every message gives is a number the check accepts.
    for (const text of Object.values(UK_PHONE_MESSAGES)) {
      const example = /like (0\d{4} \d{6})/.exec(text)?.[1];
      if (example) expect(checkUkPhone(example), example).toMatchObject({ ok: true });
    }
    expect(UK_PHONE_MESSAGES).toEqual({
      notANumber: 'Enter a phone number in digits, like 07400 123456',
      tooShort:
        'This number is too short for a UK phone number: it should have 11 digits, like 07400 123456',
      tooLong:
        'This number is too long for a UK phone number: it should have 11 digits, like 07400 123456',
      otherCountry: 'Enter a UK number (starting 07, 01, 02 or +44)',
      notInUse:
        'This is not a UK phone number: check it, or enter a UK number (starting 07, 01, 02 or +44)',
    });
    // An empty number is still a missing required field.
    const empty = validateAddress({ ...filled, phoneNumber: '  ' }, 'GB');
    expect(empty).toEqual({
      ok: false,
      summary: 'Required field is missing.',
      fields: { phoneNumber: 'Enter a phone number' },
    });
  });

  it('keeps the delivery rule: a number of the destination itself, not another on its code', () => {
    // +44 numbers are not French; a Guernsey mobile is no delivery number for France either.
    const guernseyInFrance = validateAddress({ ...filled, phoneNumber: '+44 7781 123456' }, 'FR');
    expect(guernseyInFrance).toEqual({
      ok: false,
      summary: 'Enter a valid +33 phone number for France',
      fields: { phoneNumber: 'Enter a valid +33 phone number for France' },
    });
    // Canada shares +1 with the US: a New York number is not a Canadian delivery phone.
    const newYorkInCanada = validateAddress(
      { ...filled, state: 'Ontario', phoneNumber: '+1 212 555 0199' },
      'CA',
    );
    expect(newYorkInCanada.ok).toBe(false);
    if (!newYorkInCanada.ok) {
      expect(newYorkInCanada.fields.phoneNumber).toBe('Enter a valid +1 phone number for Canada');
    }
  });

  it('bounds lengths and strips control characters', () => {
    const long = validateAddress({ ...filled, street: 'x'.repeat(101) }, 'GB');
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.fields.street).toBe('Use at most 100 characters');
    const controls = validateAddress({ ...filled, city: 'Lon\r\ndon' }, 'GB');
    expect(controls.ok && controls.value.city).toBe('Lon don');
  });
});

/** A valid local phone number in each destination, so only the address fields are under test. */
const PHONES: Record<string, string> = {
  AU: '0412 345 678',
  CA: '(416) 555-0199',
  FR: '06 12 34 56 78',
  DE: '030 1234567',
  NZ: '021 123 4567',
  ZA: '071 123 4567',
  US: '(212) 555-0199',
  PT: '912 345 678',
  NL: '06 12345678',
  BE: '0470 12 34 56',
  ES: '612 34 56 78',
  IT: '312 345 6789',
};

describe('address formats per country', () => {
  const withoutArea = (country: string) =>
    validateAddress({ ...filled, state: '', phoneNumber: PHONES[country] ?? '' }, country);

  it.each(['US', 'CA', 'AU', 'ES', 'IT'])(
    '%s writes its state, province or territory on every address: required',
    (country) => {
      const result = withoutArea(country);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.summary).toBe('Required field is missing.');
        expect(Object.keys(result.fields)).toEqual(['state']);
        expect(result.fields.state).toBe(
          `Enter the ${addressFormatFor(country).areaLabel.toLowerCase()}`,
        );
      }
    },
  );

  it.each(['FR', 'BE', 'DE', 'NL', 'PT', 'NZ', 'ZA'])(
    '%s addresses have no region line: it may be left empty',
    (country) => {
      const result = withoutArea(country);
      expect(result).toMatchObject({ ok: true, value: { state: '' } });
    },
  );

  it('a UK address needs no county', () => {
    expect(validateAddress({ ...filled, state: '' }, 'GB')).toMatchObject({
      ok: true,
      value: { state: '' },
    });
  });

  it('names the area as the country does', () => {
    expect(addressFormatFor('US')).toEqual({ areaLabel: 'State', areaRequired: true });
    expect(addressFormatFor('CA')).toEqual({
      areaLabel: 'Province or territory',
      areaRequired: true,
    });
    expect(addressFormatFor('AU')).toEqual({ areaLabel: 'State or territory', areaRequired: true });
    expect(addressFormatFor('GB')).toEqual({ areaLabel: 'County', areaRequired: false });
    expect(addressFormatFor('FR')).toEqual({ areaLabel: 'Region', areaRequired: false });
  });

  it('has a format for every destination and the UK', () => {
    for (const code of ['GB', ...DESTINATIONS.map((d) => d.countryCode)]) {
      expect(addressFormatFor(code).areaLabel, code).not.toBe('County, state or region');
    }
  });

  it('an area given where it is optional is kept', () => {
    const result = validateAddress(
      { ...filled, state: 'Île-de-France', phoneNumber: PHONES.FR ?? '' },
      'FR',
    );
    expect(result.ok && result.value.state).toBe('Île-de-France');
  });
});

describe('company and the second address line', () => {
  it('are optional and left out when empty', () => {
    const result = validateAddress({ ...filled, company: '  ', street2: '' }, 'GB');
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value).not.toHaveProperty('company');
      expect(result.value).not.toHaveProperty('street2');
    }
  });

  it('are kept, cleaned, when given', () => {
    const result = validateAddress(
      { ...filled, company: ' Analytical\nEngines Ltd ', street2: 'Flat 3, Second floor' },
      'GB',
    );
    expect(result.ok && result.value.company).toBe('Analytical Engines Ltd');
    expect(result.ok && result.value.street2).toBe('Flat 3, Second floor');
  });

  it('are bounded like the first line', () => {
    const result = validateAddress(
      { ...filled, company: 'x'.repeat(101), street2: 'y'.repeat(101) },
      'GB',
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fields.company).toBe('Use at most 100 characters');
      expect(result.fields.street2).toBe('Use at most 100 characters');
    }
  });

  it('are written on the address, between the name and the town', () => {
    expect(
      addressLines({
        firstName: 'Marie',
        lastName: 'Curie',
        company: 'Institut du Radium',
        street: '11 Rue Pierre et Marie Curie',
        street2: 'Bâtiment B',
        city: 'Paris',
        state: '',
        postcode: '75005',
        countryTitle: 'France',
        phone: '+33612345678',
        email: 'marie@example.fr',
      }),
    ).toEqual([
      'Marie Curie',
      'Institut du Radium',
      '11 Rue Pierre et Marie Curie',
      'Bâtiment B',
      'Paris',
      '75005',
      'France',
    ]);
  });
});

describe('callingCodeFor', () => {
  it('gives each country its prefix', () => {
    expect(callingCodeFor('GB')).toBe('+44');
    expect(callingCodeFor('FR')).toBe('+33');
    expect(callingCodeFor('US')).toBe('+1');
  });
});
