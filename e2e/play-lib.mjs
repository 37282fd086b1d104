// Helpers for the scripts that play a card game by clicking (minitruco, truco, wars):
// set the player's name as the home page does, record the page's WebSocket frames, and
// a loop that acts on whatever the page offers until the game reaches a given state —
// waiting on the DOM, never sleeping a fixed time. When a game gets stuck the error
// carries the last protocol messages and a screenshot ("stuck.png").
import { BASE, shot } from './lib.mjs';

/** Stores the player's name for the pages (as the home page does). */
export async function setName(page, name) {
  await page.goto(BASE + '/');
  await page.evaluate((n) => localStorage.setItem('parlor.name', n), name);
}

/** Keeps the page's last WebSocket frames in `page.frames` (`<` received, `>` sent). */
export function recordFrames(page) {
  page.frames = [];
  const keep = (line) => { page.frames.push(line); if (page.frames.length > 40) page.frames.shift(); };
  page.on('websocket', (ws) => {
    ws.on('framereceived', (f) => keep('< ' + f.payload));
    ws.on('framesent', (f) => keep('> ' + f.payload));
    ws.on('close', () => keep('(closed)'));
  });
}

/**
 * Repeats: wait until `done` or one of `moves` (`[selector, act]`) is on the page, then
 * run the first move whose selector matches; returns when `done` shows. Gives up after
 * `limit` moves, or when nothing happens for a minute.
 */
export async function playUntil(page, done, moves, limit = 800) {
  const any = [done, ...moves.map(([selector]) => selector)].join(', ');
  for (let i = 0; i < limit; i++) {
    try {
      await page.waitForSelector(any, { state: 'attached', timeout: 60_000 });
    } catch (e) {
      throw await stuck(page, e.message);
    }
    if (await page.locator(done).count()) return;
    for (const [selector, act] of moves) {
      const target = page.locator(selector).first();
      if (await target.count()) {
        // The page may re-render under the click (a message arrived): just go round again.
        await act(target).catch(() => {});
        break;
      }
    }
    await page.waitForTimeout(15);
  }
  throw await stuck(page, `the game did not reach ${done} within ${limit} moves`);
}

async function stuck(page, why) {
  await shot(page, 'stuck');
  const status = await page.locator('#turn').textContent().catch(() => '');
  const frames = (page.frames || []).slice(-16).join('\n');
  return new Error(`${why}\npage says: ${status}\nlast messages:\n${frames}`);
}
