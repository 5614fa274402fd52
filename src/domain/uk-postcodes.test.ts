import { describe, expect, it } from 'vitest';
import { parseUkPostcode, UK_REGION, ukRegionFor } from './uk-postcodes.js';

const region = (postcode: string) => {
  const parsed = parseUkPostcode(postcode);
  if (!parsed) throw new Error(`not a post code: ${postcode}`);
  return ukRegionFor(parsed);
};

describe('parseUkPostcode', () => {
  it('accepts every outward format in any case and spacing', () => {
    for (const [input, formatted] of [
      ['sw1a1aa', 'SW1A 1AA'],
      ['M1 1AE', 'M1 1AE'],
      ['b33 8th', 'B33 8TH'],
      ['CR2 6XH', 'CR2 6XH'],
      ['DN55 1PT', 'DN55 1PT'],
      ['W1A 0AX', 'W1A 0AX'],
      ['  ec1a  1bb ', 'EC1A 1BB'],
    ]) {
      expect(parseUkPostcode(input!)?.formatted, input).toBe(formatted);
    }
  });

  it('refuses what is not a UK post code', () => {
    for (const input of ['', '12345', 'SW1A', 'SW1A 1A', 'ABC 123', '75001', 'SW1A 1CI']) {
      expect(parseUkPostcode(input), input).toBeUndefined();
    }
  });
});

describe('ukRegionFor', () => {
  it('puts BT in Northern Ireland', () => {
    expect(region('BT1 1AA')).toEqual({ kind: 'region', regionId: UK_REGION.northernIreland });
    expect(region('BT93 8AD')).toEqual({ kind: 'region', regionId: UK_REGION.northernIreland });
  });

  it('puts the islands in the Offshore Isles', () => {
    for (const pc of [
      'HS1 2AA',
      'ZE1 0AA',
      'KW15 1AA',
      'KW17 2AA',
      'IV51 9AA',
      'PA78 6AA',
      'TR21 0AA',
      'PO30 1AA',
      'KA27 8AA',
    ]) {
      expect(region(pc), pc).toEqual({ kind: 'region', regionId: UK_REGION.offshore });
    }
  });

  it('puts the mainland Highland districts in the Scottish Highlands', () => {
    for (const pc of [
      'IV1 1AA',
      'KW1 4AA',
      'KW14 7AA',
      'PH33 6AA',
      'AB37 9AA',
      'PA34 4AA',
      'FK20 8AA',
    ]) {
      expect(region(pc), pc).toEqual({ kind: 'region', regionId: UK_REGION.highlands });
    }
  });

  it('puts everything else on the Mainland, including the rest of Scotland', () => {
    for (const pc of [
      'SW1A 1AA',
      'EH1 1AA',
      'G1 1AA',
      'AB10 1AA',
      'KW18 1AA',
      'PO1 1AA',
      'TR1 1AA',
      'IV29 1AA',
    ]) {
      expect(region(pc), pc).toEqual({ kind: 'region', regionId: UK_REGION.mainland });
    }
  });

  it('names the Crown Dependencies, which are not UK collection regions', () => {
    expect(region('GY1 1AA')).toEqual({ kind: 'crown-dependency', name: 'Guernsey' });
    expect(region('JE2 3AA')).toEqual({ kind: 'crown-dependency', name: 'Jersey' });
    expect(region('IM1 1AA')).toEqual({ kind: 'crown-dependency', name: 'the Isle of Man' });
  });
});
