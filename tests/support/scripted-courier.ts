import type {
  BookingResult,
  CollectionRebooking,
  CommodityMatch,
  CourierParcelTracking,
  CourierCountry,
  CourierProvider,
  RouteQuery,
  RouteService,
  ShipmentBooking,
  ShipmentCancellation,
  ShipmentDocuments,
  ShipmentTracking,
} from '../../src/server/providers/courier/courier-provider.js';
import { ProviderError } from '../../src/server/providers/provider-error.js';
import type { AppDeps } from '../../src/server/app.js';
import type { Clock } from '../../src/server/clock.js';
import {
  startCourierSimulator,
  type CourierSimulator,
} from '../../src/server/providers/courier/simulator/simulator.server.js';
import { createTestApp, simulatorClient, type TestApp } from './test-app.js';
import { useBuilt } from './use-built.js';

/** The services a courier typically offers on a route we serve, ours among others. */
export function typicalRouteServices(): RouteService[] {
  return [
    {
      serviceId: 101,
      serviceName: 'TG Express Worldwide',
      carrierName: 'DHL',
      transitTimeEstimate: '2-4',
      collectionOptions: [
        { collectionOptionId: 51, title: 'DHLParcel' },
        { collectionOptionId: 52, title: 'DHLParcelMulti' },
      ],
    },
    {
      serviceId: 102,
      serviceName: 'TG International Economy',
      carrierName: 'DHL',
      transitTimeEstimate: '5-8',
      collectionOptions: [{ collectionOptionId: 52, title: 'DHLParcelMulti' }],
    },
    {
      serviceId: 7,
      serviceName: 'UPS Standard Single',
      carrierName: 'UPS',
      transitTimeEstimate: '3',
      collectionOptions: [],
    },
  ];
}

/**
 * A test double of the courier port for service tests that need exact control: what the next
 * route lookups answer, or that the courier is down, and how many calls were made. The real
 * adapter is tested against the courier simulator in the provider's contract suite.
 */
export class ScriptedCourier implements CourierProvider {
  readonly name = 'scripted';
  routeServices: RouteService[] = typicalRouteServices();
  down = false;
  /**
   * The collection day the courier has in force, by courier reference, where the test says so
   * (a rebooking it made whose answer was lost): what its documents then report.
   */
  collectionsInForce = new Map<string, string>();
  /** Commodity matches by lower-case word found in the description. */
  commodities: Record<string, CommodityMatch[]> = {
    jumper: [{ commodityCode: '611011', commodityDescription: 'Jerseys, pullovers, of wool' }],
    books: [{ commodityCode: '4901', commodityDescription: 'Printed books' }],
    laptop: [{ commodityCode: '84713000', commodityDescription: 'Portable computers' }],
    perfume: [{ commodityCode: '330300', commodityDescription: 'Perfumes and toilet waters' }],
    ring: [{ commodityCode: '711319', commodityDescription: 'Jewellery of gold' }],
    battery: [{ commodityCode: '850650', commodityDescription: 'Lithium primary batteries' }],
    deodorant: [{ commodityCode: '330720', commodityDescription: 'Deodorants' }],
  };
  readonly routeQueries: RouteQuery[] = [];
  readonly commodityLookups: string[] = [];

  async getCountries(): Promise<CourierCountry[]> {
    return [];
  }

  async getRouteServices(query: RouteQuery): Promise<RouteService[]> {
    this.routeQueries.push(query);
    if (this.down) throw new ProviderError('scripted', 'NETWORK', true, 'courier unreachable');
    return structuredClone(this.routeServices);
  }

  async lookupCommodity(description: string): Promise<CommodityMatch[]> {
    this.commodityLookups.push(description);
    if (this.down) throw new ProviderError('scripted', 'TIMEOUT', true, 'courier timed out');
    const word = Object.keys(this.commodities).find((w) => description.toLowerCase().includes(w));
    return word ? structuredClone(this.commodities[word] ?? []) : [];
  }

  async bookShipment(_booking: ShipmentBooking): Promise<BookingResult> {
    throw new ProviderError('scripted', 'REJECTED', false, 'not scripted');
  }

  async getShipmentDocuments(_courierReference: string): Promise<ShipmentDocuments> {
    throw new ProviderError('scripted', 'REJECTED', false, 'not scripted');
  }

  /** It books nothing, so it has nothing under any reference. */
  async findBookings(_ourReference: string): Promise<ShipmentDocuments[]> {
    if (this.down) throw new ProviderError('scripted', 'TIMEOUT', true, 'courier timed out');
    return [];
  }

