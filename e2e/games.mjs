// The stored games in the browser: the list (newest first), one game stepped through hand
// by hand, and the leaderboard with the player who just played; both lists fit a 390 px
// phone.
import { noErrors, open, run, shot } from './lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/games?protocol=minitruco');
  const first = page.locator('table.list a').first();
  await first.waitFor();
  await shot(page, 'games-list');
  await first.click();
  await page.locator('#step h3').waitFor();
  const hands = await page.locator('#step h3').textContent();
  if (!/^Hand 1 of \d+/.test(hands)) throw new Error('first hand: ' + hands);
  await page.getByRole('button', { name: 'Next hand' }).click();
  await page.getByText(/^Hand 2 of/).waitFor();
  await shot(page, 'game-steps');
  const board = await open(browser, '/leaderboard?protocol=minitruco');
  await board.locator('#leaderboard').getByText('alice').waitFor();
  await shot(board, 'leaderboard');
  // On a phone both pages fit the screen's width: nothing to scroll sideways.
  for (const p of [page, board]) {
    await p.setViewportSize({ width: 390, height: 844 });
    if (p === page) await p.goto(process.env.PARLOR_URL + '/games?protocol=minitruco');
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 390) throw new Error(`${p.url()} is ${wide} px wide on a 390 px phone`);
  }
  await shot(page, 'games-list-phone');
  await shot(board, 'leaderboard-phone');
  noErrors(page);
  noErrors(board);
});
