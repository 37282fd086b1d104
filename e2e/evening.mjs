// A Warlords evening replayed in the browser: three bots played two hands of one evening
// (crates/server/tests/browser_store.rs), stored as one game; its page steps through both
// hands with every card face up, drawing only the three seats sat in (not the table's
// seven places), each step in words with the player's name.
import { noErrors, open, run, shot } from './lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/games?protocol=wars');
  const first = page.locator('table.list a').first();
  await first.waitFor();
  await first.click();
  await page.locator('#replay-hand').waitFor();
  // The players, not the places nobody took.
  const listed = await page.locator('.replay-seats li').count();
  if (listed !== 3) throw new Error(`${listed} seats listed`);
  const result = await page.locator('#game-result').textContent();
  if (/seat \d/.test(result)) throw new Error('the result names an empty place: ' + result);
  const hands = await page.locator('#replay-hand').textContent();
  if (!/^Hand 1 of 2/.test(hands)) throw new Error('hands: ' + hands);
  const seats = await page.locator('.replay-table .seat').count();
  if (seats !== 3) throw new Error(`${seats} seats drawn, not the three that played`);
  // Every card face up: the evening is over.
  if ((await page.locator('.replay-table .card').count()) !== 52) throw new Error('the hands are not drawn');
  const deal = await page.locator('#replay-step').textContent();
  if (!/first hand is dealt to 3 players; bot\d holds/.test(deal)) throw new Error('the deal says: ' + deal);
  await page.keyboard.press('ArrowRight');
  await page.locator('#replay-step', { hasNotText: deal }).waitFor();
  const play = await page.locator('#replay-step').textContent();
  if (!/^bot\d (plays|passes)/.test(play)) throw new Error('the first step says: ' + play);
  await shot(page, 'evening-replay');
  await page.getByRole('button', { name: 'Hand ▶' }).click();
  await page.locator('#replay-hand', { hasText: /^Hand 2 of 2/ }).waitFor();
  const second = await page.locator('#replay-step').textContent();
  if (!/\(warlord\) swaps with bot\d \(scumbag\)/.test(second)) throw new Error('the second hand says: ' + second);
  await shot(page, 'evening-second-hand');
  // On a phone the three seats go round the table too.
  await page.setViewportSize({ width: 390, height: 844 });
  if ((await page.locator('.replay-table .seat').count()) !== 3) throw new Error('not three seats on a phone');
  await shot(page, 'evening-phone');
  noErrors(page);
});
