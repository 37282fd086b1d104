// Warlords in the browser outlives the node its hand ran on: the page fills the table
// with CPU players through the node that is not Warlords' home;
// crates/server/tests/browser_cluster.rs then drains the home and the node the page
// reached carries the hand on. The page says it is coming back, reloads and joins again
// under its name (its tab's seat token takes the seat back), shows the same cards again
// and plays on.
import { noErrors, open, run, shot } from './lib.mjs';
import { setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'Otto');
  await page.goto(process.env.PARLOR_URL + '/wars');
  await page.locator('#fill-cpu').click();
  await page.locator('#my-hand .card').first().waitFor({ timeout: 60_000 });
  const dealt = await page.locator('#my-hand .card').count();
  // The home drains now.
  await page.locator('#errors', { hasText: 'coming back to your seat' }).waitFor({ timeout: 60_000 });
  await page.locator('#errors', { hasText: 'Back in your seat' }).waitFor({ timeout: 60_000 });
  if (await page.locator('#errors', { hasText: 'coming back' }).count()) throw new Error('still coming back?');
  await page.locator('#my-hand .card').first().waitFor();
  const back = await page.locator('#my-hand .card').count();
  // Nobody at the table played while the page was away: the same cards.
  if (back !== dealt) throw new Error(`${dealt} cards dealt, ${back} after coming back`);
  const seats = await page.locator('#game .seat').count();
  if (seats !== 7) throw new Error(`${seats} places after coming back`);
  await shot(page, 'wars-back-in-the-seat');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'wars-back-in-the-seat-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  noErrors(page);
});
