// Helpers for the scripts that play a game by clicking: set the player's name, and a
// loop that acts on whatever the page offers until a condition holds.

import { BASE, shot } from './lib.mjs';

/** Stores the player's name for the pages (as the home page does). */
export async function setName(page, name) {
  await page.goto(BASE + '/');
  await page.evaluate((n) => localStorage.setItem('parlor.name', n), name);
}

/**
 * Repeats: wait until `done` or one of `moves` (selector → what to click) is on the
 * page, then act; returns when `done` shows. Gives up after `limit` moves.
 */
export async function playUntil(page, done, moves, limit = 600) {
  const any = [done, ...moves.map(([selector]) => selector)].join(', ');
  for (let i = 0; i < limit; i++) {
    try {
      await page.waitForSelector(any, { state: 'attached', timeout: 60_000 });
    } catch (e) {
      await page.evaluate(() => document.querySelectorAll('details').forEach((d) => { d.open = true; }));
      await shot(page, 'stuck');
      const wire = await page.evaluate(() => document.querySelector('details pre')?.textContent || '');
      throw new Error(e.message + '\n' + wire.split('\n').slice(-14).join('\n'));
    }
    if (await page.locator(done).count()) return;
    for (const [selector, act] of moves) {
      const target = page.locator(selector).first();
      if (await target.count()) {
        await act(target).catch(() => {});
        break;
      }
    }
    await page.waitForTimeout(20);
  }
  await shot(page, 'stuck');
  throw new Error('the game did not end within ' + limit + ' moves');
}
