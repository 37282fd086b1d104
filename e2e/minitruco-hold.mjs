// The end of a hand stays on the table long enough to read: when a miniTruco hand ends,
// its result is shown with the last round's cards still on the table and no new cards
// in hand, and the next deal comes a moment later (about 1.5 s). Cards are played by
// clicking, raises accepted.
import { noErrors, open, run, shot } from './lib.mjs';
import { playUntil, setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/', { hold: true });
  await setName(page, 'reader');
  await page.goto(process.env.PARLOR_URL + '/minitruco');
  await page.getByRole('button', { name: /Enter room 2 / }).click();
  await page.getByRole('heading', { name: 'Room 2' }).waitFor();
  await page.getByRole('button', { name: 'Ready', exact: true }).click();
  await page.locator('#my-hand .card').first().waitFor();
  const names = () => page.locator('#my-hand .card').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label').split(':')[0]));
  const dealt = await names();
  await playUntil(page, '#events li:has-text("Hand 1:")', [
    ['#raise button:text("Accept")', (b) => b.click()],
    ['#eleven button:text("Play the hand")', (b) => b.click()],
    ['#my-hand button.card:not([disabled])', (b) => b.click()],
  ]);
  // The hand's end, held: no new deal yet (the cards in hand are this hand's), the last
  // round's cards still shown.
  const held = await names();
  const onTable = await page.locator('#game .in-front .card').count();
  await shot(page, 'minitruco-hand-end');
  if (held.some((c) => !dealt.includes(c))) throw new Error(`the next deal came with the result: ${held} (dealt ${dealt})`);
  if (onTable === 0) throw new Error('the last round\'s cards were gone with the result');
  const ended = Date.now();
  await page.waitForFunction((old) => [...document.querySelectorAll('#my-hand .card')]
    .some((c) => !old.includes(c.getAttribute('aria-label').split(':')[0])), dealt);
  const waited = Date.now() - ended;
  if (waited > 5000) throw new Error(`the next deal took ${waited} ms`);
  noErrors(page);
});
