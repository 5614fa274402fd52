import { expect, test } from '@playwright/test';
import { expectNoHorizontalScroll, PHONE } from './support/site.js';

/**
 * The fit check a desktop journey relies on for phone width (decision 157) finds what it is there
 * to find: a page that fits at desktop width but not at the phone's fails it, naming that width,
 * and the page is left at the width it had.
 */
test('the width check fails a page that is too wide only for a phone', async ({ page }) => {
  const pageWith = (body: string) =>
    `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">` +
    `<title>Width check</title></head><body><main><h1>Width check</h1>${body}</main></body></html>`;
  const viewport = page.viewportSize();

  await page.setContent(pageWith('<p>Fits anywhere.</p>'));
  await expectNoHorizontalScroll(page);

  await page.setContent(pageWith('<div style="min-width: 600px">Wider than a phone</div>'));
  const failure = await expectNoHorizontalScroll(page).then(
    () => undefined,
    (error: Error) => error.message,
  );
  expect(failure).toContain(`horizontal overflow at ${PHONE.viewport.width} px`);
  expect(page.viewportSize()).toEqual(viewport);
});
