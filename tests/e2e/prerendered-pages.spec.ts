import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { GOODS_LIST } from '../../src/domain/goods-list.js';
import { PRERENDERED_PATHS } from '../../src/domain/site-routes.js';
import { prerenderedFile } from '../../src/server/spa/prerendered.js';

// The public pages' HTML is rendered at build time and hydrated in the browser (docs/decisions/100).

/** Each public page's main content: its h1 and sentences only that page has. */
const CONTENT: Record<string, { h1: string; text: string[] }> = {
  '/': {
    h1: 'Send your boxes abroad from the UK',
    text: [
      'An instant price for 1 to 5 boxes to 12 countries.',
      'From quote to doorstep in four steps.',
      // The Prohibited Items section's lists, every category of the goods table.
      ...GOODS_LIST.map((category) => category.name),
    ],
  },
  '/how-it-works': {
    h1: 'How It Works',
    text: ['Do not use suitcases, backpacks or duffel bags: we carry boxes only.'],
  },
  '/faq': {
    h1: 'Frequently asked questions',
    text: ['How many boxes can I send?', 'Sending more? Make a second booking'],
  },
  '/prohibited-items': {
    h1: 'Prohibited Items',
    text: ['Banknotes, coins in circulation, cheques, gift cards and other money.'],
  },
  '/terms': {
    h1: 'Terms & Conditions',
    text: ['within 14 days of receipt of the returned goods'],
  },
  '/contact': {
    h1: 'Contact us',
    text: ['Include your order reference so we can find it quickly.'],
  },
  '/privacy': {
    h1: 'Privacy and cookies',
    text: ['Your card details go straight to our card processor'],
  },
};

/** The text of some HTML as a reader sees it: no tags, no React's text separators, entities read. */
function textOf(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, entity: string) => {
      const characters: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"' };
      return characters[entity] ?? "'";
    })
    .replace(/\s+/g, ' ');
}

/** What the #root of a page's HTML holds. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</div>', html.indexOf('</body>'));
  expect(start, 'the page has #root').toBeGreaterThan(-1);
  return html.slice(start + '<div id="root">'.length, end);
}

/** Holds the page's script back until the returned function lets it go (a page still hydrating). */
async function holdTheScript(page: Page): Promise<() => void> {
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route('**/assets/index-*.js', async (route) => {
    await held;
    await route.continue();
  });
  return letGo;
}

test('the build writes each public page with its content, and the server sends it', async ({
  request,
}) => {
  expect(Object.keys(CONTENT).sort()).toEqual([...PRERENDERED_PATHS].sort());
  for (const path of PRERENDERED_PATHS) {
    const file = readFileSync(`dist/web/${prerenderedFile(path)}`, 'utf8');
    // Its styles are in its head: the first paint waits for no other file.
    expect(file, path).toMatch(/<style>[^<]*\.hero[^<]*<\/style>/);
    expect(file, path).not.toContain('rel="stylesheet"');
    const built = rootOf(file);
    const { h1, text } = CONTENT[path]!;
    expect(textOf(built.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? '').trim(), path).toBe(h1);
    for (const sentence of text) expect(textOf(built), path).toContain(sentence);
    const served = await request.get(path);
    expect(served.status(), path).toBe(200);
    expect(rootOf(await served.text()), path).toBe(built);
  }
  // Any other page is the empty shell.
  expect(rootOf(await (await request.get('/quote')).text())).toBe('');
});

test('each public page hydrates without an error or a warning', async ({ page }) => {
  const problems: string[] = [];
  const report = (message: ConsoleMessage) => {
    if (['error', 'warning'].includes(message.type())) problems.push(message.text());
  };
  page.on('console', report);
  page.on('pageerror', (error) => problems.push(error.message));
  for (const path of PRERENDERED_PATHS) {
    // The page asks who is signed in once it has hydrated (app/session.tsx): by then React has
    // reported any mismatch (in production as a minified error #418, #425…).
    const hydrated = page.waitForResponse('**/api/v1/session');
    await page.goto(path);
    await hydrated;
    await expect(page.getByRole('heading', { level: 1, name: CONTENT[path]!.h1 })).toBeVisible();
    expect(problems, path).toEqual([]);
  }
});

