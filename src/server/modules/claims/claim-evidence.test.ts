// On PostgreSQL too: uploads, bank details and the bank payment re-check the claim under the order's and the claim's row locks.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import piexif from 'piexifjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { TestBrowser } from '#tests/support/browser-session.js';
import { call, ok, type Caller } from '#tests/support/call.js';
import { mailSubjects, refundsOf } from '#tests/support/booking-changes.js';
import {
  deliveredOrderForClaims,
  leaveOnCard,
  openClaimBody,
} from '#tests/support/factories/claims.js';
import { settle } from '#tests/support/factories/payments.js';
import { signedInAdmin, signedInCustomer } from '#tests/support/operators.js';
import { useTestApp } from '#tests/support/test-app.js';
import {
  approveClaim,
  askClaimInfo,
  declineClaim,
  downloadAdminClaimEvidence,
  downloadClaimEvidence,
  getAdminClaim,
  getAdminClaimEvidence,
  getClaimEvidencePack,
  giveClaimBankDetails,
  listClaimEvidence,
  listClaims,
  openClaim,
  recordClaimBankPayment,
  revealClaimBankDetails,
  uploadClaimEvidence,
} from '#src/domain/api/claims.js';
import { routeUrl } from '#src/domain/api/route.js';
import { MAX_EVIDENCE_FILE_BYTES, MAX_EVIDENCE_FILES_PER_CLAIM } from '#src/domain/claims.js';
import { BANK_DETAILS_MESSAGES } from './bank-details.js';
import { EVIDENCE_MESSAGES } from './evidence-files.js';

/**
 * A claim's evidence files, its bank details and its evidence pack (docs/claims.md), on the
 * claims factory's order: four books at £12.50 and two jumpers at £20, £50 of cover, the box
 * delivered damaged.
 */
const t = useTestApp();
let admin: TestBrowser;
beforeEach(() => {
  t.clock.set('2026-11-23T10:00:00Z');
  t.courierSimulator!.control({ reset: true });
});

/** A booked order with a claim for its books, and an operator signed in. */
async function claimed() {
  const { order, items } = await deliveredOrderForClaims(t);
  ({ browser: admin } = await signedInAdmin(t));
  const opened = await call(t.app, openClaim, {
    params: { id: order.id },
    body: openClaimBody({ items: [{ itemId: items.books }] }),
  });
  expect(opened.statusCode).toBe(201);
  return { order, claim: opened.json() };
}

// A 16×16 JPEG with the place it was taken (51°30'12.34" N) and the phone's make in its Exif.
const pixels = Buffer.alloc(16 * 16 * 4, 180);
const plainJpeg = jpeg.encode({ data: pixels, width: 16, height: 16 }, 90).data;
const GPS_JPEG = Buffer.from(
  piexif.insert(
    piexif.dump({
      '0th': { [piexif.ImageIFD.Make]: 'PhoneMaker' },
      GPS: {
        [piexif.GPSIFD.GPSLatitudeRef]: 'N',
        [piexif.GPSIFD.GPSLatitude]: [
          [51, 1],
          [30, 1],
          [1234, 100],
        ],
      },
    }),
    plainJpeg.toString('latin1'),
  ),
  'latin1',
);
/** The latitude's seconds as Exif keeps them: 1234/100 in two big-endian 32-bit numbers. */
const LATITUDE_SECONDS = Buffer.from([0, 0, 4, 210, 0, 0, 0, 100]);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const RECEIPT_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function upload(
  on: Caller,
  ids: { orderId: string; claimId: string },
  /** `type`: the Content-Type sent; none when a browser does not know the file's (a HEIC). */
  file: { bytes: Buffer; name: string; type?: string },
  kind: 'damage_photo' | 'packaging_photo' | 'proof_of_value' = 'damage_photo',
) {
  return call(on, uploadClaimEvidence, {
    params: { id: ids.orderId, claimId: ids.claimId },
    query: { kind, name: file.name },
    body: file.bytes,
    headers: file.type ? { 'content-type': file.type } : {},
  });
}

