import { expect, test, type Page } from '@playwright/test';
import { COLLECTION_REGIONS, DESTINATIONS } from '../../src/domain/countries.js';
import { GOODS_CATEGORIES } from '../../src/domain/prohibited-items.js';
import { pageMeta, SITEMAP_PATHS } from '../../src/domain/site-meta.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoHorizontalScroll, openMainNav } from './support/site.js';

const STEPS = ['Book your item(s)', 'Pack your item(s)', 'We Collect', 'Track your item(s)'];

async function expectProhibitedItems(page: Page, scope = page.getByRole('main')) {
  const list = scope.getByRole('list').filter({ hasText: 'Weapons / Sharp Objects' });
  const refused = GOODS_CATEGORIES.filter((c) => c.rule.kind === 'refused');
  await expect(list.getByRole('listitem')).toHaveCount(refused.length);
  for (const [i, category] of refused.entries()) {
    await expect(list.getByRole('listitem').nth(i)).toContainText(category.name);
  }
}

test.describe('home page', () => {
  test('shows the hero, the quote form and every section of the product rules @layout', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Send your boxes abroad from the UK' }),
    ).toBeVisible();

    const form = page.getByRole('form', { name: 'Get an instant quote' });
    const collection = form.getByLabel('Collection country');
    await expect(collection.getByRole('option')).toHaveText(COLLECTION_REGIONS.map((c) => c.title));
    await expect(collection).toHaveValue(String(COLLECTION_REGIONS[0]!.countryId));
    const destination = form.getByLabel('Destination country');
    await expect(destination.getByRole('option')).toHaveText(DESTINATIONS.map((c) => c.title));
    await expect(destination).toHaveValue(String(DESTINATIONS[0]!.countryId));
    for (const label of ['Collection post code', 'Destination post code']) {
      await expect(form.getByLabel(label)).toHaveAttribute('placeholder', 'Enter your postcode');
    }
    const small = form.getByRole('group', { name: 'Small Box' });
    await expect(small).toContainText('Up to 20 kg · 46 × 46 × 46 cm');
    const large = form.getByRole('group', { name: 'Large box' });
    await expect(large).toContainText('Up to 30 kg · 60 cm high × 50 × 50 cm');
    await expect(form.getByRole('button', { name: 'Get Quotes' })).toBeVisible();

    // The chosen country's flag is the site's own image.
    await destination.selectOption({ label: 'Canada' });
    await expect(form.locator('img[src="/flags/ca.svg"]')).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'How it Works' })).toBeVisible();
    for (const [index, step] of STEPS.entries()) {
      await expect(main.getByRole('heading', { name: `Step ${index + 1}: ${step}` })).toBeVisible();
    }
    await expect(main.locator('img[src^="/illustrations/step-"]')).toHaveCount(4);
    await expect(main.getByRole('heading', { name: 'Next-day collection' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'What We Deliver' })).toBeVisible();

    const sizes = main.getByRole('list').filter({ hasText: 'Mix the two sizes' });
    await expect(sizes.getByRole('listitem').nth(0)).toContainText('Small Box');
    await expect(sizes.getByRole('listitem').nth(0)).toContainText('up to 20 kg');
    await expect(sizes.getByRole('listitem').nth(0)).toContainText('46 × 46 × 46 cm');
    await expect(sizes.getByRole('listitem').nth(1)).toContainText('Large box');
    await expect(sizes.getByRole('listitem').nth(1)).toContainText('up to 30 kg');
    await expect(sizes.getByRole('listitem').nth(1)).toContainText('60 cm high × 50 × 50 cm');
    await expect(sizes.locator('img[src^="/illustrations/box-"]')).toHaveCount(2);

    const prohibited = page.locator('#prohibited');
    await prohibited.scrollIntoViewIfNeeded();
    await expect(prohibited.getByRole('heading', { name: 'Prohibited Items' })).toBeVisible();
    await expectProhibitedItems(page, prohibited);

    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  });

  test('box counters count by one, up to 5 boxes in total and never below 0', async ({ page }) => {
    await page.goto('/');
    const small = page.getByRole('group', { name: 'Small Box' });
    const large = page.getByRole('group', { name: 'Large box' });
    const addSmall = small.getByRole('button', { name: 'Add a Small Box' });
    const removeSmall = small.getByRole('button', { name: 'Remove a Small Box' });
    const addLarge = large.getByRole('button', { name: 'Add a Large box' });
    const smallCount = small.getByRole('status');
    const largeCount = large.getByRole('status');

    await expect(smallCount).toHaveText('0');
    await expect(removeSmall).toBeDisabled();
    await addSmall.click();
    await addSmall.click();
    await expect(smallCount).toHaveText('2');
    await removeSmall.click();
    await expect(smallCount).toHaveText('1');
    for (let i = 0; i < 4; i += 1) await addLarge.click();
    await expect(largeCount).toHaveText('4');
    await expect(addLarge).toBeDisabled();
    await expect(addSmall).toBeDisabled();
    await large.getByRole('button', { name: 'Remove a Large box' }).click();
    await expect(addSmall).toBeEnabled();
    await expect(largeCount).toHaveText('3');
  });

  test('the #prohibited anchor lands on the Prohibited Items section', async ({ page }) => {
    await page.goto('/#prohibited');
    await expect(
      page.getByRole('heading', { name: 'Prohibited Items', level: 2 }),
    ).toBeInViewport();
    await page.goto('/faq');
    await page.goto('/');
    await expect(page.locator('#prohibited')).not.toBeInViewport();
  });
});

