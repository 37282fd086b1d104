// Shared by every end-to-end script: start Debian's Chromium headless through
// playwright-core, open a page of the server under test, collect console errors (a test
// fails on any), and save screenshots as artifacts.
//
// Every script reads PARLOR_URL (the server's HTTP base, e.g. http://127.0.0.1:8080) and
// PARLOR_ARTIFACTS (a directory for screenshots), exits 0 on success and non-zero with a
// message on failure. crates/server/tests/browser.rs starts the server and runs them.

import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const BASE = process.env.PARLOR_URL ?? 'http://127.0.0.1:8080';
export const ARTIFACTS = process.env.PARLOR_ARTIFACTS ?? 'artifacts';
mkdirSync(ARTIFACTS, { recursive: true });

/** Launches the browser; `viewport` defaults to a phone-sized screen when `phone` is set. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

/** A new page at `path`, with console errors and page errors recorded in `page.errors`. */
export async function open(browser, path, { phone = false, hold = false } = {}) {
  const context = await browser.newContext({
    viewport: phone ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  });
  // The pages hold the end of a round or a hand on screen for a reader; scripts that play
  // whole games turn that off unless they check it (`hold`).
  if (!hold) await context.addInitScript(() => localStorage.setItem('parlor.hold', '0'));
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.setDefaultTimeout(30_000);
  await page.goto(BASE + path);
  return page;
}

/** Saves a full-page screenshot as `<name>.png` in the artifacts directory. */
export async function shot(page, name) {
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
}

/** Fails if the page logged any error. */
export function noErrors(page) {
  if (page.errors.length) {
    throw new Error('console errors:\n' + page.errors.join('\n'));
  }
}

/** Runs `body(browser)`, closing the browser and exiting with the outcome. */
export async function run(body) {
  const browser = await launch();
  try {
    await body(browser);
    await browser.close();
    process.exit(0);
  } catch (e) {
    console.error(e?.stack ?? String(e));
    await browser.close().catch(() => {});
    process.exit(1);
  }
}