test('a reader who scrolls before the page hydrates stays where they are', async ({ page }) => {
  // A slow connection: the script arrives a second after the HTML.
  await page.route('**/assets/index-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  const hydrated = page.waitForResponse('**/api/v1/session');
  await page.goto('/terms', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await page.mouse.wheel(0, 1_500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1_000);
  await hydrated;
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1_000);
});

test('what is typed before the home page hydrates is kept, and a Get Quotes sent before it asks the same question', async ({
  page,
}) => {
  // The script is held back until the test lets it go.
  const release = await holdTheScript(page);
  await page.goto('/', { waitUntil: 'commit' });
  const form = page.getByRole('form', { name: 'Get an instant quote' });
  await form.getByLabel('Collection post code').fill('SW1A 1AA');
  await form.getByLabel('Destination country').selectOption({ label: 'Germany' });
  await form.getByLabel('Destination post code').fill('10115');
  // Sent by the browser itself: /quote?… with the same question (no boxes could be added yet).
  await form.getByLabel('Destination post code').press('Enter');
  await expect(page).toHaveURL(
    /\/quote\?collection=231&collectionPostcode=SW1A\+1AA&destination=80&destinationPostcode=10115&small=0&large=0/,
  );
  release();
  // The quote page asks it, and brings it back to the form with what is missing.
  await expect(page).toHaveURL('/');
  await expect(page.getByTestId('quote-form-error')).toHaveText('Please select amount of boxes');
  await expect(form.getByLabel('Collection post code')).toHaveValue('SW1A 1AA');
  await expect(form.getByLabel('Destination post code')).toHaveValue('10115');

  // Typed while the script is still on its way, then Get Quotes once the page has hydrated.
  await page.unrouteAll();
  const letGo = await holdTheScript(page);
  const hydrated = page.waitForResponse('**/api/v1/session');
  await page.goto('/', { waitUntil: 'commit' });
  await form.getByLabel('Collection post code').fill('EC1A 1BB');
  await form.getByLabel('Destination country').selectOption({ label: 'France' });
  await form.getByLabel('Destination post code').fill('75001');
  letGo();
  await hydrated;
  await form.getByRole('button', { name: 'Add a Small Box' }).click();
  await form.getByRole('button', { name: 'Get Quotes' }).click();
  await expect(page).toHaveURL(
    /collectionPostcode=EC1A\+1BB&destination=73&destinationPostcode=75001&small=1&large=0/,
  );
  await expect(page.getByRole('button', { name: /^Select Express/ })).toBeVisible();
});

test('a contact message typed before the page hydrates is the one sent', async ({ page }) => {
  const letGo = await holdTheScript(page);
  const hydrated = page.waitForResponse('**/api/v1/session');
  await page.goto('/contact', { waitUntil: 'commit' });
  await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
  await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
  await page.getByRole('textbox', { name: 'Message' }).fill('Typed before the script ran');
  letGo();
  await hydrated;
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/contact-messages'));
  await page.getByRole('button', { name: 'Send message' }).click();
  expect((await sent).postDataJSON()).toMatchObject({
    firstName: 'Ada',
    email: 'ada@example.com',
    message: 'Typed before the script ran',
  });
  await expect(page.getByText(/Thank you/)).toBeVisible();
});

test('the public pages read without JavaScript, on a phone too', async ({ browser }) => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    for (const path of PRERENDERED_PATHS) {
      const { h1, text } = CONTENT[path]!;
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      await expect(page.getByText(text[0]!, { exact: false }).first()).toBeVisible();
    }
    // What a script would open is open: the phone menu's links, the FAQ's answers.
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }),
    ).toBeVisible();
    await page.goto('/faq');
    await expect(page.getByText('Sending more? Make a second booking')).toBeVisible();
    await page.goto('/');
    await expect(page.locator('#prohibited').getByText('Weapons / Sharp Objects')).toBeVisible();
    await context.close();
  }
});
