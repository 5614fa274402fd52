/**
 * Personal effects (docs/cover-and-import-charges.md, "Personal effects"; decision 112): the
 * declaration's switch, set on the order only while it may be changed; the booking declares the
 * goods to customs as personal effects (ReasonForExport and the goods description), the
 * courier's invoice prints that reason, and the confirmation email lists the documents the
 * destination asks for. Needs poppler-utils' pdftotext.
 */
import { describe, expect, it, vi } from 'vitest';
import { pdfText } from '#tests/support/pdf-text.js';
import { TestBrowser } from '#tests/support/browser-session.js';
import { call, ok } from '#tests/support/call.js';
import { checkoutStatus, confirm, payWithCard, startPayment } from '#tests/support/checkout.js';
import { newOrder, readyOrder } from '#tests/support/factories/orders.js';
import { GOOD_CARD, sandbox, settle } from '#tests/support/factories/payments.js';
import { useTestApp } from '#tests/support/test-app.js';
import {
  acceptTerms,
  confirmDeclaration,
  setPersonalEffects,
} from '#src/domain/api/declaration.js';
import { getOrder } from '#src/domain/api/orders.js';
import type { ApiErrorBody } from '#src/domain/api-error.js';
import { IMPORT_CHARGES } from '#src/domain/import-charges.js';
import type { ShipmentBooking } from '../../providers/courier/courier-provider.js';
import { TransglobalCourier } from '../../providers/courier/transglobal/transglobal.client.js';

const t = useTestApp();

const errorOf = (res: { body: string }) => (JSON.parse(res.body) as ApiErrorBody).error;

async function payAndSettle(orderId: string) {
  const { clientSecret } = await startPayment(t.app, orderId);
  await payWithCard(t.app, clientSecret, GOOD_CARD);
  await confirm(t.app, orderId);
  await sandbox(t).idle();
  await settle(t);
}

/** A complete order to France declared as personal effects, checked and ticked again. */
async function personalEffectsOrder() {
  const order = await readyOrder(t.app);
  const switched = await ok(t.app, setPersonalEffects, {
    params: { id: order.id },
    body: { personalEffects: true },
  });
  expect(switched.personalEffects).toBe(true);
  // A change of the declaration asks for its check again, as an item's change does.
  expect(switched.declaredAt).toBeNull();
  await ok(t.app, confirmDeclaration, { params: { id: order.id } });
  return ok(t.app, acceptTerms, { params: { id: order.id }, body: { accepted: true } });
}

