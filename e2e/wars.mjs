// Warlords & Scumbags by clicking: two bot clients join too (crates/server/tests/browser.rs
// starts them), so three play. The browser waits in the lobby, is dealt in, and plays two
// whole hands by clicking: pick the cards the page leaves enabled and press Play, or
// Pass when nothing beats the table; in the second (ranked) hand the warlord's swap is
// done in its dialog if the browser is the warlord. Each hand ends with the ranks shown.
import { noErrors, open, run, shot } from './lib.mjs';
import { playUntil, setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'warlord');
  await page.goto(process.env.PARLOR_URL + '/wars');
  await page.getByRole('heading', { name: 'Lobby' }).or(page.locator('#my-hand .card').first()).waitFor();
  await shot(page, 'wars-lobby');
  await page.locator('#my-hand .card').first().waitFor({ timeout: 60_000 });
  const seats = await page.locator('#game .seat').count();
  if (seats !== 3) throw new Error(`${seats} seats, expected 3`);
  await shot(page, 'wars-table');

  let swapped = false;
  const moves = [
    ['#swap', async () => {
      swapped = true;
      await shot(page, 'wars-swap');
      await page.locator('#my-hand button.card:not([disabled])').first().click();
    }],
    ['button[data-key="play"]:not([disabled])', (b) => b.click()],
    ['#my-hand button.card:not([disabled]):not([aria-pressed="true"])', (b) => b.click()],
    ['button[data-key="pass"]', (b) => b.click()],
  ];
  await playUntil(page, '#hand-summary', moves);
  await shot(page, 'wars-hand-over');
  const first = await page.locator('#hand-summary').textContent();
  if (!/Hand 1 is over/.test(first) || !/warlord/.test(first) || !/scumbag/.test(first)) throw new Error('summary: ' + first);

  // The second hand is ranked: the swap happens first.
  await page.locator('#my-hand .card').first().waitFor({ timeout: 60_000 });
  await playUntil(page, '#hand-summary:has-text("Hand 2 is over")', moves);
  await shot(page, 'wars-second-hand-over');
  console.log(swapped ? 'the browser was the warlord and swapped' : 'the browser was not the warlord');
  noErrors(page);
});
