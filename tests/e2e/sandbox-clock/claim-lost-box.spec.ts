import { expect, test } from '@playwright/test';
import { formatLondon, londonAt } from '#src/domain/london-time.js';
import { LOST_DECLARED_AFTER_WORKING_DAYS } from '#src/server/providers/courier/simulator/tracking.js';
import { signUp, uniqueEmail } from '../support/account.js';
import { expectNoAxeViolations } from '../support/axe.js';
import {
  coveredOrder,
  operatorAt,
  paidPence,
  receiptPdf,
  trackingTokenOf,
} from '../support/claims.js';
import { courierControl } from '../support/courier.js';
import {
  courierReferenceOf,
  journeyOf,
  moveClockTo,
  polledSince,
  siteNow,
  trackingOf,
  workingDaysAfter,
} from '../support/tracking.js';

// A claim for a lost box paid by bank transfer (docs/claims.md, "Payment"): it pays more than the
// card can take back. The site's clock is moved to the day the courier says the box is lost
// (playwright.config.ts, the sandbox-clock project).

test.describe.configure({ timeout: 240_000 });

test('a lost box claimed above what the card can take back: the bank account checked by its modulus, the transfer recorded, the claim paid', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, 'Grace Hopper', uniqueEmail('lost-box'));
  const order = await coveredOrder(page, {
    boxes: [[{ name: 'Paperback books', units: 6, value: 50, weight: 0.4 }]],
    cover: '300',
    size: 'small',
    to: 'Paris',
  });
  expect(await paidPence(page, order), 'the card cannot take back £300').toBeLessThan(30_000);
  await courierControl({
    scenario: { order: await courierReferenceOf(page, order), name: 'lost', parcel: 1 },
  });
  const token = await trackingTokenOf(page, order);
  const journey = await journeyOf(page, order, await trackingOf(page, token));
  const lost = londonAt(
    workingDaysAfter(journey.delivery, LOST_DECLARED_AFTER_WORKING_DAYS),
    '11:00',
  );
  await moveClockTo(page, lost);
  // The courier's LOST event: an exception whose reason says the box is lost.
  const box = (await polledSince(page, token, lost)).boxes[0];
  expect(box?.status).toBe('exception');

  // The claim: the one box, lost (the only kind it can be claimed as), its books.
  await page.goto(`/account/orders/${order.reference}`);
  const claims = page.getByRole('region', { name: 'Claim for a lost or damaged box' });
  await claims.getByRole('button', { name: 'Start a claim' }).click();
  const form = page.getByRole('form', { name: 'Your claim' });
  await expect(
    form.getByRole('radio', { name: /^Box 1 .*the courier says it is lost/ }),
  ).toBeChecked();
  await expect(form.getByRole('radio', { name: 'It is lost', exact: true })).toBeChecked();
  await expect(form.getByRole('radio', { name: /^It arrived damaged/ })).toBeDisabled();
  await form.getByRole('checkbox', { name: /^Paperback books/ }).check();
  await expect(form.getByTestId('claim-payable')).toHaveText('The claim can pay £300.00');
  await form
    .getByLabel('Proof of value (receipt or invoice)', { exact: true })
    .setInputFiles(receiptPdf('books.pdf'));
  await form.getByRole('textbox', { name: 'What happened' }).fill('The box never arrived.');
  await form.getByRole('button', { name: 'Send claim' }).click();
  const claim = claims.getByRole('region', { name: 'Claim for box 1: lost' });
  await expect(claim.getByTestId('claim-status')).toHaveText('Submitted');

  // Approved in full: more than the card can take back, so by bank transfer.
  const operator = await operatorAt(browser, baseURL, '/admin/claims');
  await operator
    .getByRole('row')
    .filter({ hasText: order.reference })
    .getByRole('link', { name: new RegExp(order.reference) })
    .click();
  const approve = operator.getByRole('form', { name: 'Approve' });
  await expect(
    approve.getByRole('radio', { name: /^In full: £300\.00, paid by bank transfer/ }),
  ).toBeChecked();
  await approve.getByRole('textbox', { name: /^Reason/ }).fill('Lost by the courier.');
  await approve.getByRole('button', { name: 'Approve the claim' }).click();
  await expect(operator.getByRole('status')).toContainText(
    'Approved: £300.00, paid by bank transfer',
  );
  await expect(operator.getByTestId('bank-details-awaited')).toBeVisible();

  // The customer is asked for a UK account: refused when the numbers do not match by the
  // published modulus rules, kept (masked) when they do.
  await page.reload();
  await expect(claim.getByTestId('claim-status')).toHaveText('Approved');
  const bank = claim.getByRole('form', { name: 'Where should we pay your claim?' });
  await bank.getByRole('textbox', { name: 'Name on the account' }).fill('Grace Hopper');
  await bank.getByRole('textbox', { name: 'Sort code' }).fill('08-99-99');
  await bank.getByRole('textbox', { name: 'Account number' }).fill('66374959');
  await bank.getByRole('button', { name: 'Save bank details' }).click();
  const mismatch =
    'This account number does not match the sort code. Check both against your bank statement or banking app.';
  await expect(bank.getByRole('alert')).toContainText(mismatch);
  await expect(bank.getByRole('alert')).toBeFocused();
  await expectNoAxeViolations(page, 'with the bank details refused');
  await bank.getByRole('textbox', { name: 'Account number' }).fill('66374958');
  await bank.getByRole('button', { name: 'Save bank details' }).click();
  await expect(claim.getByTestId('claim-bank-details')).toContainText(
    'Grace Hopper, sort code **-**-99, account ****4958',
  );

  // The operator sees the account in full (audited), pays it outside the site and records it.
  await operator.reload();
  const reveal = operator.getByRole('form', { name: /^Bank account: Grace Hopper/ });
  await reveal
    .getByRole('textbox', { name: /^Why you need the account/ })
    .fill('To pay the claim.');
  await reveal.getByRole('button', { name: 'Show the bank details' }).click();
  const shown = operator.getByTestId('bank-details-revealed');
  await expect(shown).toContainText(/08-?99-?99/);
  await expect(shown).toContainText('66374958');
  const paid = operator.getByRole('form', { name: 'Record the bank payment of £300.00' });
  await paid.getByRole('textbox', { name: 'The bank’s payment reference' }).fill('FP-2026-0042');
  await paid.getByRole('textbox', { name: /^Reason/ }).fill('Paid by faster payment.');
  await paid.getByRole('button', { name: 'Record the bank payment' }).click();
  await expect(operator.getByTestId('admin-claim-status')).toHaveText('Paid');
  await operator.context().close();

  // Paid, with the date, on the customer's page; the account is no longer kept.
  const today = formatLondon(await siteNow(page), 'day');
  await page.reload();
  await expect(claim.getByTestId('claim-status')).toHaveText('Paid');
  await expect(claim.getByTestId('claim-payment')).toContainText(
    `Paid by bank transfer to your UK bank account on ${today}`,
  );
  await expect(claim.getByTestId('claim-bank-details')).toHaveCount(0);
  await expectNoAxeViolations(page, 'with the claim paid by bank');

  // The same claim through Manage my booking's emailed link, signed out.
  const elsewhere = await browser.newContext();
  const guest = await elsewhere.newPage();
  await guest.goto('/manage-booking');
  await guest.getByRole('textbox', { name: 'Order reference' }).fill(order.reference);
  await guest.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await guest.getByRole('button', { name: 'Email me a link' }).click();
  await expect(guest.getByRole('status')).toContainText('If that reference and email match');
  await guest.goto('/dev/mail');
  const linkEmail = guest.getByRole('link', {
    name: new RegExp(`Open your BoxAbroad booking ${order.reference}`),
  });
  await expect(async () => {
    await guest.reload();
    await expect(linkEmail.first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await linkEmail.first().click();
  const link = await guest
    .frameLocator('iframe[title="The email as it renders"]')
    .getByRole('link', { name: 'Open my booking' })
    .getAttribute('href');
  await guest.goto(new URL(link!).pathname + new URL(link!).search);
  const managed = guest
    .getByRole('region', { name: 'Claim for a lost or damaged box' })
    .getByRole('region', { name: 'Claim for box 1: lost' });
  await expect(managed.getByTestId('claim-status')).toHaveText('Paid');
  await expect(managed.getByTestId('claim-payment')).toContainText(
    `Paid by bank transfer to your UK bank account on ${today}`,
  );
  await elsewhere.close();
});
