import { expect, type FrameLocator, type Page } from '@playwright/test';

/**
 * The local mailbox at /dev/mail, as a test reads it. Each email's job delivers it in the background,
 * so openMail reloads the list until the message shows up.
 */
export async function openMail(
  page: Page,
  subject: string,
  options: { timeoutMs?: number } = {},
): Promise<{ email: FrameLocator }> {
  await page.goto('/dev/mail');
  const link = page.getByRole('link', { name: subject, exact: true });
  await expect(async () => {
    await page.reload();
    await expect(link.first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: options.timeoutMs ?? 15_000 });
  await link.first().click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  return { email: page.frameLocator('iframe[title="The email as it renders"]') };
}

/** Downloads an attachment of the open message by its file name; returns its bytes. */
export async function downloadAttachment(page: Page, filename: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: filename, exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(filename);
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
