import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { downloadAttachment, openMail } from './support/mailbox.js';
import { expectNoHorizontalScroll } from './support/site.js';

/**
 * The email pipeline in the production build on sandboxes: the app enqueues a booking
 * confirmation with a PDF label, its `send-mail` job delivers it to the local mailbox, and /dev/mail
 * shows it as the customer would see it, with the label downloadable.
 */
test('a booking confirmation reaches the local mailbox with its label attached @layout', async ({
  page,
}) => {
  await page.goto('/dev/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Local mailbox' })).toBeVisible();

  await page.getByRole('button', { name: 'Send a sample booking confirmation' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(/Sample BA-SAMPLE-[0-9A-F]{6} is in the outbox/);
  const reference = /BA-SAMPLE-[0-9A-F]{6}/.exec((await status.textContent()) ?? '')![0];
  const subject = `Your booking was successful: ${reference}`;

  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'mailbox list');

  // The worker delivers it in the background; openMail reloads until it is in the mailbox.
  const { email } = await openMail(page, subject);
  await expect(page.getByText('jane.smith@example.com', { exact: true })).toBeVisible();
  await expect(email.getByRole('heading', { name: 'Your booking was successful' })).toBeVisible();
  await expect(email.getByText(/^Our courier will collect/)).toContainText(
    /1 large parcel on \w+ \d+ \w+ \d{4}, between 9:00am and 5:30pm\./,
  );
  await expect(email.getByRole('link', { name: 'Track your parcels' })).toBeVisible();
  await expect(email.getByRole('link', { name: 'Labels for A4 paper' })).toBeVisible();

  const pdf = await downloadAttachment(page, 'labels-a4.pdf');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'message (with the email in its frame)');

  // The email alone, as its own page.
  const frameUrl = await page.locator('iframe').getAttribute('src');
  await page.goto(frameUrl!);
  await expect(page.getByRole('heading', { name: 'Your booking was successful' })).toBeVisible();
  await expectNoHorizontalScroll(page); // the email fits a phone screen
  await expectNoAxeViolations(page, 'email HTML');
});
