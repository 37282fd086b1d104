// Warlords & Scumbags by clicking: two bot clients join too (crates/server/tests/browser.rs
// starts them), so three play. The browser waits in the lobby, is dealt in, and plays two
// whole hands by clicking: pick the cards the page leaves enabled and press Play, or
// Pass when nothing beats the table; in the second (ranked) hand the warlord's swap is
// done in its dialog if the browser is the warlord. The page is reloaded in the first
// hand and must come back to its seat. Each hand ends with the ranks shown;
// the server must never strike the browser (the page only enables legal plays). A chat
// line goes round on the way.
import { noErrors, open, run, shot } from './lib.mjs';
import { playUntil, recordFrames, setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'warlord');
  recordFrames(page);
  // The page only enables legal plays, so the server never strikes the browser.
  const strikes = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => { if (String(f.payload).startsWith('[strik|')) strikes.push(f.payload); }));
  await page.goto(process.env.PARLOR_URL + '/wars');
  await page.getByRole('heading', { name: 'Lobby' }).or(page.locator('#my-hand .card').first()).waitFor();
  await shot(page, 'wars-lobby');
  // The lobby says what it waits for: players missing, the countdown, or the hand on.
  const wait = await page.locator('#lobby-wait').textContent().catch(() => 'dealt already');
  if (!/needed|starts in|starts now|being played|dealt already/.test(wait)) throw new Error('the lobby says: ' + wait);
  await page.locator('#my-hand .card').first().waitFor({ timeout: 60_000 });
  const seats = await page.locator('#game .seat').count();
  if (seats !== 3) throw new Error(`${seats} seats, expected 3`);
  await page.fill('#chat-input', 'gl hf');
  await page.press('#chat-input', 'Enter');
  await page.locator('#chat-log', { hasText: 'warlord: gl hf' }).waitFor();
  await shot(page, 'wars-table');
  // The others across the top in turn order, the viewer at the bottom.
  const me = await page.locator('.felt.ring .seat.at-bottom').boundingBox();
  const others = await page.locator('.felt.ring .ring-top .seat').count();
  const across = await page.locator('.felt.ring .ring-top .seat').first().boundingBox();
  if (others !== 2 || !(across.y < me.y)) throw new Error(`not around the table: ${others} across`);
  if (!(await page.locator('.felt.ring .seat.at-bottom').textContent()).includes('(you)')) throw new Error('the bottom seat is not the viewer');
  // A reload in the middle of the hand comes back to the same seat, with the cards held.
  const held = await page.locator('#my-hand .card').count();
  await page.reload();
  await page.locator('#my-hand .card').first().waitFor();
  const back = await page.locator('#my-hand .card').count();
  if (back !== held) throw new Error(`${back} cards after the reload, ${held} before`);
  if ((await page.locator('#game .seat').count()) !== 3) throw new Error('not back at the table of three');
  await shot(page, 'wars-after-reload');
  await page.locator('#chat-input').blur();

  let swapped = false;
  let lastPlayNamed = false;
  const watchLastPlay = async () => {
    const title = await page.locator('#last-play-title').textContent().catch(() => '');
    if (/^Last play, by /.test(title)) lastPlayNamed = true;
  };
  // On a phone (the second hand), Play and Pass are on the screen whenever it is our turn.
  let onScreen = 0;
  const inView = async (b) => {
    const shown = await b.evaluate((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; });
    if (!shown && (await page.viewportSize()).width < 600) throw new Error('Play is off the screen on a phone');
    if (shown) onScreen++;
  };
  const moves = [
    ['#swap', async () => {
      swapped = true;
      await shot(page, 'wars-swap');
      await page.locator('#my-hand button.card:not([disabled])').first().click();
    }],
    ['button[data-key="play"]:not([disabled])', async (b) => { await watchLastPlay(); await inView(b); await b.click(); }],
    ['#my-hand button.card:not([disabled]):not([aria-pressed="true"])', (b) => b.click()],
    ['button[data-key="pass"]', async (b) => { await watchLastPlay(); await b.click(); }],
  ];
  await playUntil(page, '#hand-summary', moves);
  await shot(page, 'wars-hand-over');
  // Whenever cards were on the table, the page said who played them.
  if (!lastPlayNamed) throw new Error('the last play never said who made it');
  const first = await page.locator('#hand-summary').textContent();
  if (!/Hand 1 is over/.test(first) || !/warlord/.test(first) || !/scumbag/.test(first)) throw new Error('summary: ' + first);
  // Between hands the seats say where each player finished, not "0 cards"; the log has
  // the plays, not only who went out.
  const between = await page.locator('#game .seat').allTextContents();
  if (between.some((t) => /0 cards/.test(t)) || !between.some((t) => /finished 1st/.test(t))) throw new Error('seats: ' + between);
  const events = await page.locator('#events li').allTextContents();
  if (!events.some((t) => / plays? .*(♣|♦|♥|♠|of )/.test(t) || / plays? /.test(t))) throw new Error('no play in the log: ' + events);

  await page.setViewportSize({ width: 390, height: 844 });
  // The second hand is ranked: the swap happens first.
  await page.locator('#my-hand .card').first().waitFor({ timeout: 60_000 });
  await playUntil(page, '#hand-summary:has-text("Hand 2 is over")', moves);
  await shot(page, 'wars-second-hand-over-phone');
  if (!onScreen) throw new Error('never checked Play on a phone');
  console.log(swapped ? 'the browser was the warlord and swapped' : 'the browser was not the warlord');
  if (strikes.length) throw new Error('the server struck the browser: ' + strikes.join(' '));
  await shot(page, 'wars-phone');
  noErrors(page);
});
