// Helpers for the table-game scripts (e2e/jass.mjs, e2e/mahjong.mjs), which play by
// clicking whatever the page offers: open a page under a player's name, wait until one
// of several things is on the page (never a fixed sleep), and explain a stuck game with
// the page's last protocol messages.

import { BASE, open, shot } from './lib.mjs';

/**
 * A new page at `path` whose player name (kept in localStorage, as the home page does) is
 * `name`. Its WebSocket frames are recorded in `page.sent` and `page.received`, so a
 * script can count what was really played rather than what it clicked.
 */
export async function openAs(browser, name, path, options) {
  const page = await open(browser, '/', options);
  await page.evaluate((n) => localStorage.setItem('parlor.name', n), name);
  page.sent = [];
  page.received = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => page.sent.push(String(f.payload)));
    ws.on('framereceived', (f) => page.received.push(String(f.payload)));
  });
  await page.goto(BASE + path);
  return page;
}

/**
 * Does `action` (a click, a key press) and waits until the page has sent a frame for it:
 * `true` once sent, `false` if nothing was sent within `timeout` ms (the click landed
 * while the page redrew, say); the caller then looks at the page again.
 */
export async function acted(page, action, timeout = 5000) {
  const before = page.sent.length;
  await action();
  const start = Date.now();
  while (page.sent.length === before) {
    if (Date.now() - start > timeout) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

/** How many recorded frames (`page.sent` or `page.received`) are of JSON type `type`. */
export function framesOf(frames, type) {
  const typeOf = (f) => { try { return JSON.parse(f).type; } catch { return undefined; } };
  return frames.filter((f) => typeOf(f) === type).length;
}

/** The page's last protocol messages (the "Protocol messages" panel). */
export async function wireTail(page, lines = 60) {
  const text = await page.locator('details.wire pre').textContent().catch(() => '');
  return (text || '').split('\n').slice(-lines).join('\n');
}

/**
 * Waits until one of `choices` (`{ name: selector }`) is on the page and returns the
 * first such name in order. On a timeout it
 * saves `stuck-<label>.png` and fails with the last protocol messages.
 */
export async function next(page, choices, label, timeout = 30_000) {
  // One look at the page decides (several round trips could see two different moments).
  const pick = (all) => all.find(([, selector]) => document.querySelector(selector))?.[0] ?? false;
  try {
    const found = await page.waitForFunction(pick, Object.entries(choices), { timeout, polling: 50 });
    return await found.jsonValue();
  } catch (e) {
    await shot(page, `stuck-${label}`);
    const selectors = Object.values(choices).join(' | ');
    throw new Error(`${label}: none of ${selectors} appeared\n--- last messages\n${await wireTail(page)}\n${e.message}`);
  }
}

/** Fails with `message` (and the page's last messages) unless `condition` holds. */
export async function check(page, condition, message) {
  if (!condition) throw new Error(`${message}\n--- last messages\n${await wireTail(page)}`);
}

/**
 * Runs `body`; if it fails, saves `failed-<name>.png` of every page in `pages` (an object
 * of pages by name, filled in as the script goes) and adds their last messages to the error.
 */
export async function explained(pages, body) {
  try {
    await body();
  } catch (e) {
    let notes = '';
    for (const [name, page] of Object.entries(pages)) {
      if (page.isClosed()) continue;
      await shot(page, `failed-${name}`).catch(() => {});
      notes += `\n--- ${name}: last messages\n${await wireTail(page, 15)}`;
    }
    e.message += notes;
    throw e;
  }
}
