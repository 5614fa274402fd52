import { expect, test } from '@playwright/test';
import { COMPANY } from '../../src/domain/company.js';
import { SITE_ROUTES, pageTitle, titleFor } from '../../src/domain/site-routes.js';
import { expectNoAxeViolations } from './support/axe.js';
import { expectNoHorizontalScroll, openMainNav, watchCspViolations } from './support/site.js';

const HEADER_LINKS = [
  { name: 'How It Works', path: '/how-it-works' },
  { name: 'FAQ', path: '/faq' },
  { name: 'Prohibited Items', path: '/prohibited-items' },
  { name: 'Contact', path: '/contact' },
  { name: 'Log in', path: '/login' },
].map((link) => ({ ...link, title: pageTitle(titleFor(link.path)) }));

test.describe('every route of the product rules', () => {
  for (const route of SITE_ROUTES) {
    test(`${route.path} answers with its title, header and footer @layout`, async ({ page }) => {
      const cspViolations = await watchCspViolations(page);
      // A pattern's parameters get a sample value (an order reference).
      const path = route.path.replace(/:[A-Za-z]+/g, 'BA-7K2M9QXD');
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      if (route.signedIn) {
        // A signed-out visitor is sent to sign in, to come back here afterwards. The sign-in
        // page's own shell, layout and accessibility are its own route's test (/login): checked
        // again for each of the signed-in routes, they took a tenth of this file's time and
        // found nothing more (docs/decisions/156-the-sign-in-page-checked-once.md).
        await expect(page).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
        await expect(page).toHaveTitle(pageTitle(titleFor('/login')));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(cspViolations).toEqual([]);
        return;
      }
      await expect(page).toHaveTitle(pageTitle(route.title));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const header = page.getByRole('banner');
      await expect(header.getByRole('link', { name: 'BoxAbroad home' })).toBeVisible();
      const nav = await openMainNav(page);
      for (const link of HEADER_LINKS) {
        await expect(nav.getByRole('link', { name: link.name, exact: true })).toBeVisible();
      }

      const footer = page.getByRole('contentinfo');
      await expect(footer.getByRole('link', { name: 'Terms & Conditions' })).toBeVisible();
      await expect(footer.getByRole('link', { name: 'Privacy and cookies' })).toHaveAttribute(
        'href',
        '/privacy',
      );
      await expect(footer).toContainText(COMPANY.legalName);
      const year = new Date().getFullYear();
      await expect(footer).toContainText(`© 2024–${year} BoxAbroad`);

      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      expect(cspViolations).toEqual([]);
    });
  }
});

test('a path that only looks like a route with a parameter is not found', async ({ page }) => {
  for (const path of ['/account/orders', '/account/orders/BA-7K2M9QXD/labels']) {
    expect((await page.goto(path))?.status()).toBe(404);
    await expect(page.getByText('404 Not Found')).toBeVisible();
  }
});

test('an unknown route shows the fallback page with its status', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
  ).toBeVisible();
  await expect(page.getByText('404 Not Found')).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('header links navigate and mark the current page @layout', async ({ page }) => {
  await page.goto('/');
  for (const link of HEADER_LINKS) {
    const nav = await openMainNav(page);
    await nav.getByRole('link', { name: link.name, exact: true }).click();
    await expect(page).toHaveURL(link.path);
    await expect(page).toHaveTitle(link.title);
    const navAfter = await openMainNav(page);
    await expect(navAfter.getByRole('link', { name: link.name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  await page.getByRole('link', { name: 'BoxAbroad home' }).click();
  await expect(page).toHaveURL('/');
});

test('the footer links to the Terms & Conditions', async ({ page }) => {
  await page.goto('/faq');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
});

test('the phone menu opens and closes by keyboard', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectNoAxeViolations(page, 'with the menu open');
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});
