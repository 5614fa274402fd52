import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { parcelsFor } from '#src/domain/boxes.js';
import type { DeclaredItem } from '#src/domain/items.js';
import { orderPlace } from '#src/domain/order.js';
import {
  GiftAllowanceLine,
  ImportChargesEstimate,
  ImportChargesInfo,
  PersonalEffectsDocuments,
} from './index.js';

const item = (name: string, unitValuePence: number): DeclaredItem => ({
  id: name,
  name,
  commodityCode: '61101100',
  commodityDescription: name,
  numberOfUnits: 1,
  unitValuePence,
  unitWeightGrams: 500,
  countryOfOrigin: 'GB',
});

/** An order to France (countryId 73) with one small box holding these items. */
const toFrance = (items: DeclaredItem[]) => ({
  destination: orderPlace(73, '75001'),
  parcels: parcelsFor(1, 0).map((parcel) => ({ ...parcel, items, declaredWeightGrams: 0 })),
});

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('ImportChargesEstimate', () => {
  it('follows the declaration as it grows, always an estimate beside the table’s date', () => {
    const empty = text(renderToStaticMarkup(<ImportChargesEstimate order={toFrance([])} />));
    expect(empty).toContain('Import charges estimate');
    expect(empty).toContain('Declared value £0.00, to France, as a gift.');
    expect(empty).toContain(
      'No import charges expected. Estimate from our table of 26 November 2026; never charged by us.',
    );

    const grown = text(
      renderToStaticMarkup(
        <ImportChargesEstimate
          order={toFrance([item('Wool jumper', 2_000), item('Boots', 3_000)])}
        />,
      ),
    );
    expect(grown).toContain('Declared value £50.00, to France, as a gift.');
    expect(grown).toContain(
      'The recipient may be asked to pay about £28 (import VAT £11, duty £2, clearance fee £15). Estimate from our table of 26 November 2026; never charged by us.',
    );
  });

  it('takes the personal-effects flag, and links to what the relief needs', () => {
    const html = renderToStaticMarkup(
      <ImportChargesEstimate order={toFrance([item('Boots', 5_000)])} personalEffects />,
    );
    expect(text(html)).toContain('as personal effects');
    expect(text(html)).toContain(
      'about £15 if the goods qualify for personal-effects relief (import VAT £0, duty £0, clearance fee £15)',
    );
    expect(html).toContain('href="/how-it-works#import-charges"');
  });

  it('shows nothing for a destination the table does not know', () => {
    const order = {
      ...toFrance([]),
      destination: { ...orderPlace(73, '75001'), countryCode: 'XX' },
    };
    expect(renderToStaticMarkup(<ImportChargesEstimate order={order} />)).toBe('');
  });
});

describe('GiftAllowanceLine', () => {
  it('says what a gift may be worth, dated, as an estimate', () => {
    expect(text(renderToStaticMarkup(<GiftAllowanceLine countryCode="FR" />))).toBe(
      'Gifts up to £39 arrive without import charges (an estimate from our table of 26 November 2026). About import charges',
    );
  });
});

describe('ImportChargesInfo', () => {
  it('names every destination once, with its relief and documents', () => {
    const html = text(renderToStaticMarkup(<ImportChargesInfo />));
    for (const country of [
      'Australia',
      'Canada',
      'France',
      'New Zealand',
      'South Africa',
      'United States',
      'Italy',
    ]) {
      expect(html).toContain(country);
    }
    expect(html).toContain('form B534');
    expect(html).toContain('CBP Form 3299');
    expect(html).toContain('26 November 2026');
  });
});

describe('PersonalEffectsDocuments', () => {
  it('lists the documents the destination’s customs ask for, one a line', () => {
    const html = renderToStaticMarkup(<PersonalEffectsDocuments countryCode="US" />);
    expect(text(html)).toContain('Documents for customs in the United States');
    expect(html.match(/<li>/g)).toHaveLength(3);
    expect(text(html)).toContain('CBP Form 3299');
    expect(text(html)).toContain('A copy of the recipient’s passport');
    expect(text(html)).toContain('What personal-effects relief needs');
  });

  it('shows nothing for a destination outside the table', () => {
    expect(renderToStaticMarkup(<PersonalEffectsDocuments countryCode="GB" />)).toBe('');
  });
});
