// Renders the link-preview image (1200×630 PNG) served at /social-preview.png. Run it after
// changing the design below: `npx tsx scripts/ops/render-social-preview.ts` (uses /usr/bin/chromium).
import { chromium } from '@playwright/test';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../../src/web/public/social-preview.png', import.meta.url));
const boxes = `
  <svg viewBox="0 0 120 120" width="300" height="300" aria-hidden="true">
    <path d="M60 14l36 15v70L60 114 24 99V29z" fill="#e8a15c"/>
    <path d="M24 29l36 15 36-15-36-15z" fill="#f4a259"/>
    <path d="M60 44v70l36-15V29z" fill="#d98b44"/>
    <path d="M42 21.5l36 15" stroke="#c9c2b8" stroke-width="6"/>
  </svg>`;
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:72px 80px;display:flex;
  align-items:center;justify-content:space-between;font-family:system-ui,'DejaVu Sans',sans-serif;
  color:#fff;background:radial-gradient(circle at 85% 10%,rgba(244,162,89,.3) 0,transparent 45%),
  linear-gradient(160deg,#0b4f6c 0%,#083a50 100%)">
  <div style="max-width:780px">
    <div style="display:flex;align-items:center;gap:20px;font-size:48px;font-weight:800">
      <svg viewBox="0 0 64 64" width="76" height="76"><rect width="64" height="64" rx="14" fill="#fff"/>
        <path d="M14 24 32 15l18 9v18l-18 9-18-9Z" fill="#f4a259"/>
        <path d="M14 24l18 9 18-9M32 33v18" fill="none" stroke="#0b4f6c" stroke-width="3" stroke-linejoin="round"/></svg>
      BoxAbroad
    </div>
    <div style="font-size:60px;font-weight:800;line-height:1.1;margin-top:40px">Send your boxes abroad from the UK</div>
    <div style="font-size:27px;margin-top:28px;color:#ffd7b0;font-weight:600">Instant price · Next-day collection · Tracking included</div>
  </div>
  ${boxes}
</div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: out, type: 'png' });
await browser.close();
process.stdout.write(`wrote ${out}\n`);