test('How It Works explains the steps, packing, collection day, labels and tracking', async ({
  page,
}) => {
  await page.goto('/how-it-works');
  await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
  for (const [index, step] of STEPS.entries()) {
    await expect(
      page.getByRole('heading', { level: 2, name: `${index + 1}. ${step}` }),
    ).toBeVisible();
  }
  const main = page.getByRole('main');
  await expect(main.locator('img[src^="/illustrations/step-"]')).toHaveCount(4);
  await expect(main).toContainText('between 9:00am and 5:30pm');
  await expect(main).toContainText('Do not use suitcases, backpacks or duffel bags');
  await expect(main).toContainText('one label per box');
  await expect(main).toContainText('The tracking link');
  await expect(main.getByRole('link', { name: 'how and when to claim' })).toHaveAttribute(
    'href',
    '/terms#terms-cover',
  );
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test.describe('FAQ', () => {
  const QUESTIONS = [
    'How many boxes can I send?',
    'When will my boxes be collected?',
    'What can’t I send?',
    'Can I cancel or change my booking?',
    'What if a box is lost or damaged?',
    'How can I contact customer service?',
  ];

  test('six questions; only one answer is open at a time', async ({ page }) => {
    await page.goto('/faq');
    const questions = page.getByRole('main').getByRole('button');
    await expect(questions).toHaveText(QUESTIONS);
    for (const q of QUESTIONS) {
      await expect(page.getByRole('button', { name: q })).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(page.getByRole('region')).toHaveCount(0);

    await page.getByRole('button', { name: QUESTIONS[0] }).click();
    const first = page.getByRole('region', { name: QUESTIONS[0] });
    await expect(first).toBeVisible();
    await expect(first).toContainText('up to 5 boxes');

    await page.getByRole('button', { name: QUESTIONS[3] }).click();
    await expect(page.getByRole('region', { name: QUESTIONS[3] })).toContainText(
      'until the courier collects your boxes',
    );
    await page.getByRole('button', { name: QUESTIONS[4] }).click();
    const claims = page.getByRole('region', { name: QUESTIONS[4] });
    await expect(claims).toContainText('within 14 days of delivery');
    await expect(claims.getByRole('link', { name: 'Terms, “Cover and claims”' })).toHaveAttribute(
      'href',
      '/terms#terms-cover',
    );
    await page.getByRole('button', { name: QUESTIONS[5] }).click();
    const last = page.getByRole('region', { name: QUESTIONS[5] });
    await expect(last).toContainText('Customer service runs 9am to 5:30pm Monday to Friday');
    await expect(first).toBeHidden();
    await expect(page.getByRole('button', { name: QUESTIONS[0] })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expectNoAxeViolations(page, 'with an answer open');

    await page.getByRole('button', { name: QUESTIONS[5] }).click();
    await expect(last).toBeHidden();
  });

  test('opens and closes by keyboard', async ({ page }) => {
    await page.goto('/faq');
    const first = page.getByRole('button', { name: QUESTIONS[0] });
    const second = page.getByRole('button', { name: QUESTIONS[1] });
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    await expect(second).toBeFocused();
    await page.keyboard.press('Space');
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('region', { name: QUESTIONS[1] })).toContainText(
      'between 9:00am and 5:30pm',
    );
    await page.keyboard.press('End');
    await expect(page.getByRole('button', { name: QUESTIONS.at(-1) })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: QUESTIONS[1] })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
  });
});

test('Prohibited Items lists the items and every limit', async ({ page }) => {
  await page.goto('/prohibited-items');
  await expect(page.getByRole('heading', { level: 1, name: 'Prohibited Items' })).toBeVisible();
  await expectProhibitedItems(page);
  const limits = page.getByRole('region', { name: 'Only within a limit, or only to the EU' });
  await expect(limits).toContainText('Electronic devices: At most 2 per box.');
  await expect(limits).toContainText('may be worth up to £5,000 in total');
  await expect(limits).toContainText('Art and antiques: Up to £5,000 each.');
  await expect(limits).toContainText('Collectibles: Up to £1,800 each.');
  await expect(limits).toContainText('Jewellery and watches: Up to £4,000 in total per shipment.');
  await expect(limits).toContainText('Plants and seeds: Only to EU destinations.');
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test('Terms & Conditions carry every term of the product rules', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  const main = page.getByRole('main');
  // Updated when they came to describe the cover and how to claim (docs/claims.md).
  await expect(main).toContainText('Last updated November 29, 2026');
  await expect(main).toContainText('within 14 days of receipt of the returned goods');
  await expect(main).toContainText('30 days’ notice of any material change');
  await expect(main).toContainText('You must be over 18 years of age');
  // The cap of the original terms, now only for what the cover does not pay for.
  await expect(main).toContainText('the amount you paid for the shipment or 100 USD');
  await expect(main).toContainText('For goods the cover pays for, what we pay');
  // Cover and claims: the included £50, the exclusions, the time limits, how claims are paid.
  const cover = main.locator('#terms-cover');
  await expect(cover).toContainText('Every shipment includes £50 of cover');
  await expect(cover).toContainText('at most £2,000 a shipment');
  await expect(cover).toContainText('pays nothing, not even the included £50, for: glass;');
  await expect(cover).toContainText(
    'For jewellery and watches; art and antiques; collectibles; electronic devices (covered as new goods only), it pays no more than the included £50',
  );
  await expect(cover).toContainText('no movement for 10 working days after its expected delivery');
  await expect(cover).toContainText('within 14 days of its delivery');
  await expect(cover).toContainText('by bank transfer to a UK bank account you give us');
  // How to claim: online, from the order's page (the account's, or Manage my booking's).
  await expect(cover).toContainText('Claim online from your order’s page');
  await expect(cover).toContainText('“Claim for a lost or damaged box”');
  await expect(cover.getByRole('link', { name: 'your account' })).toHaveAttribute(
    'href',
    '/account',
  );
  await expect(cover.getByRole('link', { name: 'Manage my booking' })).toHaveAttribute(
    'href',
    '/manage-booking',
  );
  // The contents list jumps to its section.
  await main.getByRole('link', { name: 'Cover and claims' }).click();
  await expect(main.getByRole('heading', { name: '9. Cover and claims' })).toBeInViewport();
  await main.getByRole('link', { name: 'Our liability' }).click();
  await expect(main.getByRole('heading', { name: '10. Our liability' })).toBeInViewport();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
});

test.describe('search engines and sharing', () => {
  test('each page has its own title and description, also after navigating', async ({ page }) => {
    for (const path of SITEMAP_PATHS) {
      await page.goto(path);
      const meta = pageMeta(path);
      await expect(page).toHaveTitle(meta.title);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        'content',
        meta.description,
      );
    }
    await page.goto('/');
    const nav = await openMainNav(page);
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveTitle(pageMeta('/faq').title);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      pageMeta('/faq').description,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/faq$/);
  });

  test('robots.txt, sitemap.xml, favicon and social preview image are served', async ({
    request,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: http.+\/sitemap\.xml$/m);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toContain('/prohibited-items</loc>');
    const icon = await request.get('/favicon.svg');
    expect(icon.headers()['content-type']).toContain('image/svg+xml');
    const preview = await request.get('/social-preview.png');
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toBe('image/png');
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/social-preview\.png"/);
  });
});

test('after moving to another page, focus starts at its content @layout', async ({ page }) => {
  await page.goto('/');
  const nav = await openMainNav(page);
  await nav.getByRole('link', { name: 'Prohibited Items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Prohibited Items' })).toBeVisible();
  await expect(page.getByRole('main')).toBeFocused();
});