describe('the personal-effects switch', () => {
  it('is off on a new order, and is set and cleared on the order', async () => {
    const order = await newOrder(t.app);
    expect(order.personalEffects).toBe(false);
    const on = await ok(t.app, setPersonalEffects, {
      params: { id: order.id },
      body: { personalEffects: true },
    });
    expect(on.personalEffects).toBe(true);
    expect((await ok(t.app, getOrder, { params: { id: order.id } })).personalEffects).toBe(true);
    const [row] = await t.database.query<{ personal_effects_set_at: Date | null }>(
      'SELECT personal_effects_set_at FROM orders WHERE id = $1',
      [order.id],
    );
    expect(row?.personal_effects_set_at).not.toBeNull();
    const off = await ok(t.app, setPersonalEffects, {
      params: { id: order.id },
      body: { personalEffects: false },
    });
    expect(off.personalEffects).toBe(false);
  });

  it('leaves a checked declaration alone when the answer is the same', async () => {
    const order = await readyOrder(t.app);
    expect(order.declaredAt).not.toBeNull();
    const same = await ok(t.app, setPersonalEffects, {
      params: { id: order.id },
      body: { personalEffects: false },
    });
    expect(same.declaredAt).toBe(order.declaredAt);
  });

  it('refuses anything but true or false', async () => {
    const order = await newOrder(t.app);
    const res = await call(t.app, setPersonalEffects, {
      params: { id: order.id },
      body: { personalEffects: 'yes' } as never,
    });
    expect(res.statusCode).toBe(422);
  });

  it('is refused once the order is paid for', async () => {
    const order = await personalEffectsOrder();
    await payAndSettle(order.id);
    const res = await call(t.app, setPersonalEffects, {
      params: { id: order.id },
      body: { personalEffects: false },
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('ORDER_LOCKED');
    expect((await ok(t.app, getOrder, { params: { id: order.id } })).personalEffects).toBe(true);
  });

  it('answers only the order’s own browsers', async () => {
    const order = await newOrder(t.app);
    const res = await call(new TestBrowser(t.app), setPersonalEffects, {
      params: { id: order.id },
      body: { personalEffects: true },
    });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('ORDER_NOT_FOUND');
    expect((await ok(t.app, getOrder, { params: { id: order.id } })).personalEffects).toBe(false);
  });
});

describe('booking personal effects', () => {
  it('sends the reason and the description, the invoice prints them, the email lists the documents', async () => {
    const spy = vi.spyOn(TransglobalCourier.prototype, 'bookShipment');
    const order = await personalEffectsOrder();
    await payAndSettle(order.id);
    const status = await checkoutStatus(t.app, order.id);
    expect(status.status).toBe('booked');
    // The confirmation page lists the documents for the destination.
    expect(status.personalEffectsDestination).toBe('FR');

    const booking = spy.mock.calls
      .map((c) => c[0] as ShipmentBooking)
      .find((b) => b.reference === order.reference)!;
    expect(booking.customsReason).toBe('personal-effects');
    expect(booking.consignmentSummary).toMatch(/^Used personal effects: /);
    expect(
      booking.consignmentSummary.replace('Used personal effects: ', '').split(', ').sort(),
    ).toEqual(['Books', 'Jumper']);
    spy.mockRestore();

    const invoice = status.documents.find((d) => d.kind === 'document')!;
    const text = await pdfText(t.app, invoice.url);
    expect(text).toContain('Reason for export: Personal effects');
    expect(text).toContain('Description of goods: Used personal effects: ');

    const [mail] = await t.database.query<{ text_body: string; html_body: string }>(
      `SELECT text_body, html_body FROM mail WHERE kind = 'booking-confirmation' AND order_id = $1`,
      [order.id],
    );
    expect(mail?.text_body).toContain('CHECKLIST FOR PERSONAL-EFFECTS RELIEF');
    expect(mail?.text_body).toContain('To claim relief from import duty and tax in France');
    for (const doc of IMPORT_CHARGES.FR.personalEffects.checklist) {
      expect(mail?.text_body).toContain(`[ ] ${doc}`);
    }
    expect(mail?.html_body).toContain('Checklist for personal-effects relief');
  });

  it('declares a gift when the switch is off, and the email has no checklist', async () => {
    const spy = vi.spyOn(TransglobalCourier.prototype, 'bookShipment');
    const order = await readyOrder(t.app);
    await payAndSettle(order.id);
    const status = await checkoutStatus(t.app, order.id);
    const booking = spy.mock.calls
      .map((c) => c[0] as ShipmentBooking)
      .find((b) => b.reference === order.reference)!;
    spy.mockRestore();
    expect(status.personalEffectsDestination).toBeUndefined();
    expect(booking.customsReason).toBe('gift');
    expect(booking.consignmentSummary).not.toMatch(/personal effects/i);

    const invoice = status.documents.find((d) => d.kind === 'document')!;
    expect(await pdfText(t.app, invoice.url)).toContain('Reason for export: Gift');
    const [mail] = await t.database.query<{ text_body: string }>(
      `SELECT text_body FROM mail WHERE kind = 'booking-confirmation' AND order_id = $1`,
      [order.id],
    );
    expect(mail?.text_body).not.toContain('CHECKLIST FOR PERSONAL-EFFECTS RELIEF');
  });
});
