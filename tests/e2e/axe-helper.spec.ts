import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';

/**
 * The scan every spec relies on finds what it is there to find: a page with an image without a
 * text alternative and grey-on-white text fails it, naming both rules; the same page fixed passes.
 */
test('the axe scan fails a page with violations and names them', async ({ page }) => {
  const pageWith = (image: string, text: string) => `<!doctype html>
    <html lang="en"><head><title>Axe check</title></head>
    <body><main><h1>Axe check</h1>${image}${text}</main></body></html>`;
  const pixel =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

  await page.setContent(
    pageWith(`<img src="${pixel}">`, '<p style="color:#ddd;background:#fff">Faint text</p>'),
  );
  const failure = await expectNoAxeViolations(page).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure).toContain('image-alt');
  expect(failure).toContain('color-contrast');

  await page.setContent(
    pageWith(`<img src="${pixel}" alt="A dot">`, '<p style="color:#222;background:#fff">Text</p>'),
  );
  await expectNoAxeViolations(page);
});
