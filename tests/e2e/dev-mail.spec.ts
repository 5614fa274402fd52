import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoHorizontalScroll } from './support/site.js';

/**
 * The email pipeline in the production build on sandboxes: the app enqueues a booking
 * confirmation with a PDF label, the mail worker delivers it to the local mailbox, and /dev/mail
 * shows it as the customer would see it, with the label downloadable.
 */
test('a booking confirmation reaches the local mailbox with its label attached', async ({
  page,
}) => {
  await page.goto('/dev/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Local mailbox' })).toBeVisible();

  await page.getByRole('button', { name: 'Send a sample booking confirmation' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(/Sample BA-SAMPLE-[0-9A-F]{6} is in the outbox/);
  const reference = /BA-SAMPLE-[0-9A-F]{6}/.exec((await status.textContent()) ?? '')![0];
  const subject = `Your booking was successful: ${reference}`;

  // The worker delivers it in the background; reload until it is in the mailbox.
  const message = page.getByRole('link', { name: subject, exact: true });
  await expect(async () => {
    await page.reload();
    await expect(message).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'mailbox list');

  await message.click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByText('jane.smith@example.com', { exact: true })).toBeVisible();

  const email = page.frameLocator('iframe[title="The email as it renders"]');
  await expect(email.getByRole('heading', { name: 'Your booking was successful' })).toBeVisible();
  await expect(email.getByText(/^Our courier will collect/)).toContainText(
    /1 large parcel on \w+ \d+ \w+ \d{4}, between 9:00am and 5:30pm\./,
  );
  await expect(email.getByRole('link', { name: 'Track your parcels' })).toBeVisible();
  await expect(email.getByRole('link', { name: 'Label for Large parcel 1' })).toBeVisible();

  const filename = `${reference}-label-1.pdf`;
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: filename }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(filename);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'message (with the email in its frame)');

  // The email alone, as its own page.
  const frameUrl = await page.locator('iframe').getAttribute('src');
  await page.goto(frameUrl!);
  await expect(page.getByRole('heading', { name: 'Your booking was successful' })).toBeVisible();
  await expectNoHorizontalScroll(page); // the email fits a phone screen
  await expectNoAxeViolations(page, 'email HTML');
});