const errorOf = (answer: { json<T>(): T }) =>
  answer.json<{ error: { code: string; message: string } }>().error;

async function filesOf(orderId: string, claimId: string) {
  return (await ok(t.app, listClaimEvidence, { params: { id: orderId, claimId } })).files;
}

describe('evidence files', () => {
  it('refuses an HTML page or an SVG renamed as a photo, whatever type it says, and keeps nothing', async () => {
    const { order, claim } = await claimed();
    const ids = { orderId: order.id, claimId: claim.id };
    for (const file of [
      {
        bytes: Buffer.from('<!doctype html><script>alert(1)</script>'),
        name: 'photo.jpg',
        type: 'image/jpeg',
      },
      {
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        ),
        name: 'damage.png',
        type: 'image/png',
      },
    ]) {
      const refused = await upload(t.app, ids, file);
      expect(refused.statusCode).toBe(422);
      expect(errorOf(refused)).toEqual({
        code: 'EVIDENCE_NOT_ALLOWED',
        message: EVIDENCE_MESSAGES['not-allowed'],
        fields: { file: EVIDENCE_MESSAGES['not-allowed'] },
      });
    }
    expect(await filesOf(order.id, claim.id)).toEqual([]);
    expect(await t.database.query('SELECT id FROM claim_evidence')).toEqual([]);
  });

  it('keeps a photo without its location, serves it safely, and keeps it when a later upload fails', async () => {
    const { order, claim } = await claimed();
    const ids = { orderId: order.id, claimId: claim.id };
    expect(GPS_JPEG.includes(LATITUDE_SECONDS)).toBe(true);
    const kept = await upload(t.app, ids, {
      bytes: GPS_JPEG,
      name: 'IMG_0001.JPG',
      type: 'image/jpeg',
    });
    expect(kept.statusCode).toBe(201);
    const { file, files } = kept.json();
    expect(file).toMatchObject({
      kind: 'damage_photo',
      name: 'IMG_0001.jpg',
      type: 'jpeg',
      uploadedBy: 'customer',
    });
    expect(files.map((f) => f.id)).toEqual([file.id]);
    const served = await call(t.app, downloadClaimEvidence, {
      params: { id: order.id, claimId: claim.id, fileId: file.id },
    });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.rawPayload.includes(LATITUDE_SECONDS)).toBe(false);
    expect(served.rawPayload.includes('PhoneMaker')).toBe(false);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="IMG_0001.jpg"/);
    // The file on disk is the cleaned one, readable by the site's account alone.
    const [row] = await t.database.query<{ storage_id: string; size_bytes: number }>(
      'SELECT storage_id, size_bytes FROM claim_evidence WHERE id = $1',
      [file.id],
    );
    expect(row!.size_bytes).toBe(served.rawPayload.length);
    // Too large: refused before it is read, with the customer's message; the photo stays.
    const large = await upload(t.app, ids, {
      bytes: Buffer.alloc(MAX_EVIDENCE_FILE_BYTES + 1, 0xff),
      name: 'huge.jpg',
      type: 'image/jpeg',
    });
    expect(large.statusCode).toBe(413);
    expect(errorOf(large)).toMatchObject({
      code: 'EVIDENCE_TOO_LARGE',
      message: EVIDENCE_MESSAGES['too-large'],
    });
    expect((await filesOf(order.id, claim.id)).map((f) => f.id)).toEqual([file.id]);
  });

  it('takes up to 10 files, also with an answer to a request for more, and none once decided', async () => {
    const { order, claim } = await claimed();
    const ids = { orderId: order.id, claimId: claim.id };
    const receipt = await upload(
      t.app,
      ids,
      { bytes: RECEIPT_PDF, name: 'receipt.pdf', type: 'application/pdf' },
      'proof_of_value',
    );
    expect(receipt.json().file).toMatchObject({
      type: 'pdf',
      mediaType: 'application/pdf',
      kind: 'proof_of_value',
    });
    await ok(admin, askClaimInfo, {
      params: { claimId: claim.id },
      body: { reason: 'A photo of the box, please.' },
    });
    for (let i = 2; i <= MAX_EVIDENCE_FILES_PER_CLAIM; i += 1) {
      const added = await upload(
        t.app,
        ids,
        // Plain bytes, or no Content-Type at all: the content decides.
        {
          bytes: PNG,
          name: `box-${i}.png`,
          ...(i % 2 ? { type: 'application/octet-stream' } : {}),
        },
        'packaging_photo',
      );
      expect(added.statusCode).toBe(201);
    }
    const full = await upload(t.app, ids, { bytes: PNG, name: 'one-more.png', type: 'image/png' });
    expect(full.statusCode).toBe(409);
    expect(errorOf(full)).toMatchObject({
      code: 'EVIDENCE_TOO_MANY',
      message: EVIDENCE_MESSAGES['too-many'],
    });
    const { claims } = await ok(t.app, listClaims, { params: { id: order.id } });
    expect(claims[0]).toMatchObject({ canAddEvidence: false });
    expect(claims[0]!.evidence).toHaveLength(MAX_EVIDENCE_FILES_PER_CLAIM);
    const operatorList = await ok(admin, getAdminClaimEvidence, { params: { claimId: claim.id } });
    expect(operatorList.files).toHaveLength(MAX_EVIDENCE_FILES_PER_CLAIM);
    const first = operatorList.files[0]!;
    const served = await call(admin, downloadAdminClaimEvidence, {
      params: { claimId: claim.id, fileId: first.id },
    });
    expect(served.rawPayload).toEqual(RECEIPT_PDF);
    expect(served.headers['content-type']).toBe('application/pdf');
    await ok(admin, declineClaim, {
      params: { claimId: claim.id },
      body: { rule: 'not-covered', reason: 'Packed loose.' },
    });
    await t.database.query('DELETE FROM claim_evidence WHERE id = $1', [first.id]);
    const decided = await upload(t.app, ids, { bytes: PNG, name: 'late.png', type: 'image/png' });
    expect(decided.statusCode).toBe(409);
    expect(errorOf(decided).code).toBe('CLAIM_STATE');
  });
});