  /** What TrackOrder answers, by courier reference: each box and its events so far. */
  readonly tracking = new Map<string, CourierParcelTracking[]>();
  /** TrackOrder calls, by courier reference, and how many ran at once at most. */
  readonly trackCalls: string[] = [];
  trackInFlight = 0;
  maxTrackInFlight = 0;
  /** How long each TrackOrder call takes. */
  trackDelayMs = 0;
  readonly rebookings: CollectionRebooking[] = [];
  /** Set: RebookCollection is refused with this message. */
  rebookRefusal: string | undefined;

  async trackShipment(courierReference: string): Promise<ShipmentTracking> {
    this.trackCalls.push(courierReference);
    this.trackInFlight += 1;
    this.maxTrackInFlight = Math.max(this.maxTrackInFlight, this.trackInFlight);
    try {
      if (this.trackDelayMs > 0) await new Promise((r) => setTimeout(r, this.trackDelayMs));
      if (this.down) throw new ProviderError('scripted', 'TIMEOUT', true, 'courier timed out');
      const parcels = this.tracking.get(courierReference);
      if (!parcels) throw new ProviderError('scripted', 'REJECTED', false, 'Order not found');
      return { orderReference: courierReference, parcels: structuredClone(parcels) };
    } finally {
      this.trackInFlight -= 1;
    }
  }

  /** Set: RebookCollection answers only once this settles (a courier slower than our patience). */
  rebookAnswer: Promise<void> | undefined;

  async rebookCollection(change: CollectionRebooking): Promise<void> {
    if (this.rebookAnswer) await this.rebookAnswer;
    if (this.down) throw new ProviderError('scripted', 'TIMEOUT', true, 'courier timed out');
    if (this.rebookRefusal) {
      throw new ProviderError('scripted', 'REJECTED', false, this.rebookRefusal);
    }
    this.rebookings.push(structuredClone(change));
  }

  /** Shipments cancelled, by courier reference, with when (the first time). */
  readonly cancellations = new Map<string, string>();
  /** CancelShipment calls, by courier reference (repeats included). */
  readonly cancelCalls: string[] = [];
  /** Set: CancelShipment is refused with this message. */
  cancelRefusal: string | undefined;
  /** The time a cancellation is made at. */
  now: () => Date = () => new Date();

  async cancelShipment(courierReference: string): Promise<ShipmentCancellation> {
    this.cancelCalls.push(courierReference);
    if (this.down) throw new ProviderError('scripted', 'TIMEOUT', true, 'courier timed out');
    const cancelledAt = this.cancellations.get(courierReference);
    if (cancelledAt) return { cancelledAt };
    if (this.cancelRefusal) {
      throw new ProviderError('scripted', 'REJECTED', false, this.cancelRefusal);
    }
    const at = this.now().toISOString();
    this.cancellations.set(courierReference, at);
    return { cancelledAt: at };
  }
}

/**
 * A courier whose bookings, routes, commodities and documents go to `real` (the simulator's
 * client) and whose tracking, rebookings and cancellations are what the test scripts in
 * `scripted`: a booked shipment whose life the test writes event by event.
 */
export function bookedThroughScriptedAfter(
  real: CourierProvider,
  scripted: ScriptedCourier,
): CourierProvider {
  return {
    name: real.name,
    getCountries: () => real.getCountries(),
    getRouteServices: (query) => real.getRouteServices(query),
    lookupCommodity: (description) => real.lookupCommodity(description),
    bookShipment: (booking, observe) => real.bookShipment(booking, observe),
    getShipmentDocuments: async (reference, observe) => {
      const documents = await real.getShipmentDocuments(reference, observe);
      const date = scripted.collectionsInForce.get(reference);
      return date && documents.collection
        ? { ...documents, collection: { ...documents.collection, date } }
        : documents;
    },
    findBookings: (reference, observe) => real.findBookings(reference, observe),
    trackShipment: (reference) => scripted.trackShipment(reference),
    rebookCollection: (change) => scripted.rebookCollection(change),
    cancelShipment: (reference) => scripted.cancelShipment(reference),
  };
}

/**
 * A file's app on `clock` whose courier books through a courier simulator of its own (on the same
 * clock) and tracks, rebooks and cancels as `scripted` says (bookedThroughScriptedAfter). Built
 * in a `beforeAll` with `overrides()`, closed with its simulator in an `afterAll`.
 */
export function useScriptedCourierApp(
  clock: Clock,
  scripted: ScriptedCourier,
  overrides: () => Partial<AppDeps> = () => ({}),
): TestApp {
  let simulator: CourierSimulator | undefined;
  return useBuilt(
    'useScriptedCourierApp()',
    async () => {
      simulator = await startCourierSimulator({
        clock,
        credentials: { apiKey: 'test', password: 'test' },
        renderPdfs: 'this-thread',
      });
      const courier = bookedThroughScriptedAfter(simulatorClient(simulator.url), scripted);
      return createTestApp({ clock, courier, ...overrides() });
    },
    async (app) => {
      await app.close();
      await simulator?.close();
    },
  );
}
