// miniTruco: a name, the room list, a room, ready, and one whole game by clicking
// (answering raises and hands of 11 through their dialogs). With PARLOR_TCP_NICK set, a
// telnet-style player already waits in room 1 and the two play at the same table.
import { noErrors, open, run, shot } from './lib.mjs';
import { playUntil, setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'webby');
  await page.goto(process.env.PARLOR_URL + '/minitruco');
  await page.getByRole('button', { name: /Enter room 1 / }).click();
  await page.getByRole('heading', { name: 'Room 1' }).waitFor();
  const tcp = process.env.PARLOR_TCP_NICK;
  if (tcp) await page.getByText(tcp).first().waitFor();
  await shot(page, 'minitruco-room');
  await page.getByRole('button', { name: 'Ready' }).click();
  await page.locator('.hand .card').first().waitFor();
  if (tcp && !(await page.locator('.seat', { hasText: tcp }).count())) throw new Error('the TCP player is not at the table');
  await shot(page, tcp ? 'minitruco-with-tcp-table' : 'minitruco-table');
  await playUntil(page, '#game-over', [
    ['[aria-label="raise"] button:text("Accept")', (b) => b.click()],
    ['[aria-label="hand of 11"] button:text("Play the hand")', (b) => b.click()],
    ['.hand .card:not([disabled])', (b) => b.click()],
  ]);
  await shot(page, tcp ? 'minitruco-with-tcp-over' : 'minitruco-game-over');
  noErrors(page);
});