/** An order with £10 left to refund on its card: a £50 claim approved on it is paid by bank. */
async function approvedForBank(
  before?: (ids: { orderId: string; claimId: string }) => Promise<void>,
) {
  const { order, claim } = await claimed();
  await before?.({ orderId: order.id, claimId: claim.id });
  await leaveOnCard(t, order.id, 1000);
  const approved = await ok(admin, approveClaim, {
    params: { claimId: claim.id },
    body: { extent: 'full', amountPence: 5000, reason: 'Photos show the damage' },
  });
  expect(approved).toMatchObject({
    payment: { method: 'bank' },
    bankDetailsNeeded: true,
    bankDetails: null,
  });
  return { order, claim };
}

/** Vocalink's published test accounts: one that passes the modulus check, one that fails it. */
const GOOD_ACCOUNT = { sortCode: '08-99-99', accountNumber: '66374958' };
const BAD_ACCOUNT = { sortCode: '938063', accountNumber: '15764273' };

describe('bank details', () => {
  it('refuses a wrong modulus, keeps a right one sealed and masked, shows it in full only through the audited action, and deletes it once paid', async () => {
    const { order, claim } = await approvedForBank();
    const params = { id: order.id, claimId: claim.id };
    const record = () =>
      call(admin, recordClaimBankPayment, {
        params: { claimId: claim.id },
        body: { bankReference: 'BACS-77', reason: 'Paid from the claims account' },
      });
    const early = await record();
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).message).toMatch(/not given their bank details/);
    const wrong = await call(t.app, giveClaimBankDetails, {
      params,
      body: { accountName: 'A Customer', ...BAD_ACCOUNT },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ error: { fields: Record<string, string> } }>().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: BANK_DETAILS_MESSAGES['modulus-check'],
      fields: { accountNumber: BANK_DETAILS_MESSAGES['modulus-check'] },
    });
    const given = await call(t.app, giveClaimBankDetails, {
      params,
      body: { accountName: 'A Customer', ...GOOD_ACCOUNT },
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({
      bankDetailsNeeded: false,
      bankDetails: { accountName: 'A Customer', sortCode: '**-**-99', accountNumber: '****4958' },
    });
    expect(given.body).not.toContain('66374958');
    const [row] = await t.database.query<{ bank_details_sealed: string }>(
      'SELECT bank_details_sealed FROM claims WHERE id = $1',
      [claim.id],
    );
    expect(row!.bank_details_sealed).toMatch(/^v1\./);
    expect(row!.bank_details_sealed).not.toContain('66374958');
    const seen = await ok(admin, revealClaimBankDetails, {
      params: { claimId: claim.id },
      body: { reason: 'Making the transfer' },
    });
    expect(seen).toEqual({
      accountName: 'A Customer',
      sortCode: '08-99-99',
      accountNumber: '66374958',
      amountPence: 5000,
      reference: order.reference,
    });
    const audit = await t.database.query<{ details: unknown }>(
      "SELECT details FROM admin_audit_log WHERE action = 'claim.bank_details_view' AND subject = $1",
      [order.reference],
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).not.toContain('66374958');
    expect((await record()).json()).toMatchObject({
      state: 'paid',
      bankDetails: null,
      payment: { bankReference: 'BACS-77' },
    });
    const [after] = await t.database.query(
      'SELECT bank_details_sealed, bank_details_masked, bank_details_at FROM claims WHERE id = $1',
      [claim.id],
    );
    expect(after).toEqual({
      bank_details_sealed: null,
      bank_details_masked: null,
      bank_details_at: null,
    });
    const again = await call(t.app, giveClaimBankDetails, {
      params,
      body: { accountName: 'A Customer', ...GOOD_ACCOUNT },
    });
    expect(again.statusCode).toBe(409);
    const reveal = await call(admin, revealClaimBankDetails, {
      params: { claimId: claim.id },
      body: { reason: 'Again' },
    });
    expect(reveal.statusCode).toBe(409);
  });

  it('is refused for a claim paid by a refund to the card', async () => {
    const { order, claim } = await claimed();
    await ok(admin, approveClaim, {
      params: { claimId: claim.id },
      body: { extent: 'full', amountPence: 5000, reason: 'Photos show the damage' },
    });
    const refused = await call(t.app, giveClaimBankDetails, {
      params: { id: order.id, claimId: claim.id },
      body: { accountName: 'A Customer', ...GOOD_ACCOUNT },
    });
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('CLAIM_STATE');
  });
});

