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

/**
 * The four seats sit around the felt as the viewer sees them: one across the top, one
 * on each side, the viewer ("(you)") at the bottom.
 */
export async function checkAroundTable(page) {
  const box = (at) => page.locator(`.felt .seat.at-${at}`).boundingBox();
  const [top, left, right, bottom] = [await box('top'), await box('left'), await box('right'), await box('bottom')];
  if (!(top.y < left.y && left.y < bottom.y && left.x < top.x && top.x < right.x)) {
    throw new Error('the seats are not around the table: ' + JSON.stringify({ top, left, right, bottom }));
  }
  const me = await page.locator('.felt .seat.at-bottom').textContent();
  if (!me.includes('(you)')) throw new Error('the bottom seat is not the viewer: ' + me);
}

/**
 * On our turn, playing the first card leaves the other cards where they were (its place
 * stays), and the card shows on the table in front of a seat.
 */
export async function checkSteadyHand(page) {
  const playable = page.locator('#my-hand button.card:not([disabled])');
  const question = page.locator('#raise button, #eleven button');
  // A CPU player may ask something first: accept it (the first button) and wait on.
  for (;;) {
    await playable.first().or(question.first()).waitFor();
    if (!(await question.count())) break;
    await question.first().click().catch(() => {});
  }
  // The CPU players are instant, so the next deal may follow at once: the places are
  // taken by an observer at the first redraw without the card.
  const before = await page.evaluate(() => {
    const places = () => Object.fromEntries([...document.querySelectorAll('#my-hand button.card')]
      .map((c) => [c.dataset.key, Math.round(c.getBoundingClientRect().x)]));
    const first = places();
    const count = Object.keys(first).length;
    window.handAfterPlay = null;
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('#my-hand button.card').length < count) {
        window.handAfterPlay = places();
        window.cardOnTable = Boolean(document.querySelector('.felt .seat .in-front .card'));
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return first;
  });
  await playable.first().click();
  const after = await page.waitForFunction(() => window.handAfterPlay).then((h) => h.jsonValue())
    .catch(async (e) => { throw await stuck(page, 'the played card did not leave the hand: ' + e.message); });
  if (Object.keys(after).length >= Object.keys(before).length) throw new Error('no card left the hand');
  for (const [key, x] of Object.entries(after)) {
    if (before[key] !== undefined && Math.abs(before[key] - x) > 1) {
      throw new Error(`the hand jumped: ${key} moved from ${before[key]} to ${x}`);
    }
  }
  if (!(await page.evaluate(() => window.cardOnTable))) throw new Error('the played card is not on the table');
}

/** On a phone, the score stays in view while the player scrolls down to the hand. */
export async function checkScoreInView(page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const score = await page.locator('#score').boundingBox();
  const scrolled = await page.evaluate(() => window.scrollY);
  if (scrolled > 0 && (score.y < -1 || score.y > 80)) throw new Error(`the score scrolled away: y = ${score.y}`);
}
