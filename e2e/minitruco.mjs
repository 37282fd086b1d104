// miniTruco by clicking: choose a name (a refused one first, to see the error in words),
// the room list, a room (trying the manager's rules controls), ready, and one whole game
// to its end: cards played with the keyboard (focus + Enter), a few truco raises asked,
// raises answered and hands of 11 decided through their dialogs.
//
// With PARLOR_TCP_NICK set, a TCP player already sits in room 1: the browser waits to
// see it there, both get ready, and both play the same game (crates/server/tests/browser.rs
// checks the TCP side).
import { noErrors, open, run, shot } from './lib.mjs';
import { playUntil, setName } from './play-lib.mjs';

const tcp = process.env.PARLOR_TCP_NICK;
const tag = tcp ? 'minitruco-with-tcp' : 'minitruco';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'webby');
  await page.goto(process.env.PARLOR_URL + '/minitruco');

  // The lounge: the room list, and a name the server refuses, shown in words.
  await page.getByRole('button', { name: /Enter room 1 / }).waitFor();
  if (!tcp) {
    await page.fill('#nick', 'no#way');
    await page.getByRole('button', { name: 'Change name' }).click();
    await page.getByRole('alert').getByText('That name is not allowed').waitFor();
    await shot(page, `${tag}-lounge-error`);
    await page.getByRole('button', { name: 'dismiss this message' }).click();
  }
  await shot(page, `${tag}-lounge`);
  await page.getByRole('button', { name: /Enter room 1 / }).click();
  await page.getByRole('heading', { name: 'Room 1' }).waitFor();

  if (tcp) {
    await page.locator('#room .seat', { hasText: tcp }).waitFor();
  } else {
    // Alone in the room, so its manager: switch to the clean deck and back.
    await page.getByRole('button', { name: 'Use the clean deck' }).click();
    await page.getByText('Clean deck (24 cards)').waitFor();
    await page.getByRole('button', { name: 'Use the dirty deck' }).click();
    await page.getByText('Dirty deck (40 cards)').waitFor();
  }
  await page.fill('#chat-input', 'boa sorte');
  await page.press('#chat-input', 'Enter');
  await page.locator('#chat-log', { hasText: 'webby: boa sorte' }).waitFor();
  await shot(page, `${tag}-room`);
  await page.getByRole('button', { name: 'Ready', exact: true }).click();

  await page.locator('#my-hand .card').first().waitFor();
  const seats = await page.locator('#game .seat').allTextContents();
  if (seats.length !== 4) throw new Error('seats: ' + seats);
  if (!seats.some((s) => s.includes('CPU'))) throw new Error('no CPU player marked: ' + seats);
  if (tcp && !seats.some((s) => s.includes(tcp))) throw new Error('the TCP player is not at the table: ' + seats);
  await shot(page, `${tag}-table`);

  let raises = 0;
  await playUntil(page, '#game-over', [
    ['#raise button:text("Accept")', (b) => b.click()],
    ['#eleven button:text("Play the hand")', (b) => b.click()],
    ['button[data-key="raise"]', async (b) => { if (raises++ < 3) await b.click(); else await playCard(); }],
    ['#my-hand button.card:not([disabled])', () => playCard()],
  ]);
  await shot(page, `${tag}-game-over`);
  const summary = await page.locator('#game-over').textContent();
  if (!/Game over: team [12] wins/.test(summary)) throw new Error('summary: ' + summary);

  if (!tcp) {
    // A phone-sized screen shows the same table.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, `${tag}-phone`);
    await page.getByRole('button', { name: 'Play again' }).click();
    await page.locator('#my-hand .card').first().waitFor();
  }
  noErrors(page);

  /** Plays the first card that may be played, from the keyboard. */
  async function playCard() {
    const card = page.locator('#my-hand button.card:not([disabled])').first();
    await card.focus();
    await page.keyboard.press('Enter');
  }
});
