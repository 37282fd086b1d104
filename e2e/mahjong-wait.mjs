// Waiting for a Mahjong table when nobody else comes (the server seats CPU players after
// an hour here): the page says how long at most, and "Start now with CPU players" deals
// at once, and the table can be watched. On a desktop and a phone.
import { noErrors, open, run, shot } from './lib.mjs';
import { openAs } from './tables-lib.mjs';

run(async (browser) => {
  for (const phone of [false, true]) {
    const page = await openAs(browser, phone ? 'Mika' : 'Kenji', '/mahjong', phone ? { phone: true } : undefined);
    await page.getByRole('button', { name: 'Join a table' }).click();
    const wait = page.locator('#waiting-time');
    await wait.filter({ hasText: /in at most \d+ s/ }).waitFor();
    const before = Number((await wait.textContent()).match(/(\d+) s/)[1]);
    if (before < 3500) throw new Error('the wait said: ' + (await wait.textContent()));
    // The countdown runs.
    await page.waitForFunction((b) => Number(document.querySelector('#waiting-time').textContent.match(/(\d+) s/)[1]) < b, before);
    await shot(page, phone ? 'mahjong-waiting-phone' : 'mahjong-waiting');
    await page.getByRole('button', { name: 'Start now with CPU players' }).click();
    await page.waitForFunction(() => document.querySelectorAll('#my-hand .mj-tile').length >= 13);
    if (!page.sent.includes('fill')) throw new Error('the page did not ask for CPU players: ' + page.sent);
    // Someone watches the table: four seats with their tiles face down, the dora, ponds.
    const tables = await (await fetch(process.env.PARLOR_URL + '/api/tables')).json();
    const table = tables.find((t) => t.game === 'mahjong');
    const watcher = await open(browser, '/watch?id=' + table.id, phone ? { phone: true } : undefined);
    await watcher.locator('#watch-table .seat').nth(3).waitFor();
    await watcher.locator('#watch-table', { hasText: 'dora indicators' }).waitFor();
    const faceUp = await watcher.locator('#watch-table .held .mj-tile:not(.back)').count();
    if (faceUp) throw new Error(`${faceUp} tiles of a hand face up for a watcher`);
    await shot(watcher, phone ? 'mahjong-watch-phone' : 'mahjong-watch');
    noErrors(watcher);
    await watcher.close();
    noErrors(page);
    await page.close();
  }
});
