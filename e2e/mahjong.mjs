// Riichi mahjong by clicking: join (three CPU players fill the table at once), then play
// one whole hand: press Tsumo or Ron when the page offers them (the server may refuse,
// e.g. without yaku; the page then stops offering it), otherwise discard the tile just
// drawn and pass on every claim, until the hand's summary (the win's breakdown or the
// draw) shows (claims where passing is all Kenji could do are passed by the page
// itself); the first discard is made with the keyboard (the page focuses the tile
// just drawn); after the sixth discard the page is reloaded and must come back to the
// same seat of the same hand. Throughout the hand the other players' hands must show only tile backs.
// A chat message goes round; then "Next hand" (ack) must bring the next deal. A
// phone-sized page joins a table too.

import { noErrors, run, shot } from './lib.mjs';
import { acted, check, explained, next, openAs } from './tables-lib.mjs';

/** Joins a table from the page's join form and waits for the deal. */
async function joinTable(page, name) {
  await page.locator('#mj-name').fill(name);
  await page.getByRole('button', { name: 'Join a table' }).click();
  await page.locator('#my-hand .mj-tile').first().waitFor();
  await page.waitForFunction(() => document.querySelectorAll('#my-hand .mj-tile').length >= 13);
}

/**
 * Reloads the page in the middle of a hand: it comes back to the same seat of the same
 * game (the server gives the seat back to the same name from the same address), with the
 * player's own discards so far on the table and a full hand.
 */
async function reloadMidHand(page) {
  const mine = '.mj-row.discards[aria-label="Kenji\'s discards"] .mj-tile';
  await page.locator(mine).nth(5).waitFor();
  const before = await page.locator('#hand-name').textContent();
  await page.reload();
  await page.waitForFunction(() => document.querySelectorAll('#my-hand .mj-tile').length >= 13);
  await page.locator(mine).nth(5).waitFor();
  await check(page, (await page.locator('#hand-name').textContent()) === before, 'the same hand after the reload');
  await shot(page, 'mahjong-after-reload');
}

/** No face of another player's concealed tiles is on the page (until the hand is over). */
async function secretsKept(page) {
  const faces = await page.locator('.hand-others .mj-tile:not(.back)').count();
  if (faces && !(await page.locator('#hand-summary').count())) {
    await shot(page, 'mahjong-secret-shown');
    throw new Error(`${faces} tiles of other players' hands were shown face up during the hand`);
  }
}

