// Screenshots of pages as a shopper sees them, at desktop and mobile widths:
//   node scripts/screenshot.mjs http://127.0.0.1:4321 / /diamonds …   (PNG files go to var/screenshots/)
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const [base, ...paths] = process.argv.slice(2);
const out = 'var/screenshots';
fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['mobile', { width: 390, height: 844 }],
]) {
  const page = await browser.newPage({ viewport });
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' });
    const file = `${out}/${(p.replace(/[^a-z0-9]+/gi, '_') || 'home').replace(/^_|_$/g, '') || 'home'}-${name}.png`;
    await page.screenshot({ path: file, fullPage: process.env.FULL === '1' });
    console.log(file);
  }
  await page.close();
}
await browser.close();
