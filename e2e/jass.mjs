// Schieber Jass by clicking: create a single game, seat three server bots with JOIN_BOT
// (one partner in Team 1, two opponents in Team 2), choose the trumpf when asked and play
// a whole deal (9 tricks) with the cards the page leaves enabled, until the deal's
// summary (BROADCAST_GAME_FINISHED) shows, reloading the page after her fourth card (it
// must come back to her seat and hand). A phone-sized second page watches the session
// as a spectator: it sees the cards on the table and never a hand. Then Vreni leaves (and
// stays away past the grace period): the spectator sees the server's ERROR in words and the other team's win, and goes back to
// the session choice with "Play again", where joining a session that does not exist
// shows the server's BAD_MESSAGE in words. A third page creates a tournament as its
// spectator and shows the live ranking table; when the test starts bots for it
// (PARLOR_TOURNAMENT_BOTS), it waits for them, starts the tournament and sees a result.

import { noErrors, run, shot } from './lib.mjs';
import { acted, check, explained, framesOf, next, openAs } from './tables-lib.mjs';

const EXPECTED_BOTS = Number(process.env.PARLOR_TOURNAMENT_BOTS || 0);

const pages = {};
run((browser) => explained(pages, async () => {
  const page = await openAs(browser, 'Vreni', '/jass');
  pages.vreni = page;
  await page.locator('#session-name').fill('Stube');
  await page.getByRole('button', { name: 'Create game' }).click();
  await page.locator('#seats').waitFor();
  await check(page, /Vreni/.test(await page.locator('#seats').textContent()), 'Vreni is not seated');

  const watcher = await openAs(browser, 'Kibitz', '/jass', { phone: true });
  pages.kibitz = watcher;
  await watcher.getByRole('button', { name: 'Watch Stube' }).click();
  await watcher.getByRole('heading', { name: /Session Stube \(watching\)/ }).waitFor();

  // Vreni sits in seat 1 (Team 1); her partner and the two opponents are server bots,
  // seated with one click.
  await page.getByRole('button', { name: 'Fill the 3 empty seats with server bots' }).click();
  await page.locator('#hand .card').first().waitFor();
  await check(page, framesOf(page.sent, 'JOIN_BOT') === 3, 'one click asked for three bots');
  // At 1280x800 the whole hand is in view without scrolling.
  const handBottom = await page.locator('#hand').evaluate((h) => h.getBoundingClientRect().bottom);
  await check(page, handBottom <= 800, `the hand ends at ${Math.round(handBottom)} px, below an 800 px screen`);
  await check(page, (await page.locator('#hand .card').count()) === 9, 'nine cards are dealt');

  let moves = 0;
  let dimmedSeen = 0;
  let watcherSawTable = false;
  let reloaded = false;
  let lastTrickNamed = false;
  for (;;) {
    const what = await next(page, {
      summary: '#deal-summary',
      trumpf: '#trumpf-dialog button',
      card: '#hand button.card:not([disabled])',
    }, 'jass-deal');
    if (what === 'summary') break;
    if (what === 'trumpf') {
      // The modes that count more say so (the server's multipliers are on).
      const labels = await page.locator('#trumpf-dialog button').allTextContents();
      for (const [mode, times] of [['Spades', 2], ['Clubs', 2], ['Obeabe', 3], ['Undeufe', 3]]) {
        await check(page, labels.some((l) => l.includes(mode) && l.includes(`×${times}`)), `${mode} does not say ×${times}: ${labels}`);
      }
      await check(page, labels.some((l) => /Hearts$/.test(l)), 'hearts count once: ' + labels);
      await shot(page, 'jass-trumpf-dialog');
      await acted(page, () => page.locator('#trumpf-dialog').getByRole('button', { name: /Hearts/ }).click());
      continue;
    }
    if (what !== 'card') continue;
    // Hearts is trumpf (Vreni or a bot chose; Vreni chooses hearts): once it is known,
    // the hand shows the trumpf suit first.
    const mode = await page.locator('#status, .status').allTextContents();
    const hand = await page.locator('#hand .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));
    const trumpfSuit = (/trumpf ♥ hearts/.test(await page.locator('main').textContent())) ? 'hearts' : null;
    if (trumpfSuit && hand.some((c) => c.includes(trumpfSuit))) {
      const firstOther = hand.findIndex((c) => !c.includes(trumpfSuit));
      const lastTrumpf = hand.map((c) => c.includes(trumpfSuit)).lastIndexOf(true);
      await check(page, firstOther === -1 || lastTrumpf < firstOther, `the trumpf suit is not first: ${hand} (${mode})`);
    }
    // The last trick names who played each card.
    if (await page.locator('.last-trick').count()) {
      const who = await page.locator('.last-trick figcaption').allTextContents();
      await check(page, who.length === 4 && who.every((n) => n.length > 0), 'the last trick does not say who played: ' + who);
      lastTrickNamed = true;
    }
    const onTable = await page.locator('#trick .card').count();
    dimmedSeen += await page.locator('#hand .card.dimmed').count();
    if (onTable > 0 && !watcherSawTable) {
      // The spectator sees the same cards on the table, and no hand of its own.
      await watcher.waitForFunction((n) => document.querySelectorAll('#trick .card').length === n, onTable);
      await check(watcher, (await watcher.locator('#hand, .hand').count()) === 0, 'the spectator was shown a hand');
      watcherSawTable = true;
      await shot(watcher, 'jass-spectator-phone');
    }
    if (moves === 4 && !reloaded) {
      await shot(page, 'jass-table-mid-deal');
      // A reload in the middle of the deal: the page comes back to Vreni's seat with the
      // five cards she still holds, and the deal goes on.
      reloaded = true;
      await page.reload();
      await page.waitForFunction(() => document.querySelectorAll('#hand .card').length === 5);
      await shot(page, 'jass-after-reload');
      continue;
    }
    // The page focuses a card it allows when the turn comes: the first trick is played
    // with the keyboard, the rest by clicking.
    const focused = await page.evaluate(() => document.activeElement?.matches('#hand button.card:not([disabled])') ?? false);
    if (moves === 0) await check(page, focused, 'no playable card has the focus at Vreni\'s first turn');
    const play = moves === 0
      ? () => page.keyboard.press('Enter')
      : () => page.locator('#hand button.card:not([disabled])').first().click();
    if (await acted(page, play)) moves += 1;
  }
  const chosen = framesOf(page.sent, 'CHOOSE_CARD');
  const rejected = framesOf(page.received, 'REJECT_CARD');
  await check(page, rejected === 0, `the server refused ${rejected} cards the page allowed`);
  await check(page, chosen === 9, `Vreni played ${chosen} cards in the deal (${moves} clicks), not 9:\n${page.sent.join('\n')}`);
  await check(page, watcherSawTable, 'the spectator never saw cards on the table');
  await check(page, lastTrickNamed, 'the last trick was never shown with its players');
  const summary = await page.locator('#deal-summary').textContent();
  await check(page, /Deal 1 finished/.test(summary) && /Team 1/.test(summary) && /Team 2/.test(summary), 'deal summary: ' + summary);
  await shot(page, 'jass-deal-summary');
  await watcher.locator('#deal-summary').waitFor();
  await check(watcher, (await watcher.locator('#hand, .hand').count()) === 0, 'the spectator was shown a hand');
  await shot(watcher, 'jass-spectator-summary-phone');
  console.log(`jass: 9 cards played (${moves} clicks), ${dimmedSeen} dimmed cards seen at Vreni's turns`);

  // Vreni leaves: the server's ERROR is shown in words, the other team wins, and the
  // spectator can start again from the session choice.
  noErrors(page);
  await page.close();
  await watcher.locator('#game-over').waitFor();
  await watcher.locator('#errors', { hasText: 'Player Vreni left the game!' }).waitFor();
  await check(watcher, /Team 2 wins/.test(await watcher.locator('#game-over').textContent()), 'Team 2 wins when Vreni leaves');
  // The end screen shows the final result, not the next deal or cards in hand.
  const status = await watcher.locator('#status').textContent();
  await check(watcher, /^Game over after \d+ deals?: Team 1 \d+, Team 2 \d+\.$/.test(status), 'end status: ' + status);
  await check(watcher, !/cards/.test(await watcher.locator('.compass').textContent()), 'cards counted after the game');
  await shot(watcher, 'jass-spectator-game-over-phone');
  await watcher.getByRole('button', { name: 'Play again' }).click();
  await watcher.locator('#session-name').fill('Nowhere');
  await watcher.getByRole('button', { name: 'Join by name' }).click();
  await watcher.locator('#errors', { hasText: 'Nowhere is not a session' }).waitFor();
  await shot(watcher, 'jass-lobby-bad-message-phone');

  const host = await openAs(browser, 'Referee', '/jass');
  pages.referee = host;
  await host.locator('#tournament-name').fill('Cup');
  await host.getByRole('button', { name: 'Create tournament' }).click();
  await host.locator('#ranking').waitFor();
  if (EXPECTED_BOTS > 0) {
    // Each bot joins with two connections: its row says 2 connected clients.
    await host.waitForFunction((n) => [...document.querySelectorAll('#ranking tr')]
      .filter((r) => r.cells.length === 4 && r.cells[3].textContent === '2').length === n, EXPECTED_BOTS, { timeout: 60_000 });
    await shot(host, 'jass-tournament-ranking');
    await host.getByRole('button', { name: 'Start the tournament' }).click();
    await host.locator('#pairings li').first().waitFor({ timeout: 60_000 });
    await check(host, !(await host.getByRole('button', { name: 'Start the tournament' }).count()), 'START_TOURNAMENT is still offered');
    // When it is over (the server closes its connections) the ranking is final and no
    // longer counts connected clients.
    await host.locator('#ranking caption', { hasText: 'Final ranking' }).waitFor({ timeout: 60_000 });
    await check(host, !(await host.locator('#ranking th', { hasText: 'Connected clients' }).count()), 'the final ranking counts connections');
    await shot(host, 'jass-tournament-final');
  }
  await shot(host, 'jass-tournament');

  // On a phone the hand is always in view: while choosing the trumpf, and during play.
  const phone = await openAs(browser, 'Heidi', '/jass', { phone: true });
  pages.heidi = phone;
  await phone.locator('#session-name').fill('Handy');
  await phone.getByRole('button', { name: 'Create game' }).click();
  await phone.getByRole('button', { name: 'Fill the 3 empty seats with server bots' }).click();
  const cardsInView = () => phone.locator('#hand .card').evaluateAll((cards) => cards.length > 0
    && cards.every((c) => { const r = c.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }));
  await phone.locator('#trumpf-dialog button').first().waitFor();
  await check(phone, await cardsInView(), 'the trumpf choice hides the hand on a phone');
  await shot(phone, 'jass-trumpf-phone');
  await acted(phone, () => phone.locator('#trumpf-dialog').getByRole('button', { name: /Hearts/ }).click());
  await phone.locator('#hand button.card:not([disabled])').first().waitFor();
  await check(phone, await cardsInView(), 'the hand is not in view during play on a phone');
  await shot(phone, 'jass-play-phone');
  for (const p of [watcher, host, phone]) noErrors(p);
}));
