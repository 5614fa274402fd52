/**
 * The simulator's service catalogue and price model. Which services run where, their ids,
 * collection options and prices are the simulator's own invention in the shape of the real API
 * (docs/providers.md, "Quotes"); see docs/providers.md for what is guessed.
 */
import { UK_REGION_IDS, UNSERVED_CODES } from './countries.data.js';

export type Zone = 'EU' | 'EUROPE' | 'NORTH_AMERICA' | 'WORLD';

const EU = new Set([
  'AT',
  'AX',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);
const REST_OF_EUROPE = new Set([
  'AD',
  'AL',
  'BA',
  'CH',
  'FO',
  'GG',
  'GI',
  'IM',
  'IS',
  'JE',
  'LI',
  'MC',
  'ME',
  'MK',
  'NO',
  'RS',
  'TR',
  'UA',
]);

export function zoneOf(countryCode: string): Zone {
  if (EU.has(countryCode)) return 'EU';
  if (REST_OF_EUROPE.has(countryCode)) return 'EUROPE';
  if (countryCode === 'US' || countryCode === 'CA') return 'NORTH_AMERICA';
  return 'WORLD';
}

export interface SimCollectionOption {
  id: number;
  title: string;
  charge: number;
}

export interface SimService {
  id: number;
  name: string;
  carrier: string;
  type: 'Air' | 'Road';
  maxPackageKg: number;
  zones: readonly Zone[];
  /** Working days, per zone, as the free text the API returns. */
  transit: Record<Zone, string>;
  /** Price in GBP: base + perKg × chargeable weight, per zone. */
  price: Record<Zone, { base: number; perKg: number }>;
  collection: 'dhl' | 'direct';
  /** "HH:MM" London time; a collection today is possible only before it. */
  cutOff: string;
  residentialSurcharge: number;
  signature: boolean;
}

/** What a service offers in one zone it reaches: working days, and its price in GBP. */
interface ZoneTerms {
  /** Working days, as the free text the API returns. */
  days: string;
  base: number;
  perKg: number;
}

const ALL_ZONES: readonly Zone[] = ['EU', 'EUROPE', 'NORTH_AMERICA', 'WORLD'];

/**
 * A service from the zones it reaches, each with its terms: its zones in the catalogue's order,
 * and its transit and price per zone ('' and £0 for a zone it does not reach).
 */
function simService(
  spec: Omit<SimService, 'zones' | 'transit' | 'price'> & {
    reach: Partial<Record<Zone, ZoneTerms>>;
  },
): SimService {
  const { reach, ...service } = spec;
  const terms = (zone: Zone) => reach[zone] ?? { days: '', base: 0, perKg: 0 };
  const perZone = <T>(pick: (t: ZoneTerms) => T) =>
    Object.fromEntries(ALL_ZONES.map((zone) => [zone, pick(terms(zone))])) as Record<Zone, T>;
  return {
    ...service,
    zones: ALL_ZONES.filter((zone) => reach[zone]),
    transit: perZone((t) => t.days),
    price: perZone((t) => ({ base: t.base, perKg: t.perKg })),
  };
}

/** The kept services (TG Express Worldwide, TG International Economy) and others to filter. */
export const SERVICES: readonly SimService[] = [
  simService({
    id: 53,
    name: 'TG Express Worldwide',
    carrier: 'DHL',
    type: 'Air',
    maxPackageKg: 70,
    reach: {
      EU: { days: '1-2', base: 21.5, perKg: 1.15 },
      EUROPE: { days: '1-3', base: 26, perKg: 1.45 },
      NORTH_AMERICA: { days: '1-3', base: 34, perKg: 2.85 },
      WORLD: { days: '2-5', base: 42, perKg: 3.6 },
    },
    collection: 'dhl',
    cutOff: '15:00',
    residentialSurcharge: 0,
    signature: true,
  }),
  simService({
    id: 219,
    name: 'TG International Economy',
    carrier: 'DHL',
    type: 'Road',
    maxPackageKg: 30,
    reach: {
      EU: { days: '3-5', base: 13.9, perKg: 0.62 },
      EUROPE: { days: '4-6', base: 17.5, perKg: 0.85 },
      NORTH_AMERICA: { days: '5-8', base: 22, perKg: 1.7 },
      WORLD: { days: '6-10', base: 27.5, perKg: 2.15 },
    },
    collection: 'dhl',
    cutOff: '15:00',
    residentialSurcharge: 0,
    signature: false,
  }),
  simService({
    id: 84,
    name: 'DHL Express Worldwide',
    carrier: 'DHL',
    type: 'Air',
    maxPackageKg: 70,
    reach: {
      EU: { days: '1', base: 32, perKg: 1.9 },
      EUROPE: { days: '1-2', base: 36, perKg: 2.2 },
      NORTH_AMERICA: { days: '1-2', base: 48, perKg: 3.9 },
      WORLD: { days: '2-4', base: 58, perKg: 4.7 },
    },
    collection: 'dhl',
    cutOff: '17:00',
    residentialSurcharge: 0,
    signature: true,
  }),
  simService({
    id: 26,
    name: 'UPS Express Saver',
    carrier: 'UPS',
    type: 'Air',
    maxPackageKg: 70,
    reach: {
      EU: { days: '1-2', base: 27, perKg: 1.6 },
      EUROPE: { days: '1-2', base: 31, perKg: 1.95 },
      NORTH_AMERICA: { days: '1-3', base: 41, perKg: 3.3 },
      WORLD: { days: '2-4', base: 52, perKg: 4.2 },
    },
    collection: 'direct',
    cutOff: '17:00',
    residentialSurcharge: 2.65,
    signature: true,
  }),
  simService({
    id: 22,
    name: 'UPS Standard Single',
    carrier: 'UPS',
    type: 'Road',
    maxPackageKg: 70,
    reach: {
      EU: { days: '2-4', base: 15.5, perKg: 0.75 },
      EUROPE: { days: '3-5', base: 19, perKg: 0.95 },
    },
    collection: 'direct',
    cutOff: '17:00',
    residentialSurcharge: 2.65,
    signature: false,
  }),
  simService({
    id: 110,
    name: 'Parcelforce Global Priority',
    carrier: 'Parcelforce',
    type: 'Air',
    maxPackageKg: 30,
    reach: {
      EU: { days: '2-3', base: 24, perKg: 1.3 },
      EUROPE: { days: '2-4', base: 27, perKg: 1.5 },
      NORTH_AMERICA: { days: '3-5', base: 38, perKg: 2.9 },
      WORLD: { days: '4-7', base: 46, perKg: 3.7 },
    },
    collection: 'direct',
    cutOff: '16:00',
    residentialSurcharge: 0,
    signature: true,
  }),
];

export const DHL_PARCEL: SimCollectionOption = { id: 51, title: 'DHLParcel', charge: 0 };
export const DHL_PARCEL_MULTI: SimCollectionOption = {
  id: 52,
  title: 'DHLParcelMulti',
  charge: 12.9,
};

/** DHLParcel collects a single parcel; DHLParcelMulti any number. */
export function collectionOptionsFor(service: SimService, packages: number): SimCollectionOption[] {
  if (service.collection !== 'dhl') return [];
  return packages === 1 ? [DHL_PARCEL, DHL_PARCEL_MULTI] : [DHL_PARCEL_MULTI];
}

export interface PackageDims {
  Weight: number;
  Length: number;
  Width: number;
  Height: number;
}

/** Volumetric divisor 5000 (cm³/kg); each package rounded up to the next 0.5 kg. */
export function chargeableWeight(packages: readonly PackageDims[]): number {
  return packages.reduce((sum, p) => {
    const volumetric = (p.Length * p.Width * p.Height) / 5000;
    return sum + Math.ceil(Math.max(p.Weight, volumetric) * 2) / 2;
  }, 0);
}

export interface Route {
  collectionCountryId: number;
  deliveryCountryCode: string;
}

/** Whether the simulated account serves a route at all (collections from the UK only). */
export function routeServed(route: Route): boolean {
  return (
    UK_REGION_IDS.has(route.collectionCountryId) &&
    route.deliveryCountryCode !== 'GB' &&
    !UNSERVED_CODES.has(route.deliveryCountryCode)
  );
}

/** The services offered on a route for these packages (a package over a service's limit drops it). */
export function servicesFor(route: Route, packages: readonly PackageDims[]): SimService[] {
  if (!routeServed(route)) return [];
  const zone = zoneOf(route.deliveryCountryCode);
  return SERVICES.filter(
    (s) => s.zones.includes(zone) && packages.every((p) => p.Weight <= s.maxPackageKg),
  );
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

export interface Price {
  chargeableWeight: number;
  freight: number;
  fuel: number;
  /** Scottish Highlands and Offshore Isles collections cost more. */
  remoteArea: number;
  net: number;
}

export function priceFor(
  service: SimService,
  route: Route,
  packages: readonly PackageDims[],
): Price {
  const zone = zoneOf(route.deliveryCountryCode);
  const weight = chargeableWeight(packages);
  const freight = round2(service.price[zone].base + service.price[zone].perKg * weight);
  const fuel = round2(freight * 0.085);
  const remoteArea =
    route.collectionCountryId === 271 || route.collectionCountryId === 272 ? 9.5 : 0;
  return {
    chargeableWeight: weight,
    freight,
    fuel,
    remoteArea,
    net: round2(freight + fuel + remoteArea),
  };
}

/** Insurance above the included £50 cover costs 2 % of the cover (minimum £2.50). */
export function insuranceCost(cover: number): number {
  if (cover <= 50) return 0;
  return round2(Math.max(2.5, cover * 0.02));
}
