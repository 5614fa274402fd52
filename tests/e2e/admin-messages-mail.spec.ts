import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { signUp, uniqueEmail } from './support/account.js';
import { signInAsAdminAt } from './support/admin.js';
import { expectNoAxeViolations } from './support/axe.js';
import { bookedOrder } from './support/checkout.js';
import { expectNoHorizontalScroll } from './support/site.js';
import { startOrder } from './support/order.js';

// The first test in a worker signs in (a deliberately slow password check); one books an order.
test.describe.configure({ timeout: 180_000 });

const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;

async function checkPage(page: Page, what: string, shot: string, testInfo: TestInfo) {
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page, what);
  await page.screenshot({ path: testInfo.outputPath(shot), fullPage: true });
}

test('an operator reads a contact message and it becomes read', async ({ page }, testInfo) => {
  const name = `Grace${unique()}`;
  const order = await startOrder(page);
  const sent = await page.request.post('/api/v1/contact-messages', {
    data: {
      firstName: name,
      lastName: 'Hopper',
      email: 'grace@example.com',
      message: `Can you collect 4 boxes from Leeds on Friday?\nThey are heavy. My order is ${order.reference}.`,
    },
  });
  expect(sent.status()).toBe(201);

  await signInAsAdminAt(page, '/admin');
  await page.getByRole('link', { name: /unread contact messages?/ }).click();
  await expect(page).toHaveURL('/admin/messages?filter=unread');
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page).toHaveTitle('Messages | BoxAbroad');
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Messages' }),
  ).toHaveAttribute('aria-current', 'page');

  const item = page.getByRole('listitem').filter({
    has: page.getByRole('heading', { level: 2, name: `${name} Hopper` }),
  });
  await expect(item.getByText('Unread', { exact: true })).toBeVisible();
  await expect(item.getByText('They are heavy.')).toBeHidden();
  const reply = item.getByRole('link', { name: `Reply by email to ${name} Hopper` });
  await expect(reply).toHaveAttribute('href', /^mailto:grace@example\.com\?subject=Re%3A/);
  // The order it names is a link to that order's page.
  await expect(item.getByRole('link', { name: `order ${order.reference}` })).toHaveAttribute(
    'href',
    `/admin/orders/${order.id}`,
  );
  await checkPage(page, 'on /admin/messages', 'admin-messages.png', testInfo);

  await item.getByRole('button', { name: `Read message from ${name} Hopper` }).click();
  await expect(item.getByText('They are heavy.')).toBeVisible();
  await expect(item.getByText('Read', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: /^Mark as unread/ })).toBeVisible();
  await checkPage(page, 'on /admin/messages, a message open', 'admin-message-open.png', testInfo);

  // The server kept it: it is under Read now, not Unread.
  await page
    .getByRole('navigation', { name: 'Show messages' })
    .getByRole('link', { name: 'Read', exact: true })
    .click();
  await expect(page).toHaveURL('/admin/messages?filter=read');
  await expect(page.getByRole('heading', { level: 2, name: `${name} Hopper` })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Show messages' })
    .getByRole('link', { name: /^Unread/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${name} Hopper` })).toHaveCount(0);
});

test('an operator retries an email that failed', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // The local mailbox refuses the reserved .invalid domain: the sign-up link emailed to the
  // new address fails for good.
  const email = `nobody.${unique()}@mailbox.invalid`;
  const visitor = await playwright.request.newContext({ baseURL });
  const signUp = await visitor.post('/api/v1/account', {
    data: { name: 'Nobody', email, password: 'correct horse battery' },
    headers: { origin: baseURL ?? '' },
  });
  expect(signUp.status()).toBe(202); // sign-up by emailed link (docs/accounts.md)
  await visitor.dispose();

  await signInAsAdminAt(page, '/admin/mail');
  await expect(page.getByRole('heading', { level: 1, name: 'Mail' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Show emails' })
    .getByRole('link', { name: /^Failed/ })
    .click();
  await expect(page).toHaveURL('/admin/mail?filter=failed');
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Failed', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('550');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');
  await checkPage(page, 'on /admin/mail', 'admin-mail.png', testInfo);

  await row.getByRole('button', { name: /^Retry/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry this email?' });
  await expect(dialog).toContainText(email);
  await expectNoAxeViolations(page, 'with the retry dialog open');
  await dialog.getByRole('button', { name: 'Yes, retry it' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`to ${email} is queued to be sent again.`)).toBeVisible();

  // It was tried once more (and, the domain being refused, failed again).
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('cell').nth(3)).toHaveText('2', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(row).toContainText('Failed');
});

test('an operator adds a note to a booked order and resends its confirmation', async ({
  page,
  browser,
}, testInfo) => {
  test.slow();
  const order = await bookedOrder(page);
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const admin = await context.newPage();
  await signInAsAdminAt(admin, `/admin/orders?q=${order.reference}`);
  await admin.getByRole('link', { name: order.reference }).click();
  await expect(
    admin.getByRole('heading', { level: 1, name: `Order ${order.reference}` }),
  ).toBeVisible();

  // Its labels, listed as the customer's pages list them, download from the console's API.
  const documents = admin.getByRole('region', { name: 'Labels and documents' });
  const label = documents.getByRole('link', { name: /^Download Label/ }).first();
  await expect(label).toHaveAttribute(
    'href',
    /^\/api\/v1\/admin\/orders\/[0-9a-f-]{36}\/documents\//,
  );
  const pdf = await admin.request.get((await label.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // An empty note is refused with a message; a real one is listed with who and when.
  const notes = admin.getByRole('region', { name: 'Internal notes' });
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByText('Write the note (1 to 2,000 characters)')).toBeVisible();
  await expect(notes.getByRole('textbox', { name: 'Add a note' })).toBeFocused();
  await notes.getByRole('textbox', { name: 'Add a note' }).fill('Customer phoned: side door.');
  await notes.getByRole('button', { name: 'Add note' }).click();
  const list = notes.getByRole('list', { name: 'Notes, newest first' });
  await expect(list).toContainText('Customer phoned: side door.');
  await expect(list).toContainText(process.env.E2E_ADMIN_EMAIL ?? '');
  await expect(notes.getByRole('textbox', { name: 'Add a note' })).toHaveValue('');
  await expect(
    admin.getByRole('list').filter({ hasText: 'Order made (first quote)' }),
  ).toContainText('order.note');

  await admin.getByRole('button', { name: 'Resend confirmation email' }).click();
  const dialog = admin.getByRole('dialog', {
    name: `Resend the confirmation for ${order.reference}?`,
  });
  await expect(dialog).toContainText('ada@example.com');
  await expectNoAxeViolations(admin, 'with the resend dialog open');
  await dialog.getByRole('button', { name: 'Yes, send it again' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    admin.getByText('The confirmation email is queued to ada@example.com.'),
  ).toBeVisible();
  await expect(
    admin.getByRole('list').filter({ hasText: 'Order made (first quote)' }),
  ).toContainText('order.resend_confirmation');
  await checkPage(admin, 'on the order page', 'admin-order-extras.png', testInfo);

  // Two confirmations for the order are now in the mailbox: the first and the copy.
  const subject = `Your booking was successful: ${order.reference}`;
  await admin.goto('/dev/mail');
  await expect(async () => {
    await admin.reload();
    await expect(admin.getByRole('link', { name: subject, exact: true })).toHaveCount(2, {
      timeout: 1_000,
    });
  }).toPass({ timeout: 20_000 });
  await context.close();
});

test('a customer who opens the new console pages is told they are for staff', async ({ page }) => {
  await signUp(page, 'Carol Customer', uniqueEmail('carol'));
  for (const path of ['/admin/messages', '/admin/mail']) {
    await page.goto(path);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page is for BoxAbroad staff' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Messages|Mail/ })).toHaveCount(0);
  }
  expect((await page.request.get('/api/v1/admin/messages')).status()).toBe(403);
  expect((await page.request.get('/api/v1/admin/mail')).status()).toBe(403);
});