describe('who may reach a claim’s files and bank details', () => {
  it('another customer, the tracking link and an anonymous caller get 404; nothing is written', async () => {
    let fileId = '';
    const { order, claim } = await approvedForBank(async (ids) => {
      const added = await upload(t.app, ids, { bytes: PNG, name: 'box.png', type: 'image/png' });
      fileId = added.json().file.id;
    });
    const file = { id: fileId };
    const tracking = await t.app.services.tracking.view(order.id);
    const withTrackingLink = (url: string) =>
      `${url}${url.includes('?') ? '&' : '?'}access=${encodeURIComponent(tracking!.token)}`;
    const requests = [
      {
        method: 'GET' as const,
        url: routeUrl(listClaimEvidence, { id: order.id, claimId: claim.id }),
      },
      {
        method: 'GET' as const,
        url: routeUrl(downloadClaimEvidence, { id: order.id, claimId: claim.id, fileId: file.id }),
      },
      {
        method: 'POST' as const,
        url: routeUrl(
          uploadClaimEvidence,
          { id: order.id, claimId: claim.id },
          { kind: 'damage_photo', name: 'x.png' },
        ),
        payload: PNG,
        headers: { 'content-type': 'image/png' },
      },
      {
        method: 'PUT' as const,
        url: routeUrl(giveClaimBankDetails, { id: order.id, claimId: claim.id }),
        payload: { accountName: 'Someone Else', ...GOOD_ACCOUNT },
      },
    ];
    const callers = {
      anotherCustomer: await signedInCustomer(t),
      anonymous: new TestBrowser(t.app),
      trackingLink: new TestBrowser(t.app),
    };
    for (const [who, browser] of Object.entries(callers)) {
      for (const request of requests) {
        const url = who === 'trackingLink' ? withTrackingLink(request.url) : request.url;
        const answer = await browser.request({ ...request, url });
        expect([who, request.method, answer.statusCode]).toEqual([who, request.method, 404]);
      }
    }
    expect(await filesOf(order.id, claim.id)).toHaveLength(1);
    const [row] = await t.database.query('SELECT bank_details_sealed FROM claims WHERE id = $1', [
      claim.id,
    ]);
    expect(row).toEqual({ bank_details_sealed: null });
    // Another order's claim id under this order: 404 too.
    const other = await claimed();
    const crossed = await call(t.app, downloadClaimEvidence, {
      params: { id: other.order.id, claimId: claim.id, fileId: file.id },
    });
    expect(crossed.statusCode).toBe(404);
  });
});

