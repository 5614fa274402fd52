import type { BookingChanges } from '#src/domain/api/booking-changes.js';

/** What "Cancel or change this booking" reads for an order booked for 1 December, at noon 28 November. */
export const BOOKED_VIEW: BookingChanges = {
  orderId: 'order-1',
  now: '2026-11-28T12:00:00.000Z',
  status: 'booked',
  collectionDate: '2026-12-01',
  collectionFrom: '2026-12-01T09:00:00.000Z',
  cancel: { allowed: true, reason: null },
  change: { allowed: true, reason: null, closesAt: '2026-12-01T09:00:00.000Z', dates: [] },
  contact: { phoneNumber: '020 7946 0958', email: 'ada@example.com', instructions: '' },
  cover: {
    allowed: true,
    reason: null,
    coverPence: 5_000,
    declaredValuePence: 60_000,
    coveredValuePence: 60_000,
    maxCoverPence: 60_000,
    exclusions: [],
    settings: { includedPence: 5_000, percentBasisPoints: 200, maxCoverPence: 200_000, version: 1 },
    pending: null,
  },
  fixedReason: 'Addresses and boxes cannot change after payment.',
  changes: [],
};
