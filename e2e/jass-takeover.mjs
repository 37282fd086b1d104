// Schieber Jass in the browser outlives the node its game ran on: the page creates a
// game and fills it with three server bots through the node that is not Jass's home;
// crates/server/tests/browser_cluster.rs then drains the home and the node the page
// reached carries the game on. The page says it is coming back, joins its session
// again under its name (its tab's seat token takes the seat back), shows the same hand
// again and plays a card that the table takes.
import { noErrors, run, shot } from './lib.mjs';
import { openAs } from './tables-lib.mjs';

run(async (browser) => {
  const page = await openAs(browser, 'Ruth', '/jass');
  await page.locator('#session-name').fill('Carried');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.locator('#seats').waitFor();
  await page.getByRole('button', { name: 'Fill the 3 empty seats with server bots' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#hand .card').length === 9);
  const dealt = await page.locator('#hand .card').allTextContents();
  // The home drains now.
  await page.locator('#errors', { hasText: 'coming back to your seat' }).waitFor({ timeout: 60_000 });
  await page.locator('#errors', { hasText: 'Back in your seat' }).waitFor({ timeout: 60_000 });
  // What is over is not said any more.
  if (await page.locator('#errors', { hasText: 'coming back' }).count()) throw new Error('still coming back?');
  await page.waitForFunction(() => document.querySelectorAll('#hand .card').length === 9);
  const back = await page.locator('#hand .card').allTextContents();
  if (back.join() !== dealt.join()) throw new Error(`another hand after coming back: ${dealt} then ${back}`);
  await shot(page, 'jass-back-in-the-seat');
  // Playing on: the trumpf if it is ours to choose, then a card the table takes.
  const trumpf = page.locator('#trumpf-dialog button').first();
  const card = page.locator('#hand button.card:not([disabled])').first();
  await trumpf.or(card).first().waitFor({ timeout: 30_000 });
  if (await trumpf.count()) await trumpf.click();
  await card.waitFor({ timeout: 30_000 });
  await card.click();
  await page.waitForFunction(() => document.querySelectorAll('#hand .card').length === 8, null, { timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'jass-back-in-the-seat-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  noErrors(page);
});
