// Course Truco in the browser outlives the node its table ran on: the page sits down on
// one node of a cluster, its table on the other node (the home), with three CPU players.
// crates/server/tests/browser_cluster.rs then drains the home mid-match; the table is
// carried over to the node the page reached, whose relayed connection closed. The page
// reloads itself, comes back to its seat with its token (trying again while the table is
// not there yet), shows the hand again and plays on.
import { noErrors, open, run, shot } from './lib.mjs';
import { setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'steady');
  await page.goto(process.env.PARLOR_URL + '/truco');
  await page.locator('#fill-cpu').click();
  const myCard = page.locator('#my-hand button.card:not([disabled])');
  await myCard.first().waitFor();
  const before = await page.locator('#my-hand .card').count();
  // The home is drained now (the test watches the running tables): the page reloads
  // itself, as often as it must, until its seat is back.
  await page.waitForEvent('load', { timeout: 60_000 });
  try {
    await myCard.first().waitFor({ timeout: 60_000 });
  } catch (e) {
    await shot(page, 'not-back');
    console.error(await page.locator('body').innerText());
    throw e;
  }
  const after = await page.locator('#my-hand .card').count();
  if (after !== before) throw new Error(`${before} cards before, ${after} after coming back`);
  await shot(page, 'truco-back-in-the-seat');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'truco-back-in-the-seat-phone');
  await page.setViewportSize({ width: 1280, height: 800 });
  // The seat plays on: the card played is answered by the table (a card or a raise by
  // the next player, or the hand's end), told in the page's list of what happened.
  const told = await page.locator('#events li').count();
  await myCard.first().click();
  await page.waitForFunction((n) => document.querySelectorAll('#events li').length > n, told);
  await shot(page, 'truco-played-on');
  noErrors(page);
});
