import { expect, test, type Page } from '@playwright/test';
import { COLLECTION_HOURS } from '#src/domain/collection-calendar.js';
import { formatPence } from '#src/domain/money.js';
import { COMPANY } from '#src/domain/company.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { bookedOrder } from '../support/checkout.js';
import { downloadAttachment, openMail } from '../support/mailbox.js';
import { expectNoHorizontalScroll } from '../support/site.js';

// The order confirmation page and the booking confirmation email say when the boxes are
// collected (date and window), the service chosen and the amount paid, and carry a receipt with
// our company details; the email's attachments are named for what they are, and the commercial
// invoice is among them.

test.describe.configure({ timeout: 90_000 });

const WINDOW = `between ${COLLECTION_HOURS.from} and ${COLLECTION_HOURS.to}`;
const DATE = String.raw`(Monday|Tuesday|Wednesday|Thursday|Friday) \d{1,2} \w+ \d{4}`;

/** The order's price as the server holds it, formatted as the customer sees it. */
async function pricePaid(page: Page, orderId: string): Promise<string> {
  const response = await page.request.get(`/api/v1/orders/${orderId}`);
  expect(response.status()).toBe(200);
  const { pricePence } = (await response.json()) as { pricePence: number };
  return formatPence(pricePence);
}

test('the confirmation page shows the collection, the service, the amount paid and a receipt', async ({
  page,
}, testInfo) => {
  const order = await bookedOrder(page);
  await page.screenshot({ path: testInfo.outputPath('confirmation.png'), fullPage: true });
  const amount = await pricePaid(page, order.id);

  const facts = page.getByRole('region', { name: 'Your booking' });
  await expect(facts.getByText(new RegExp(`^${DATE}, ${WINDOW}$`))).toBeVisible();
  await expect(facts.getByTestId('service')).toHaveText('Express');
  await expect(facts.getByTestId('amount-paid')).toHaveText(amount);

  const receipt = page.getByRole('region', { name: 'Receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt).toContainText(`Amount paid${amount}`);
  await expect(receipt).toContainText(
    'ForExpress collection of 1 small box from the United Kingdom to France',
  );
  await expect(receipt).toContainText(new RegExp(`Paid on\\d{1,2} \\w+ \\d{4}, \\d{2}:\\d{2}`));
  await expect(receipt).toContainText(`Order reference${order.reference}`);
  await expect(receipt).toContainText(COMPANY.legalName);
  await expect(receipt).toContainText(`company number ${COMPANY.companyNumber}`);
  await expect(receipt).toContainText(COMPANY.registeredOffice);

  await expectNoAxeViolations(page, 'on the confirmation with its receipt');
  await expectNoHorizontalScroll(page);
});

test('the booking confirmation email carries the same facts, a receipt and attachments named for what they are', async ({
  page,
}, testInfo) => {
  const order = await bookedOrder(page);
  const amount = await pricePaid(page, order.id);

  const { email } = await openMail(page, `Your booking was successful: ${order.reference}`);
  await page.screenshot({ path: testInfo.outputPath('email.png'), fullPage: true });

  await expect(email.getByText(/^Our courier will collect/)).toContainText(
    new RegExp(`1 small parcel on ${DATE}, ${WINDOW}\\.`),
  );
  const booking = email.getByRole('table', { name: 'Your booking' });
  await expect(booking.getByRole('row', { name: /^Collection/ })).toContainText(
    new RegExp(`${DATE}, ${WINDOW}`),
  );
  await expect(booking.getByRole('row', { name: /^Service/ })).toContainText('Express');
  await expect(booking.getByRole('row', { name: /^Amount paid/ })).toContainText(amount);
  await expect(email.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  const receipt = email.getByRole('table', { name: 'Receipt' });
  await expect(receipt.getByRole('row', { name: /^Amount paid/ })).toContainText(amount);
  await expect(receipt.getByRole('row', { name: /^For/ })).toContainText(
    'Express collection of 1 small box from the United Kingdom to France',
  );
  await expect(receipt.getByRole('row', { name: /^Paid on/ })).toContainText(
    /\d{1,2} \w+ \d{4}, \d{2}:\d{2}/,
  );
  await expect(receipt.getByRole('row', { name: /^Order reference/ })).toContainText(
    order.reference,
  );
  await expect(receipt).toContainText(COMPANY.legalName);
  await expect(receipt).toContainText(`company number ${COMPANY.companyNumber}`);

  // The two label files are the same labels for two printers; the invoice is attached too.
  await expect(page.getByRole('link', { name: /label-\d\.pdf$/ })).toHaveCount(0);
  for (const filename of ['labels-a4.pdf', 'labels-thermal.pdf', 'commercial-invoice.pdf']) {
    const pdf = await downloadAttachment(page, filename);
    expect(pdf.subarray(0, 5).toString(), filename).toBe('%PDF-');
  }
  await expect(email.getByRole('link', { name: 'Labels for A4 paper' })).toBeVisible();
  await expect(
    email.getByRole('link', { name: /^Labels for a thermal label printer/ }),
  ).toBeVisible();
  await expect(email.getByRole('link', { name: 'Commercial invoice' })).toBeVisible();

  await expectNoAxeViolations(page, 'the email in the mailbox');
  await expectNoHorizontalScroll(page);
});