const pages = {};
run((browser) => explained(pages, async () => {
  const page = await openAs(browser, 'Kenji', '/mahjong');
  pages.kenji = page;
  await joinTable(page, 'Kenji');
  await check(page, (await page.locator('.hand-others .mj-tile.back').count()) >= 36, 'the three other hands show their backs');
  await secretsKept(page);
  await shot(page, 'mahjong-dealt');
  // The hand is named as players name it: the first dealer of the East round.
  const first = await page.locator('#hand-name').textContent();
  await check(page, first === 'East 1', 'the first hand is called ' + first);

  const counts = { discard: 0, pass: 0, tsumo: 0, ron: 0, riichi: 0, locked: 0 };
  for (;;) {
    const what = await next(page, {
      summary: '#hand-summary',
      ron: '#claim-dialog [data-key="claim-ron"]',
      claim: '#claim-dialog [data-key="claim-pass"]',
      tsumo: '#play-actions [data-key="tsumo"]',
      riichi: '#play-actions [data-key="riichi"][aria-pressed="false"]',
      discard: '#my-hand button.mj-tile:not([disabled])',
    }, 'mahjong-hand');
    await secretsKept(page);
    if (what === 'summary') break;
    const press = (selector) => acted(page, () => page.locator(selector).click());
    if (what === 'ron' && await press('#claim-dialog [data-key="claim-ron"]')) counts.ron += 1;
    if (what === 'claim' && await press('#claim-dialog [data-key="claim-pass"]')) counts.pass += 1;
    if (what === 'tsumo' && await press('#play-actions [data-key="tsumo"]')) counts.tsumo += 1;
    if (what === 'riichi') {
      // Riichi when the page offers it: then the tenpai discard, and from the next turn
      // on only the tile just drawn may be clicked.
      await page.locator('#play-actions [data-key="riichi"]').click();
      const tile = page.locator('#my-hand button.mj-tile:not([disabled])').last();
      if (await acted(page, () => tile.click())) counts.riichi += 1;
      continue;
    }
    if (what === 'discard' && counts.riichi) {
      const open = await page.locator('#my-hand button.mj-tile:not([disabled])').count();
      const drawnOpen = await page.locator('#my-hand button.mj-tile.drawn:not([disabled])').count();
      await check(page, open === drawnOpen, `in riichi ${open} tiles may be clicked, not only the one drawn`);
      counts.locked += 1;
    }
    if (what === 'discard') {
      // The page focuses the tile just drawn: the first discard is made with the keyboard.
      let discard;
      if (counts.discard === 0) {
        await check(page, await page.evaluate(() => document.activeElement?.matches('#my-hand button.drawn') ?? false), 'the drawn tile has no focus');
        discard = () => page.keyboard.press('Enter');
      } else {
        const drawn = page.locator('#my-hand button.mj-tile.drawn:not([disabled])');
        const target = (await drawn.count()) ? drawn : page.locator('#my-hand button.mj-tile:not([disabled])').last();
        discard = () => target.click();
      }
      if (await acted(page, discard)) {
        counts.discard += 1;
        if (counts.discard === 6) {
          await shot(page, 'mahjong-mid-hand');
          // The last discard on the table is marked, and only it.
          await page.locator('.discards .last-discard').first().waitFor();
          await check(page, (await page.locator('.discards .last-discard').count()) === 1, 'more than one last discard');
          await reloadMidHand(page);
        }
      }
    }
  }
  const summary = await page.locator('#hand-summary').textContent();
  await check(page, /wins|Draw/.test(summary), 'hand summary: ' + summary);
  // A win is said as players say it: han and fu (or the limit) and the payments.
  for (const worth of await page.locator('.win-worth').allTextContents()) {
    await check(page, /^(\d+ han \d+ fu(: [a-z ]+)?|\d*x? ?[Yy]akuman), \d+(\/\d+| all)?$/.test(worth), 'a win is worth: ' + worth);
  }
  await page.locator('#next-hand').waitFor();
  await shot(page, 'mahjong-hand-summary');
  console.log(`mahjong: ${JSON.stringify(counts)}; summary: ${summary.replace(/\s+/g, ' ').slice(0, 300)}`);
  // Where passing was all Kenji could do, the page passed by itself: fewer dialogs than
  // claims, and every claim answered.
  const claims = page.received.filter((f) => f === 'claim').length;
  const passes = page.sent.filter((f) => f === 'pass').length;
  console.log(`mahjong: ${claims} claims, ${passes} passes, ${counts.pass} of them clicked`);
  await check(page, claims === 0 || passes > counts.pass, 'the page never passed by itself');

  // mmj1 chat: to everyone, Kenji included, so it comes back.
  await page.locator('#chat-text').fill('Good hand!');
  await page.locator('#chat-text').press('Enter');
  await page.locator('#chat-log', { hasText: 'Kenji: Good hand!' }).waitFor();

  await page.locator('#next-hand').click();
  // The next hand has its own name: the next dealer ("East 2"), or the same with a honba.
  await page.waitForFunction((name) => !document.querySelector('#hand-summary')
    && /^East [12](, \d+ honba)?$/.test(document.querySelector('#hand-name')?.textContent || '')
    && document.querySelector('#hand-name').textContent !== name, first);
  await page.waitForFunction(() => document.querySelectorAll('#my-hand .mj-tile').length >= 13);
  await secretsKept(page);
  await shot(page, 'mahjong-next-hand');

  const phone = await openAs(browser, 'Aiko', '/mahjong', { phone: true });
  pages.aiko = phone;
  await joinTable(phone, 'Aiko');
  await shot(phone, 'mahjong-phone');
  // On a phone one's own tiles are big enough to touch.
  const tile = await phone.locator('#my-hand .mj-tile').first().boundingBox();
  await check(phone, tile.height >= 44, `own tiles are ${tile.height} px tall on a phone`);
  noErrors(page);
  noErrors(phone);
}));
