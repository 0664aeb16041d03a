import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 1366, height: 1000 } });
await page.goto(process.argv[2], { waitUntil: 'networkidle' });
const sel = process.argv[4];
if (sel) { await page.locator(sel).first().click().catch(e=>console.log(e.message)); await page.waitForTimeout(500); }
await page.screenshot({ path: process.argv[3], fullPage: false });
await browser.close();
