// Alone in the browser: course Truco and Warlords & Scumbags each offer "fill with CPU
// players" to a person nobody else joins; clicking it starts the game with CPU players
// in the empty seats: the cards are dealt at a full table.
import { noErrors, open, run, shot } from './lib.mjs';
import { setName } from './play-lib.mjs';

run(async (browser) => {
  const truco = await open(browser, '/');
  await setName(truco, 'solo');
  await truco.goto(process.env.PARLOR_URL + '/truco');
  await truco.locator('#fill-cpu').click();
  await truco.locator('#my-hand .card').first().waitFor();
  if ((await truco.locator('#game .seat').count()) !== 4) throw new Error('not a table of four');
  // The three other seats are marked as CPU players, with their strength.
  await truco.locator('#game .seat .cpu', { hasText: 'CPU · heuristic' }).nth(2).waitFor();
  const marked = await truco.locator('#game .seat .cpu').count();
  if (marked !== 3) throw new Error(`${marked} seats marked CPU, not 3`);
  await shot(truco, 'truco-alone-with-cpus');
  // Leaving the match: said in words, with the way back.
  await truco.getByRole('button', { name: 'Leave the match' }).click();
  await truco.locator('#left', { hasText: 'a CPU player plays your seat' }).waitFor();
  await truco.getByRole('button', { name: 'Play again' }).waitFor();

  const wars = await open(browser, '/');
  await setName(wars, 'solo');
  await wars.goto(process.env.PARLOR_URL + '/wars');
  await wars.locator('#fill-cpu').click();
  await wars.locator('#my-hand .card').first().waitFor({ timeout: 60_000 });
  // "Fill" means a full table now: seven places, dealt without the lobby's countdown.
  const places = await wars.locator('#game .seat').count();
  if (places !== 7) throw new Error(`${places} places at the Warlords table`);
  await shot(wars, 'wars-alone-with-cpus');
  // Someone watches it: seven places round the table, every hand face down.
  const tables = await (await fetch(process.env.PARLOR_URL + '/api/tables')).json();
  const hall = tables.find((t) => t.game === 'wars');
  const watcher = await open(browser, '/watch?id=' + hall.id);
  await watcher.locator('#watch-table .seat').nth(6).waitFor();
  const faceUp = await watcher.locator('#watch-table .held .card:not(.back)').count();
  if (faceUp) throw new Error(`${faceUp} cards of a hand face up for a watcher`);
  await shot(watcher, 'wars-watch');
  noErrors(watcher);
  await wars.getByRole('button', { name: 'Leave the game' }).click();
  await wars.locator('#left', { hasText: 'You left the game' }).waitFor();
  await wars.getByRole('button', { name: 'Play again' }).waitFor();
  noErrors(truco);
  noErrors(wars);
});
