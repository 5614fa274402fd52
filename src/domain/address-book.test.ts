import { describe, expect, it } from 'vitest';
import {
  checkSavedPlace,
  formValuesOf,
  matchesAddressSearch,
  savedAddressMisfit,
  splitName,
} from './address-book.js';

const LONDON = { countryId: 231, postcode: 'SW1A 1AA', title: 'United Kingdom (Mainland)' };
const PARIS = { countryId: 73, postcode: '75001', title: 'France' };

describe('address book rules', () => {
  it('checks a saved place as the quote form does', () => {
    expect(checkSavedPlace('collection', 231, 'sw1a1aa')).toMatchObject({
      ok: true,
      postcode: 'SW1A 1AA',
    });
    expect(checkSavedPlace('collection', 231, 'IV2 3AA')).toEqual({
      ok: false,
      field: 'postcode',
      message:
        'IV2 3AA is in United Kingdom (Scottish Highlands), not United Kingdom (Mainland). Please choose United Kingdom (Scottish Highlands) as the collection country.',
    });
    expect(checkSavedPlace('collection', 73, '75001')).toMatchObject({ field: 'countryId' });
    expect(checkSavedPlace('delivery', 231, 'SW1A 1AA')).toMatchObject({ field: 'countryId' });
    expect(checkSavedPlace('delivery', 73, '750')).toMatchObject({ ok: false, field: 'postcode' });
  });

  it('says why a saved address does not fit a booking', () => {
    expect(savedAddressMisfit({ countryId: 231, postcode: 'SW1A 1AA' }, 'collection', LONDON)).toBe(
      null,
    );
    expect(savedAddressMisfit({ countryId: 271, postcode: 'IV2 3AA' }, 'collection', LONDON)).toBe(
      'IV2 3AA is in United Kingdom (Scottish Highlands), not United Kingdom (Mainland). Please choose United Kingdom (Scottish Highlands) as the collection country.',
    );
    expect(savedAddressMisfit({ countryId: 231, postcode: 'M1 1AE' }, 'collection', LONDON)).toBe(
      'This address is at M1 1AE; this booking collects from SW1A 1AA. Get a new quote from M1 1AE to use it.',
    );
    expect(savedAddressMisfit({ countryId: 73, postcode: '75001' }, 'delivery', PARIS)).toBe(null);
    expect(savedAddressMisfit({ countryId: 80, postcode: '10115' }, 'delivery', PARIS)).toBe(
      'This address is not in France, where this booking delivers.',
    );
  });

  it('fills the form with the phone without its calling code', () => {
    const saved = {
      firstName: 'Marie',
      lastName: 'Curie',
      company: '',
      street: '1 Rue',
      street2: '',
      city: 'Paris',
      state: '',
      phone: '+33612345678',
      email: 'm@example.fr',
      instructions: '',
    };
    expect(formValuesOf(saved, 'FR').phoneNumber).toBe('612345678');
    expect(formValuesOf(saved, 'GB').phoneNumber).toBe('+33612345678');
  });

  it('searches label, name, company and town by every word', () => {
    const saved = { label: 'Mum', firstName: 'Jane', lastName: 'Doe', company: '', city: 'Lyon' };
    expect(matchesAddressSearch(saved, 'lyon')).toBe(true);
    expect(matchesAddressSearch(saved, 'mum  LYON')).toBe(true);
    expect(matchesAddressSearch(saved, 'jane paris')).toBe(false);
    expect(matchesAddressSearch(saved, '')).toBe(true);
  });

  it('splits an account name into first and last', () => {
    expect(splitName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
    expect(splitName(' Mary Ann  Evans ')).toEqual({ firstName: 'Mary Ann', lastName: 'Evans' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});
