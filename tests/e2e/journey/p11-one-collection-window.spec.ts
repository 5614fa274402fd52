import { expect, test } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { COLLECTION_HOURS, COLLECTION_READY_FROM } from '#src/domain/collection-calendar.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { bookedOrder } from '../support/checkout.js';
import { openMail } from '../support/mailbox.js';

// One collection window everywhere: our pages and emails promise a collection between 9:00am and
// 5:30pm, and the courier is told the boxes are ready from the opening of that window, so its
// label and its tracking page give the same time.

test.describe.configure({ timeout: 90_000 });

const WINDOW = `between ${COLLECTION_HOURS.from} and ${COLLECTION_HOURS.to}`;

test('the confirmation, the email, the label and the tracking page give the same collection window', async ({
  page,
}, testInfo) => {
  // The time the courier is told is the window's opening, written as the courier writes times.
  expect(COLLECTION_READY_FROM).toBe(
    COLLECTION_HOURS.from.replace(/am$/, '').replace(/^(\d):/, '0$1:'),
  );

  const order = await bookedOrder(page);
  const stored = (await (await page.request.get(`/api/v1/orders/${order.id}`)).json()) as {
    collectionDate: string;
  };
  const courierWindow = `Collection: ${stored.collectionDate} from ${COLLECTION_READY_FROM}`;

  // Our confirmation page.
  await expect(
    page.getByRole('region', { name: 'Your booking' }).getByText(new RegExp(`, ${WINDOW}$`)),
  ).toBeVisible();

  await expectNoAxeViolations(page, 'on the confirmation');

  // The courier's tracking page.
  const tracking = await page
    .getByRole('link', { name: /the courier’s tracking page/ })
    .getAttribute('href');
  expect(tracking).toMatch(/^http/);
  const trackingText = (await (await page.request.get(tracking!)).text())
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  expect(trackingText).toContain(
    `Collection ${stored.collectionDate} from ${COLLECTION_READY_FROM}`,
  );
  // No other time of day is given for the collection.
  expect(trackingText.match(/from \d{2}:\d{2}/g)).toEqual([`from ${COLLECTION_READY_FROM}`]);

  // The courier's label, as the customer downloads it.
  const downloading = page.waitForEvent('download');
  await page
    .getByRole('link', { name: /Download Label/ })
    .first()
    .click();
  const download = await downloading;
  const label = testInfo.outputPath('label.pdf');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  writeFileSync(label, Buffer.concat(chunks));
  const labelText = execFileSync('pdftotext', ['-layout', label, '-']).toString();
  expect(labelText.replace(/\s+/g, ' ')).toContain(courierWindow);

  // The confirmation email.
  const { email } = await openMail(page, `Your booking was successful: ${order.reference}`);
  await expect(
    email.getByRole('table', { name: 'Your booking' }).getByRole('row', { name: /^Collection/ }),
  ).toContainText(WINDOW);
  await expect(email.getByText(/^Our courier will collect/)).toContainText(WINDOW);
  await expectNoAxeViolations(page, 'the email in the mailbox');
});
