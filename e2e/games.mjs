// The stored games in the browser: the list (newest first), one game replayed (the table
// drawn with card faces, stepped forward and back, every step in words, hand by hand),
// the API without engine notation, and the leaderboard with the player who just played;
// the pages fit a 390 px phone.
import { noErrors, open, run, shot } from './lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/games?protocol=minitruco');
  const first = page.locator('table.list a').first();
  await first.waitFor();
  await shot(page, 'games-list');
  // A team game says who won and who lost, not a "3rd" place for the losing team.
  const seatsText = await page.locator('table.list td[data-label="seats"]').first().textContent();
  if (!/won/.test(seatsText) || !/lost/.test(seatsText) || /\d(st|nd|rd|th)\b/.test(seatsText)) throw new Error('seats: ' + seatsText);
  await first.click();
  await page.locator('#game-result', { hasText: /won, \d+ to \d+ against/ }).waitFor();
  await page.locator('#replay-hand').waitFor();
  const hands = await page.locator('#replay-hand').textContent();
  if (!/^Hand 1 of \d+/.test(hands)) throw new Error('first hand: ' + hands);
  // The deal: four seats around the table, everyone's cards face up (the game is over).
  if ((await page.locator('.replay-table .seat').count()) !== 4) throw new Error('not four seats');
  if ((await page.locator('.replay-table .card').count()) < 12) throw new Error('the hands are not drawn');
  const deal = await page.locator('#replay-step').textContent();
  // Step forward with the keyboard: the first play, in words, by a named player.
  await page.keyboard.press('ArrowRight');
  await page.locator('#replay-step', { hasNotText: deal }).waitFor();
  const play = await page.locator('#replay-step').textContent();
  if (!/(alice|CPU\d).*[♣♦♥♠]/.test(play)) throw new Error('the first step says: ' + play);
  // The seat marked is the one whose move the step tells, and nothing says "to play".
  const actor = await page.locator('.replay-table .seat.acted .who').textContent();
  if (!play.startsWith(actor.replace(/seat \d+$/, '').trim())) throw new Error(`"${play}" marks ${actor}`);
  if (await page.locator('.replay-table .seat.turn').count()) throw new Error('a replay seat says "to play"');
  await shot(page, 'game-replay');
  await page.getByRole('button', { name: '◀ Step' }).click();
  await page.locator('#replay-step', { hasText: deal }).waitFor();
  // To the end of the hand: its result in words.
  while (!(await page.locator('#replay-result').count())) await page.keyboard.press('ArrowRight');
  const result = await page.locator('#replay-result').textContent();
  if (!/team|Team|scores|tied/.test(result)) throw new Error('the hand ended: ' + result);
  await page.getByRole('button', { name: 'Hand ▶' }).click();
  await page.getByText(/^Hand 2 of/).waitFor();
  await shot(page, 'game-steps');
  // Nothing on the page or in the API is the engines' notation, and seats count from 1.
  const text = await page.locator('main').textContent();
  if (/\w\(\w*\)|Won\(|Play\(/.test(text)) throw new Error('engine notation on the page');
  const id = new URL(page.url()).searchParams.get('id');
  const api = await page.evaluate((n) => fetch('/api/games/' + n).then((r) => r.text()), id);
  if (/Won\(|Play\(|Truco\b\)|\w\(\d/.test(api)) throw new Error('engine notation in the API: ' + api.slice(0, 400));
  const game = JSON.parse(api);
  const seats = game.hand_results.flatMap((h) => h.actions).filter((a) => a.seat !== undefined).map((a) => a.seat);
  if (!seats.length || Math.min(...seats) !== 1 || Math.max(...seats) !== 4) throw new Error('seats are not 1-4: ' + seats.slice(0, 12));
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'game-replay-phone');
  const board = await open(browser, '/leaderboard?protocol=minitruco');
  await board.locator('#leaderboard').getByText('alice').waitFor();
  // The board shown is marked among the tabs, and ratings are whole numbers.
  const current = board.locator('nav.tabs a[aria-current="page"]');
  if ((await current.textContent()) !== 'miniTruco') throw new Error('the current board is not marked');
  const marked = await current.evaluate((a) => getComputedStyle(a).backgroundColor);
  if (/rgba\(0, 0, 0, 0\)|transparent/.test(marked)) throw new Error('the current tab looks like the others');
  const ratings = await board.locator('#leaderboard td[data-label="rating"]').allTextContents();
  if (!ratings.length || !ratings.every((r) => /^\d+$/.test(r))) throw new Error('ratings: ' + ratings);
  // Without a choice the page opens on the first board, whatever was played last.
  const plain = await open(browser, '/leaderboard');
  await plain.locator('nav.tabs a[aria-current="page"]', { hasText: 'miniTruco' }).waitFor();
  await shot(board, 'leaderboard');
  // On a phone both pages fit the screen's width: nothing to scroll sideways.
  for (const p of [page, board]) {
    await p.setViewportSize({ width: 390, height: 844 });
    if (p === page) await p.goto(process.env.PARLOR_URL + '/games?protocol=minitruco');
    const wide = await p.evaluate(() => document.documentElement.scrollWidth);
    if (wide > 390) throw new Error(`${p.url()} is ${wide} px wide on a 390 px phone`);
  }
  // On a phone each game is a card: no header row, a date on one line, labels read.
  const phone = page;
  if (await phone.locator('table.list tr.head').isVisible()) throw new Error('the header row shows on a phone');
  const date = phone.locator('table.list td.when').first();
  const lines = await date.evaluate((td) => {
    const style = getComputedStyle(td);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
    return (td.getBoundingClientRect().height - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom)) / line;
  });
  if (lines > 1.6) throw new Error(`the date wraps over ${lines.toFixed(1)} lines`);
  const label = await date.evaluate((td) => getComputedStyle(td, '::before').content);
  if (!/started/.test(label)) throw new Error('the date has no label: ' + label);
  await shot(page, 'games-list-phone');
  await shot(board, 'leaderboard-phone');
  noErrors(page);
  noErrors(board);
});