describe('the evidence pack', () => {
  it('is a PDF with the reference, the declaration, the tracking and the photos', async () => {
    const { order, claim } = await claimed();
    const ids = { orderId: order.id, claimId: claim.id };
    await upload(t.app, ids, { bytes: GPS_JPEG, name: 'crushed-corner.jpg', type: 'image/jpeg' });
    await upload(
      t.app,
      ids,
      { bytes: RECEIPT_PDF, name: 'receipt.pdf', type: 'application/pdf' },
      'proof_of_value',
    );
    const pack = await call(admin, getClaimEvidencePack, { params: { claimId: claim.id } });
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-type']).toBe('application/pdf');
    expect(pack.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'boxabroad-pack-'));
    let text: string;
    try {
      writeFileSync(join(dir, 'pack.pdf'), pack.rawPayload);
      text = execFileSync('pdftotext', ['-layout', join(dir, 'pack.pdf'), '-'], {
        encoding: 'utf8',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const expected of [
      order.reference,
      '4 × Books',
      'Cover to £50.00',
      'Delivered',
      'crushed-corner.jpg',
      'receipt.pdf',
    ]) {
      expect(text).toContain(expected);
    }
    const stranger = await call(t.app, getClaimEvidencePack, { params: { claimId: claim.id } });
    expect(stranger.statusCode).toBe(401);
  });
});

describe('a claim paid by a refund to the card', () => {
  it('sends one email: the claim is paid, to the card (no refund email)', async () => {
    const { order, claim } = await claimed();
    await ok(admin, approveClaim, {
      params: { claimId: claim.id },
      body: { extent: 'full', amountPence: 5000, reason: 'Photos show the damage' },
    });
    await settle(t);
    expect((await ok(admin, getAdminClaim, { params: { claimId: claim.id } })).state).toBe('paid');
    const subjects = await mailSubjects(t, order.id);
    expect(subjects.filter((s) => s.startsWith('Your claim is paid'))).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith('We have refunded'))).toEqual([]);
    const [paid] = await t.database.query<{ text_body: string }>(
      "SELECT text_body FROM mail WHERE order_id = $1 AND kind = 'claim-paid'",
      [order.id],
    );
    expect(paid!.text_body).toContain('to the card you paid with');
    expect(await refundsOf(t, order.id)).toEqual([{ status: 'succeeded', amount_pence: 5000 }]);
  });
});
