import { londonDate } from '#src/domain/london-time.js';
import type { TrackingStatus } from '#src/domain/tracking.js';
import type { ParcelRow, ShipmentRow, TrackingEventRow } from './tracking.repository.js';

/**
 * One box as a claim reads it (docs/claims.md, "When a claim can be made"): the courier's
 * expected delivery date, the day of its last movement, the day it was delivered and whether the
 * courier says it is lost, as calendar dates in Europe/London.
 */
export interface ClaimBoxFacts {
  number: number;
  trackingNumber: string;
  status: TrackingStatus;
  expectedDelivery: string | null;
  lastMovement: string | null;
  deliveredOn: string | null;
  courierSaysLost: boolean;
}

/** The courier says a box is lost when its status's reason, or an event of it, says so. */
const SAYS_LOST = /\blost\b/i;

/** Each box's facts from the shipment, its boxes and their events (boxes by position). */
export function claimFactsOf(
  shipment: ShipmentRow,
  parcels: readonly ParcelRow[],
  events: readonly TrackingEventRow[],
): ClaimBoxFacts[] {
  const boxes: Pick<ParcelRow, 'parcelReference' | 'position' | 'status' | 'reason'>[] =
    parcels.length > 0
      ? [...parcels].sort((a, b) => a.position - b.position)
      : Array.from({ length: shipment.boxCount }, (_, i) => ({
          parcelReference: '',
          position: i + 1,
          status: shipment.status,
          reason: null,
        }));
  return boxes.map((box) => {
    const own = events
      .filter((e) => e.parcelReference === box.parcelReference && box.parcelReference !== '')
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    const last = own.at(-1);
    const delivered = own.find((e) => e.status === 'delivered');
    const deliveredOn =
      box.status === 'delivered'
        ? londonDate(delivered?.at ?? last?.at ?? shipment.updatedAt)
        : null;
    return {
      number: box.position,
      trackingNumber: box.parcelReference,
      status: box.status,
      expectedDelivery: shipment.expectedDelivery,
      lastMovement: last ? londonDate(last.at) : null,
      deliveredOn,
      courierSaysLost:
        SAYS_LOST.test(box.reason ?? '') ||
        own.some((e) => SAYS_LOST.test(e.reason ?? '') || SAYS_LOST.test(e.description)),
    };
  });
}
