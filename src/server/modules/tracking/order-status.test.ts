import { describe, expect, it } from 'vitest';
import { ok } from '#tests/support/call.js';
import { customer } from '#tests/support/factories/accounts.js';
import { COLLECTION_ADDRESS, newOrder } from '#tests/support/factories/orders.js';
import { bookedOrder } from '#tests/support/factories/payments.js';
import { signedInAdmin } from '#tests/support/operators.js';
import { ScriptedCourier, useScriptedCourierApp } from '#tests/support/scripted-courier.js';
import { getAdminOrder, listAdminOrders } from '#src/domain/api/admin/orders.js';
import { getAccountOrder, listAccountOrders } from '#src/domain/api/my-orders.js';
import { getOrder } from '#src/domain/api/orders.js';
import { getOrderTracking, getTracking, listAdminShipments } from '#src/domain/api/tracking.js';
import { addDays } from '#src/domain/collection-calendar.js';
import { londonAt } from '#src/domain/london-time.js';
import type { TrackingStatus } from '#src/domain/tracking.js';
import { fixedClock } from '../../clock.js';
import type { CourierTrackingEvent } from '../../providers/courier/courier-provider.js';

/**
 * One status for each order, whatever page asks (docs/tracking.md, "The order's status"): a
 * 2-box order to the US, booked through the courier simulator, its boxes' events scripted.
 */

const clock = fixedClock('2026-11-23T10:00:00Z');
const scripted = new ScriptedCourier();
const t = useScriptedCourierApp(clock, scripted);

const NEW_YORK = {
  firstName: 'Grace',
  lastName: 'Hopper',
  street: '1 Liberty Plaza',
  city: 'New York',
  state: 'NY',
  phoneNumber: '(212) 555-0199',
  email: 'grace@example.com',
};

function event(courierCode: string, status: TrackingStatus, at: Date): CourierTrackingEvent {
  return { courierCode, status, recognised: true, description: courierCode, at };
}

async function pollAt(time: Date) {
  clock.set(time);
  await t.app.services.tracking.pollDue();
}

