// miniTruco by clicking: choose a name (a refused one first, to see the error in words),
// the room list, a room (trying the manager's rules controls and the chat), ready, a
// reload in the middle of the game (the page comes back to its seat), and one whole game
// to its end from the keyboard: the page moves the focus to a playable card
// when the turn comes and into a dialog when one opens, and Enter plays or answers. A
// few truco raises are asked; raises and hands of 11 are accepted in their dialogs.
//
// With PARLOR_TCP_NICK set, a TCP player already sits in room 1: the browser waits to
// see it there, both get ready, and both play the same game (crates/server/tests/browser.rs
// checks the TCP side).
import { noErrors, open, run, shot } from './lib.mjs';
import { checkAroundTable, checkScoreInView, checkSteadyHand, playUntil, recordFrames, setName } from './play-lib.mjs';

const tcp = process.env.PARLOR_TCP_NICK;
const tag = tcp ? 'minitruco-with-tcp' : 'minitruco';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'webby');
  recordFrames(page);
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
  // Each seat's name and badges (its played card is drawn in the seat too).
  const seats = await page.locator('#game .seat .who').allTextContents();
  if (seats.length !== 4) throw new Error('seats: ' + seats);
  if (!seats.some((s) => s.includes('CPU'))) throw new Error('no CPU player marked: ' + seats);
  // Their strength is shown (the server's default: heuristic players).
  if (!seats.some((s) => s.includes('CPU · heuristic'))) throw new Error('no CPU strength shown: ' + seats);
  if (tcp && !seats.some((s) => s.includes(tcp))) throw new Error('the TCP player is not at the table: ' + seats);
  await shot(page, `${tag}-table`);
  await checkAroundTable(page);
  // The page says which cards are the manilhas (here: after the vira).
  const manilhas = await page.locator('#manilhas').textContent();
  if (!/^manilhas: the (10|[2-9AKJQ])s$/.test(manilhas)) throw new Error('manilhas: ' + manilhas);

  if (!tcp) {
    await checkSteadyHand(page);
    // A reload in the middle of the game comes back to the same seat of the same game:
    // the same names around the table, and the hand so far.
    await page.reload();
    await page.locator('#my-hand .card').first().waitFor();
    // The CPU players' strength comes with the server's health, which a page back at
    // its seat may draw its table before.
    await page.locator('#game .seat .who', { hasText: 'CPU · heuristic' }).first().waitFor();
    const back = await page.locator('#game .seat .who').allTextContents();
    if (back.join() !== seats.join()) throw new Error(`after the reload: ${back} (before: ${seats})`);
    await shot(page, `${tag}-after-reload`);
  }

  // Answers by keyboard when the page put the focus in the dialog (it should).
  let raises = 0;
  const keyboard = { cards: 0, focusedCards: 0, dialogs: 0, focusedDialogs: 0 };
  const answer = (dialog) => async (b) => {
    keyboard.dialogs++;
    if (await page.evaluate((d) => Boolean(document.activeElement?.closest(d)), dialog)) {
      keyboard.focusedDialogs++;
      await page.keyboard.press('Enter');
    } else {
      await b.click();
    }
  };
  await playUntil(page, '#game-over', [
    ['#raise button:text("Accept")', answer('#raise')],
    ['#eleven button:text("Play the hand")', answer('#eleven')],
    ['button[data-key="raise"]', async (b) => { if (raises++ < 3) await b.click(); else await playCard(); }],
    ['#my-hand button.card:not([disabled])', () => playCard()],
  ]);
  console.log('keyboard:', JSON.stringify(keyboard));
  if (!keyboard.focusedCards) throw new Error('the page never put the focus on a playable card');
  if (keyboard.dialogs && !keyboard.focusedDialogs) throw new Error('no dialog got the focus');
  await shot(page, `${tag}-game-over`);
  if (tcp && !(await page.locator('#game .seat', { hasText: tcp }).count())) throw new Error('the TCP player vanished from the table');
  const summary = await page.locator('#game-over').textContent();
  if (!/Game over: team [12] wins/.test(summary)) throw new Error('summary: ' + summary);
  // A refused raise is told for what it means: one refusal leaves the partner to answer.
  const events = await page.locator('#events li').allTextContents();
  const lone = events.filter((t) => / folded\.$/.test(t));
  if (lone.length) throw new Error('a refusal told as a fold: ' + lone[0]);
  console.log('refusals:', events.filter((t) => /refuses/.test(t)).length);

  if (!tcp) {
    // A phone-sized screen shows the same table.
    await checkScoreInView(page);
    await shot(page, `${tag}-phone`);
    await page.getByRole('button', { name: 'Play again' }).click();
    await page.locator('#my-hand .card').first().waitFor();
  }
  noErrors(page);

  /** Plays a card from the keyboard: the one the page focused, or the first allowed. */
  async function playCard() {
    keyboard.cards++;
    if (await page.evaluate(() => Boolean(document.activeElement?.matches('#my-hand button.card:not(:disabled)')))) {
      keyboard.focusedCards++;
    } else {
      await page.locator('#my-hand button.card:not([disabled])').first().focus();
    }
    await page.keyboard.press('Enter');
  }
});
