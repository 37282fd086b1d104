// Course Truco by clicking: three bot clients already wait at the table
// (crates/server/tests/browser.rs starts them), so the browser completes it and the match
// starts. The script plays the whole match: cards by clicking, a raise asked, raises
// answered in the dialog; it checks the first hand's summary, reloads the page (it must
// come back to its seat) and plays to the end of the match.
import { noErrors, open, run, shot } from './lib.mjs';
import { checkAroundTable, checkScoreInView, checkSteadyHand, playUntil, recordFrames, setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'courser');
  recordFrames(page);
  // The page only offers what the rules allow, so the server never answers ERROR.
  const refused = [];
  page.on('websocket', (ws) => ws.on('framereceived', (f) => { if (String(f.payload).startsWith('ERROR')) refused.push(f.payload); }));
  await page.goto(process.env.PARLOR_URL + '/truco');
  await page.locator('#my-hand .card').first().waitFor();
  const seats = await page.locator('#game .seat').allTextContents();
  if (seats.length !== 4 || !seats.some((s) => s.includes('(you)'))) throw new Error('seats: ' + seats);
  await shot(page, 'truco-table');
  // The players sit around the table, and a card played leaves the hand steady.
  await checkAroundTable(page);
  await checkSteadyHand(page);
  // The page says which rank the manilhas are.
  const manilhas = await page.locator('#manilhas').textContent();
  if (!/^manilhas: the (10|[2-9AKJQ])s$/.test(manilhas)) throw new Error('manilhas: ' + manilhas);

  let raises = 0;
  const moves = [
    ['#raise button:text("Accept")', (b) => b.click()],
    ['button[data-key="raise"]', async (b) => {
      if (raises++ < 1) await b.click();
      else await page.locator('#my-hand button.card:not([disabled])').first().click();
    }],
    ['#my-hand button.card:not([disabled])', (b) => b.click()],
  ];
  await playUntil(page, '#hand-summary, #game-over', moves);
  await shot(page, 'truco-hand-over');
  // A reload mid-match comes back to the same seat (the page kept its token) with the
  // hand being played.
  const me = await page.locator('#game .seat', { hasText: '(you)' }).textContent();
  await page.reload();
  await page.locator('#my-hand .card').first().waitFor();
  const again = await page.locator('#game .seat', { hasText: '(you)' }).textContent();
  if (again.split(' ')[0] !== me.split(' ')[0]) throw new Error(`after the reload: ${again} (before: ${me})`);
  await shot(page, 'truco-after-reload');
  await playUntil(page, '#game-over', moves);
  const summary = await page.locator('#game-over').textContent();
  if (!/Match over: team [12] wins|The server ended the match/.test(summary)) throw new Error('summary: ' + summary);
  // The server may close the table before its last lines reach a WebSocket (see
  // docs/web-client.md); the page then says so instead of the final score.
  console.log('end of the match as shown: ' + summary.split('.')[0]);
  await shot(page, 'truco-match-over');
  if (refused.length) throw new Error('the server refused: ' + refused.join(' | '));
  // A hand that ended on a fold says so in its summary.
  const folds = await page.locator('#log, .log').allTextContents();
  const sawFold = folds.join(' ').includes('answered fold');
  if (sawFold && !/folded\)/.test(folds.join(' '))) throw new Error('a fold ended a hand without saying so: ' + folds.join(' | '));
  await checkScoreInView(page);
  await shot(page, 'truco-phone');
  noErrors(page);
});