describe('the order’s status, on every page that shows it', () => {
  it('2 boxes to the US, one held by customs and one out for delivery: held by customs everywhere, and no out-for-delivery email; once both are delivered, delivered everywhere', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const account = await customer(t);
    const { order } = await bookedOrder(t, {
      small: 2,
      quote: { destination: { countryId: 232, postcode: '10001' } },
      collection: { ...COLLECTION_ADDRESS, email: account.email },
      delivery: NEW_YORK,
    });
    const reference = (await t.app.services.orders.findById(order.id))?.courierReference ?? '';
    const collectionDate = order.collectionDate ?? '';
    const booked = event('BOOKED', 'booked', new Date('2026-11-23T10:00:00Z'));
    const [box1, box2] = [1, 2].map((n) => ({
      parcelReference: `${reference}-${n}`,
      events: [booked],
    }));
    scripted.tracking.set(reference, [box1!, box2!]);
    await pollAt(new Date('2026-11-23T10:00:01Z'));
    const token = (await t.app.services.tracking.view(order.id))?.token ?? '';

    /** The order's status as each page's API gives it. */
    const everywhere = async () => {
      // Days pass between the checks: an operator's session lasts 12 hours (decision 115).
      const { browser: admin } = await signedInAdmin(t);
      const accountList = await ok(account.browser, listAccountOrders, {});
      const consoleList = await ok(admin, listAdminOrders, { query: { q: order.reference } });
      const shipments = await ok(admin, listAdminShipments, { query: {} });
      return {
        trackingPage: (await ok(t.app, getTracking, { params: { token } })).status,
        orderTracking: (await ok(t.app, getOrderTracking, { params: { id: order.id } })).tracking
          ?.status,
        accountList: accountList.orders.find((o) => o.id === order.id)?.trackingStatus,
        accountOrder: (
          await ok(account.browser, getAccountOrder, { params: { reference: order.reference } })
        ).order.trackingStatus,
        manageBooking: (await ok(t.app, getOrder, { params: { id: order.id } })).trackingStatus,
        consoleList: consoleList.orders.find((o) => o.id === order.id)?.trackingStatus,
        consoleOrder: (await ok(admin, getAdminOrder, { params: { id: order.id } })).order
          .trackingStatus,
        consoleShipments: shipments.shipments.find((s) => s.orderId === order.id)?.status,
      };
    };
    const all = (status: TrackingStatus) => ({
      trackingPage: status,
      orderTracking: status,
      accountList: status,
      accountOrder: status,
      manageBooking: status,
      consoleList: status,
      consoleOrder: status,
      consoleShipments: status,
    });
    /** The tracking emails to one address: the person who booked, unless told. */
    const booker = order.collectionAddress?.email ?? '';
    const emails = async (to = booker) =>
      (await t.mail.outbox.listForOrder(order.id))
        .filter((m) => m.kind.startsWith('tracking-') && m.to === to)
        .map((m) => m.kind)
        .sort();

    expect(await everywhere()).toEqual(all('booked'));

    // Both collected on the collection day.
    for (const box of [box1!, box2!]) {
      box.events.push(event('COLLECTED', 'collected', londonAt(collectionDate, '11:30')));
    }
    await pollAt(londonAt(collectionDate, '12:00'));
    expect(await everywhere()).toEqual(all('collected'));

    // Three days on: box 1 held by US customs, box 2 out for delivery.
    const arrival = addDays(collectionDate, 3);
    box1!.events.push(event('CUSTOMS', 'customs_hold', londonAt(arrival, '07:00')));
    box2!.events.push(event('OUT', 'out_for_delivery', londonAt(arrival, '08:10')));
    await pollAt(londonAt(arrival, '09:00'));
    expect(await everywhere()).toEqual(all('customs_hold'));
    const tracking = await ok(t.app, getTracking, { params: { token } });
    expect(tracking.boxes.map((b) => b.status)).toEqual(['customs_hold', 'out_for_delivery']);
    expect(await emails()).toEqual(['tracking-collected', 'tracking-customs-hold']);
    // The recipient, who must act, hears of the hold too, and of nothing else.
    expect(await emails(order.deliveryAddress?.email)).toEqual(['tracking-customs-hold']);
    const held = (await t.mail.outbox.listForOrder(order.id)).find(
      (m) => m.kind === 'tracking-customs-hold' && m.to === booker,
    );
    expect(held?.subject).toBe(
      `Action needed: customs are holding a box (booking ${order.reference})`,
    );

    // Box 2 delivered, box 1 still held: still held by customs, not partly delivered.
    box2!.events.push(event('DELIVERED', 'delivered', londonAt(arrival, '13:00')));
    await pollAt(londonAt(arrival, '14:00'));
    expect(await everywhere()).toEqual(all('customs_hold'));

    // Box 1 cleared and on its way: partly delivered, and still no out-for-delivery email.
    const cleared = addDays(arrival, 2);
    box1!.events.push(event('CLEARED', 'in_transit', londonAt(cleared, '07:00')));
    await pollAt(londonAt(cleared, '09:00'));
    expect(await everywhere()).toEqual(all('partly_delivered'));
    box1!.events.push(event('OUT', 'out_for_delivery', londonAt(cleared, '10:00')));
    await pollAt(londonAt(cleared, '11:00'));
    expect(await everywhere()).toEqual(all('partly_delivered'));

    // Both delivered: delivered everywhere, and emailed once.
    box1!.events.push(event('DELIVERED', 'delivered', londonAt(cleared, '13:00')));
    await pollAt(londonAt(cleared, '14:00'));
    expect(await everywhere()).toEqual(all('delivered'));
    expect(await emails()).toEqual([
      'tracking-collected',
      'tracking-customs-hold',
      'tracking-delivered',
    ]);
  });

  it('before the booking there is no tracking status (the pages show the booking’s state); once booked, there is', async () => {
    clock.set('2026-11-23T10:00:00Z');
    const { browser: admin } = await signedInAdmin(t);
    const draft = await newOrder(t.app);
    const view = await ok(t.app, getOrder, { params: { id: draft.id } });
    expect([view.status, view.trackingStatus]).toEqual(['draft', null]);
    const drafts = await ok(admin, listAdminOrders, { query: { q: draft.reference } });
    expect(drafts.orders.map((o) => [o.status, o.trackingStatus])).toEqual([['draft', null]]);
    const { order } = await bookedOrder(t, { small: 1 });
    expect((await ok(t.app, getOrder, { params: { id: order.id } })).trackingStatus).toBe('booked');
  });
});
