/** Box types and their limits (docs/product-rules.md, "Boxes"). Weights in kg, dimensions in cm. */
export type BoxType = 'small' | 'large';

export interface BoxSpec {
  type: BoxType;
  label: string;
  maxWeightKg: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
}

export const BOX_SPECS: Readonly<Record<BoxType, BoxSpec>> = {
  small: {
    type: 'small',
    label: 'Small Box',
    maxWeightKg: 20,
    heightCm: 46,
    widthCm: 46,
    lengthCm: 46,
  },
  large: {
    type: 'large',
    label: 'Large box',
    maxWeightKg: 30,
    heightCm: 60,
    widthCm: 50,
    lengthCm: 50,
  },
};

/** At most this many boxes, of both types together, per quote. */
export const MAX_BOXES = 5;

/** "46 × 46 × 46 cm" or, when the height differs, "60 cm high × 50 × 50 cm". */
export function boxDimensions(box: BoxSpec): string {
  if (box.heightCm === box.widthCm && box.widthCm === box.lengthCm) {
    return `${box.heightCm} × ${box.widthCm} × ${box.lengthCm} cm`;
  }
  return `${box.heightCm} cm high × ${box.widthCm} × ${box.lengthCm} cm`;
}

/** Grams as kg for people: "2.4", "20", "0.125". */
export function formatKg(grams: number): string {
  const kg = grams / 1000;
  return Number.isInteger(kg) ? String(kg) : kg.toFixed(3).replace(/0+$/, '').replace(/\.$/, '');
}

export interface ParcelSpec {
  /** "large-1", "small-2"… */
  key: string;
  type: BoxType;
  index: number;
  /** "Large Parcel 1", "Small Parcel 2"… */
  title: string;
  maxWeightKg: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
}

/** One parcel per large box, then one per small box (docs/product-rules.md, "Declare items"). */
export function parcelsFor(smallBoxes: number, largeBoxes: number): ParcelSpec[] {
  const make = (type: BoxType, index: number): ParcelSpec => ({
    key: `${type}-${index}`,
    type,
    index,
    title: `${type === 'large' ? 'Large' : 'Small'} Parcel ${index}`,
    maxWeightKg: BOX_SPECS[type].maxWeightKg,
    heightCm: BOX_SPECS[type].heightCm,
    widthCm: BOX_SPECS[type].widthCm,
    lengthCm: BOX_SPECS[type].lengthCm,
  });
  return [
    ...Array.from({ length: largeBoxes }, (_, i) => make('large', i + 1)),
    ...Array.from({ length: smallBoxes }, (_, i) => make('small', i + 1)),
  ];
}

/** A parcel's size as the courier is told it: the box's largest allowed weight and its sides. */
export function packageSizeOf(parcel: ParcelSpec) {
  return {
    weightKg: parcel.maxWeightKg,
    lengthCm: parcel.lengthCm,
    widthCm: parcel.widthCm,
    heightCm: parcel.heightCm,
  };
}
