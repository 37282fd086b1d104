// miniTruco in the browser outlives the node its room's game ran on: the page enters
// room 1 and gets ready (three CPU players) through the node that is not miniTruco's
// home; crates/server/tests/browser_cluster.rs then drains the home and the node the
// page reached carries the room's game on. The page says it is coming back, reloads and
// says its name again from the same address (which takes the seat back), shows the same
// hand again and plays a card that the table takes.
import { noErrors, open, run, shot } from './lib.mjs';
import { setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'Dona');
  await page.goto(process.env.PARLOR_URL + '/minitruco');
  await page.getByRole('button', { name: /Enter room 1 / }).click();
  await page.getByRole('heading', { name: 'Room 1' }).waitFor();
  await page.getByRole('button', { name: 'Ready', exact: true }).click();
  await page.waitForFunction(() => document.querySelectorAll('#my-hand .card').length === 3);
  const dealt = await page.locator('#my-hand .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  // The home drains now.
  await page.locator('#errors', { hasText: 'coming back to your seat' }).waitFor({ timeout: 60_000 });
  await page.locator('#errors', { hasText: 'Back in your seat' }).waitFor({ timeout: 60_000 });
  if (await page.locator('#errors', { hasText: 'coming back' }).count()) throw new Error('still coming back?');
  await page.waitForFunction(() => document.querySelectorAll('#my-hand .card').length === 3);
  const back = await page.locator('#my-hand .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
  if (back.join() !== dealt.join()) throw new Error(`another hand after coming back: ${dealt} then ${back}`);
  await shot(page, 'minitruco-back-in-the-seat');
  // Playing on: a card the table takes (raises and hands of 11 accepted if asked first).
  const card = page.locator('#my-hand button.card:not([disabled])').first();
  await card.waitFor({ timeout: 30_000 });
  await card.click();
  await page.waitForFunction(() => document.querySelectorAll('#my-hand .card').length === 2, null, { timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'minitruco-back-in-the-seat-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  noErrors(page);
});
