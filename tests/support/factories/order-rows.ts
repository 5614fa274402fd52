import { randomUUID } from 'node:crypto';
import type { NewOrderRow } from '#src/server/modules/orders/orders.repository.js';

/**
 * A draft order's row as the server stores it, for tests of the storage itself (a repository,
 * drafts written together): London SW1A 1AA to Paris 75001, one small box of 20 kg, no service
 * offered, made at `at`. Tests of what a customer does make their orders through the API
 * (orders.ts).
 */
export function draftOrderRow(
  at: Date,
  overrides: Partial<Omit<NewOrderRow, 'status'>> = {},
): NewOrderRow & { id: string; status: 'draft' } {
  const id = randomUUID();
  return {
    id,
    reference: `BA-${id.slice(0, 8)}`,
    status: 'draft',
    collectionCountryId: 231,
    collectionPostcode: 'SW1A 1AA',
    destinationCountryId: 73,
    destinationPostcode: '75001',
    smallBoxes: 1,
    largeBoxes: 0,
    totalWeightKg: 20,
    offeredServices: [],
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}
