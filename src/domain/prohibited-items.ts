/** The Prohibited Items list shown on the home page and its own page (docs/product-rules.md, "Pages and routes"), in order. */
export const PROHIBITED_ITEMS: readonly string[] = [
  'Cash',
  'Animals',
  'Aerosols',
  'Food & Beverages',
  'Illegal Drugs',
  'Flammable Goods',
  'Gold & Jewelry',
  'Weapons / Sharp Objects',
  'Batteries',
];

/** The limits of docs/product-rules.md ("Declare items"), in pounds and counts. */
export const SHIPMENT_LIMITS = {
  maxElectronicDevicesPerBox: 2,
  maxShipmentValuePounds: 5000,
  artAndAntiquesMaxEachPounds: 5000,
  collectiblesMaxPounds: 1800,
  jewelleryAndWatchesMaxTotalPounds: 4000,
} as const;
