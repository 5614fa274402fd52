import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CONTACT_MESSAGES } from '../../src/domain/contact.js';
import { expectNoAxeViolations } from './support/axe.js';
import { openMail } from './support/mailbox.js';
import { expectNoHorizontalScroll } from './support/site.js';

test('the contact form shows its errors beside the fields and in a summary @layout', async ({
  page,
}) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();

  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('heading', { name: 'There is a problem' })).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText([
    CONTACT_MESSAGES.firstNameRequired,
    CONTACT_MESSAGES.emailRequired,
    CONTACT_MESSAGES.messageRequired,
  ]);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(
    `Error: ${CONTACT_MESSAGES.firstNameRequired}`,
  );
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, 'with the form showing its errors');

  // A summary link takes the visitor to its field.
  await summary.getByRole('link', { name: CONTACT_MESSAGES.messageRequired }).click();
  await expect(page).toHaveURL(/#contact-message$/);

  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada.example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill('call me');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(summary.getByRole('link')).toHaveText([
    CONTACT_MESSAGES.emailInvalid,
    CONTACT_MESSAGES.phoneInvalid,
  ]);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
    `Error: ${CONTACT_MESSAGES.emailInvalid}`,
  );
});

test('sending a message shows progress, then "Thank you!" in place of the button', async ({
  page,
}) => {
  // Hold the request until the progress state has been seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: unknown[] = [];
  await page.route('**/api/v1/contact-messages', async (route) => {
    sent.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });

  await page.goto('/contact');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Last name (optional)' }).fill('Lovelace');
  await page.getByRole('textbox', { name: 'Company (optional)' }).fill('<b>Engines</b> & Co');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.co.uk');
  await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill('07700 900982');
  await page.getByRole('textbox', { name: 'Message' }).fill('Can you collect 3 boxes?');
  await page.getByRole('switch', { name: /news and offers/ }).check();
  const button = page.getByRole('button', { name: /Send/ });
  await button.click();

  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toContainText('Sending…');
  release();

  await expect(page.getByText('Thank you!')).toBeVisible();
  await expect(page.getByText(/^Thank you! We have received your message/)).toBeFocused();
  await expect(page.getByRole('button', { name: /Send/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeDisabled();
  expect(sent).toEqual([
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: '<b>Engines</b> & Co',
      email: 'ada@example.co.uk',
      phone: '07700 900982',
      message: 'Can you collect 3 boxes?',
      newsOptIn: true,
    },
  ]);
  await expectNoAxeViolations(page, 'after sending');
});

test('a message the server refuses shows the server’s reason', async ({ page }) => {
  await page.route('**/api/v1/contact-messages', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'INTERNAL', message: 'Something went wrong on our side.' },
      }),
    }),
  );
  await page.goto('/contact');
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('alert')).toContainText('Something went wrong on our side.');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
});

test('the form’s checks load once it is used, and Send says so when they cannot', async ({
  page,
}) => {
  // The checks' chunk, named by its hash: the build manifest says which file holds them.
  const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const chunk = `/${manifest['features/contact/send-contact-message.ts']!.file}`;
  const checks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === chunk) checks.push(request.url());
  });
  // Offline by the time the visitor presses Send: the checks (and the API client) never arrive.
  await page.route(`**${chunk}`, (route) => route.abort());
  const hydrated = page.waitForResponse('**/api/v1/session');
  await page.goto('/contact');
  await hydrated;
  expect(checks, 'nothing of the form’s checks before it is used').toEqual([]);

  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await expect.poll(() => checks.length, 'asked for as the form is used').toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Send message' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Your message could not be sent.');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');
});

test('a sent message reaches the sales mailbox, with the visitor to reply to', async ({
  page,
}, testInfo) => {
  // A name only this run uses, so the mailbox entry is this test's.
  const name = `Grace ${testInfo.project.name} ${Date.now()}`;
  await page.goto('/contact');
  await page.getByRole('textbox', { name: 'First name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.com');
  await page.getByRole('textbox', { name: 'Phone number (optional)' }).fill('020 7946 0018');
  await page.getByRole('textbox', { name: 'Message' }).fill('Do you collect on Saturdays?');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Thank you!')).toBeVisible();

  const { email } = await openMail(page, `Contact form: ${name}`);
  const headers = page.getByRole('main', { name: 'Development mailbox' });
  await expect(
    headers.getByRole('definition').filter({ hasText: 'sales@boxabroad.localhost' }),
  ).toBeVisible();
  await expect(
    headers.getByRole('definition').filter({ hasText: /^grace@example\.com$/ }),
  ).toBeVisible();
  const body = email.getByRole('main');
  await expect(body).toContainText('Do you collect on Saturdays?');
  await expect(body).toContainText('020 7946 0018');
});
