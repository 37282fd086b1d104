// Schieber Jass by clicking: create a single game, seat three server bots with JOIN_BOT
// (one partner in Team 1, two opponents in Team 2), choose the trumpf when asked and play
// a whole deal (9 tricks) with the cards the page leaves enabled, until the deal's
// summary (BROADCAST_GAME_FINISHED) shows. A phone-sized second page watches the session
// as a spectator: it sees the cards on the table and never a hand. A third page creates
// a tournament as its spectator and shows the live ranking table; when the test starts
// bots for it (PARLOR_TOURNAMENT_BOTS), it waits for them, starts the tournament and
// sees a pairing's result.

import { noErrors, run, shot } from './lib.mjs';
import { check, next, openAs } from './tables-lib.mjs';

const EXPECTED_BOTS = Number(process.env.PARLOR_TOURNAMENT_BOTS || 0);

run(async (browser) => {
  const page = await openAs(browser, 'Vreni', '/jass');
  await page.locator('#session-name').fill('Stube');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.locator('#seats').waitFor();
  await check(page, /Vreni/.test(await page.locator('#seats').textContent()), 'Vreni is not seated');

  const watcher = await openAs(browser, 'Kibitz', '/jass', { phone: true });
  await watcher.getByRole('button', { name: 'Watch Stube' }).click();
  await watcher.getByRole('heading', { name: /Session Stube \(watching\)/ }).waitFor();

  // Vreni sits in seat 1 (Team 1); her partner and the two opponents are server bots.
  await page.getByRole('button', { name: 'Add a server bot to Team 2' }).click();
  await page.locator('#seats li', { hasText: 'bot2' }).waitFor();
  await page.getByRole('button', { name: 'Add a server bot to Team 1' }).click();
  await page.locator('#seats li', { hasText: 'bot3' }).waitFor();
  await page.getByRole('button', { name: 'Add a server bot to Team 2' }).click();
  await page.locator('#hand .card').first().waitFor();
  await check(page, (await page.locator('#hand .card').count()) === 9, 'nine cards are dealt');

  let moves = 0;
  let dimmedSeen = 0;
  let watcherSawTable = false;
  for (;;) {
    const what = await next(page, {
      summary: '#deal-summary',
      trumpf: '#trumpf-dialog button',
      card: '#hand .card:not([disabled])',
    }, 'jass-deal');
    if (what === 'summary') break;
    if (what === 'trumpf') {
      await shot(page, 'jass-trumpf-dialog');
      await page.locator('#trumpf-dialog').getByRole('button', { name: /Hearts/ }).click();
      continue;
    }
    if (what !== 'card') continue;
    const onTable = await page.locator('#trick .card').count();
    dimmedSeen += await page.locator('#hand .card.dimmed').count();
    if (onTable > 0 && !watcherSawTable) {
      // The spectator sees the same cards on the table, and no hand of its own.
      await watcher.waitForFunction((n) => document.querySelectorAll('#trick .card').length === n, onTable);
      await check(watcher, (await watcher.locator('#hand, .hand').count()) === 0, 'the spectator was shown a hand');
      watcherSawTable = true;
      await shot(watcher, 'jass-spectator-phone');
    }
    if (moves === 4) await shot(page, 'jass-table-mid-deal');
    await page.locator('#hand .card:not([disabled])').first().click();
    moves += 1;
  }
  await check(page, moves === 9, `Vreni played ${moves} cards in the deal, not 9`);
  await check(page, watcherSawTable, 'the spectator never saw cards on the table');
  const summary = await page.locator('#deal-summary').textContent();
  await check(page, /Deal 1 finished/.test(summary) && /Team 1/.test(summary) && /Team 2/.test(summary), 'deal summary: ' + summary);
  await shot(page, 'jass-deal-summary');
  await watcher.locator('#deal-summary').waitFor();
  await check(watcher, (await watcher.locator('#hand, .hand').count()) === 0, 'the spectator was shown a hand');
  await shot(watcher, 'jass-spectator-summary-phone');
  console.log(`jass: 9 cards played, ${dimmedSeen} dimmed cards seen at Vreni's turns`);

  const host = await openAs(browser, 'Referee', '/jass');
  await host.locator('#tournament-name').fill('Cup');
  await host.getByRole('button', { name: 'Create tournament' }).click();
  await host.locator('#ranking').waitFor();
  if (EXPECTED_BOTS > 0) {
    // Each bot joins with two connections: its row says 2 connected clients.
    await host.waitForFunction((n) => [...document.querySelectorAll('#ranking tr')]
      .filter((r) => r.cells.length === 4 && r.cells[3].textContent === '2').length === n, EXPECTED_BOTS, { timeout: 60_000 });
    await shot(host, 'jass-tournament-ranking');
    await host.getByRole('button', { name: 'Start the tournament' }).click();
    await host.getByText('The tournament has started.').waitFor();
    await host.locator('#pairings li').first().waitFor({ timeout: 60_000 });
  }
  await shot(host, 'jass-tournament');
  for (const p of [page, watcher, host]) noErrors(p);
});
