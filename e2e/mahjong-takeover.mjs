// Mahjong in the browser outlives the node its table ran on: the page joins a table (three
// CPU players) through the node that is not Mahjong's home; crates/server/tests/
// browser_cluster.rs then drains the home mid-hand and the node the page reached carries
// the table on. The page says it is coming back, says `mmj1c` again under its name (its
// tab's seat token takes the seat back), and shows the same hand again.
import { noErrors, run, shot } from './lib.mjs';
import { openAs } from './tables-lib.mjs';

run(async (browser) => {
  const page = await openAs(browser, 'Kenji', '/mahjong');
  await page.locator('#mj-name').fill('Kenji');
  await page.getByRole('button', { name: 'Join a table' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#my-hand .mj-tile').length >= 13);
  const dealt = await page.locator('#my-hand .mj-tile').allTextContents();
  // The home drains now.
  await page.locator('#errors', { hasText: 'coming back to your seat' }).waitFor({ timeout: 60_000 });
  await page.locator('#errors', { hasText: 'Back in your seat' }).waitFor({ timeout: 60_000 });
  // What is over is not said any more.
  if (await page.locator('#errors', { hasText: 'coming back' }).count()) throw new Error('still coming back?');
  await page.waitForFunction(() => document.querySelectorAll('#my-hand .mj-tile').length >= 13);
  const back = await page.locator('#my-hand .mj-tile').allTextContents();
  if (back.slice(0, 13).join() !== dealt.slice(0, 13).join()) {
    throw new Error(`another hand after coming back: ${dealt} then ${back}`);
  }
  await shot(page, 'mahjong-back-in-the-seat');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'mahjong-back-in-the-seat-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  noErrors(page);
});
