import { expect, test } from '@playwright/test';
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

test.describe('every route of the spec', () => {
  for (const route of SITE_ROUTES) {
    test(`${route.path} answers with its title, header and footer @layout`, async ({ page }) => {
      const cspViolations = await watchCspViolations(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
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
      const year = new Date().getFullYear();
      await expect(footer).toContainText(`© 2024–${year} BoxAbroad`);

      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      expect(cspViolations).toEqual([]);
    });
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
