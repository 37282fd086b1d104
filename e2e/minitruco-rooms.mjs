// miniTruco's tables in the style of today's app, by clicking: two people at one private
// table in Mineiro mode. The first browser (a desktop screen) makes the table and reads
// its code and link; the second (a phone-sized screen) first opens a link with a wrong
// code (the refusal shown in words), then types the right code. The manager rotates the
// partners and swaps the opponents (the other page shows its new seat each time) and
// starts; both play the whole game against two CPU players: cards (one face down when
// the server allows it), a few raises asked (only Mineiro's values are offered), raises
// and hands of 10 accepted. After the game, "Back to the room" brings both back to the
// table. Then both move to a public Paulista table and start a game there, which the
// second leaves: a CPU player takes her seat and the first is told so. All along, each
// page echoes the server's keep-alive lines.
import { BASE, noErrors, open, run, shot } from './lib.mjs';
import { checkAroundTable, playUntil, recordFrames, setName } from './play-lib.mjs';

const tag = 'minitruco-rooms';
const FIXED_MANILHAS = 'manilhas: 4 of clubs, 7 of hearts, A of spades, 7 of diamonds';

run(async (browser) => {
  const ana = await open(browser, '/');
  const bia = await open(browser, '/', { phone: true });
  for (const [page, name] of [[ana, 'ana'], [bia, 'bia']]) {
    await setName(page, name);
    recordFrames(page);
    watchLines(page);
  }
  const seatOf = (page, text) => page.locator('#app-room .seat', { hasText: text });

  // ana makes a private table in Mineiro mode: its code, and a link to it.
  await ana.goto(BASE + '/minitruco');
  await ana.getByRole('heading', { name: 'Play with friends' }).waitFor();
  await ana.selectOption('#app-mode', 'M');
  await ana.getByRole('button', { name: 'New private table' }).click();
  await ana.getByText('Mode: Mineiro.').waitFor();
  const code = (await ana.locator('#private-code').textContent()).trim();
  if (!/^[0-9]{5}$/.test(code)) throw new Error('the table code: ' + code);
  const link = await ana.locator('#share-link').inputValue();
  if (!link.endsWith('/minitruco?code=' + code)) throw new Error('the link to share: ' + link);
  await seatOf(ana, 'Seat 1: ana (you)').getByText('manager').waitFor();
  if ((await ana.locator('#app-room .seat', { hasText: 'a CPU player will sit here' }).count()) !== 3) {
    throw new Error('three empty seats expected: ' + await ana.locator('#app-room .seats').textContent());
  }
  await shot(ana, `${tag}-new-table`);

  // bia: a link with a wrong code is refused in words; then she types the right one.
  const wrong = String((Number(code) + 1) % 100000).padStart(5, '0');
  await bia.goto(`${BASE}/minitruco?code=${wrong}`);
  await bia.getByRole('alert').getByText('No private table has that code').waitFor();
  await bia.getByRole('heading', { name: 'Play with friends' }).waitFor();
  await shot(bia, `${tag}-wrong-code-phone`);
  await bia.getByRole('button', { name: 'dismiss this message' }).click();
  await bia.fill('#table-code', code);
  await bia.getByRole('button', { name: 'Join private table' }).click();
  await seatOf(bia, 'Seat 2: bia (you)').waitFor();
  await seatOf(ana, 'Seat 2: bia').waitFor();
  await bia.getByText(`ana (seat 1) manages this table`).waitFor();
  if (await bia.getByRole('button', { name: 'Start the game' }).count()) throw new Error('bia may start the game');

  // The manager moves bia: rotating the partners puts her in seat 4, swapping the
  // opponents back in seat 2.
  await ana.getByRole('button', { name: 'Rotate partners' }).click();
  await seatOf(bia, 'Seat 4: bia (you)').waitFor();
  await ana.getByRole('button', { name: 'Swap opponents' }).click();
  await seatOf(bia, 'Seat 2: bia (you)').waitFor();
  await seatOf(ana, 'Seat 2: bia').waitFor();
  await shot(ana, `${tag}-room`);
  await shot(bia, `${tag}-room-phone`);

  await ana.getByRole('button', { name: 'Start the game' }).click();
  for (const page of [ana, bia]) {
    await page.locator('#my-hand .card').first().waitFor();
    const seats = await page.locator('#game .seat .who').allTextContents();
    const cpus = seats.filter((s) => s.includes('CPU')).length;
    if (seats.length !== 4 || cpus !== 2 || !seats.some((s) => s.includes('ana')) || !seats.some((s) => s.includes('bia'))) {
      throw new Error('the seats at the table: ' + seats);
    }
    // Mineiro has fixed manilhas and no vira.
    const manilhas = await page.locator('#manilhas').textContent();
    if (manilhas !== FIXED_MANILHAS) throw new Error('manilhas: ' + manilhas);
    if (await page.locator('#game .vira').count()) throw new Error('a vira is shown in Mineiro');
  }
  await checkAroundTable(ana);
  await shot(ana, `${tag}-table`);
  await shot(bia, `${tag}-table-phone`);

  const offered = new Set();
  await Promise.all([playGame(ana, offered), playGame(bia, offered)]);
  for (const label of offered) {
    if (!/^Ask for (truco \(4|six \(6|ten \(10|twelve \(12) points\)$/.test(label)) throw new Error('a raise Mineiro does not have: ' + label);
  }
  if (!offered.size) throw new Error('no raise was ever offered');
  for (const page of [ana, bia]) {
    const summary = await page.locator('#game-over').textContent();
    if (!/Game over: team [12] wins/.test(summary)) throw new Error('summary: ' + summary);
  }
  await shot(ana, `${tag}-game-over`);
  await shot(bia, `${tag}-game-over-phone`);
  const faceDown = ana.lines.sent.filter((l) => /^J \S+ T$/.test(l)).length + bia.lines.sent.filter((l) => /^J \S+ T$/.test(l)).length;
  if (!faceDown) throw new Error('no card was played face down');

  // ana goes back to the room: both are at the table again, which has the two of them.
  await ana.getByRole('button', { name: 'Back to the room' }).click();
  for (const page of [ana, bia]) {
    await seatOf(page, 'Seat 1: ana').waitFor();
    await seatOf(page, 'Seat 2: bia').waitFor();
  }
  await shot(bia, `${tag}-back-phone`);

  // A public Paulista table: bia leaves (ana sees the seat empty) for one, where she is
  // alone, so she manages it; ana leaves too and joins the public table with a free seat.
  await bia.getByRole('button', { name: 'Leave the table' }).click();
  await seatOf(ana, 'Seat 2: empty').waitFor();
  await bia.selectOption('#app-mode', 'P');
  await bia.getByRole('button', { name: 'Join a public table' }).click();
  await bia.getByRole('heading', { name: 'Public table' }).waitFor();
  await bia.getByText('Mode: Paulista.').waitFor();
  await seatOf(bia, 'Seat 1: bia (you)').getByText('manager').waitFor();
  await ana.getByRole('button', { name: 'Leave the table' }).click();
  await ana.selectOption('#app-mode', 'P');
  await ana.getByRole('button', { name: 'Join a public table' }).click();
  await seatOf(ana, 'Seat 2: ana (you)').waitFor();
  await seatOf(bia, 'Seat 2: ana').waitFor();
  // bia starts, then leaves the game: a CPU player takes her seat, and ana is told.
  await bia.getByRole('button', { name: 'Start the game' }).click();
  for (const page of [ana, bia]) await page.locator('#my-hand .card').first().waitFor();
  const vira = await ana.locator('#game .vira').count();
  if (!vira || !/^manilhas: the (10|[2-9AKJQ])s$/.test(await ana.locator('#manilhas').textContent())) throw new Error('Paulista: no vira, or the manilhas not after it');
  bia.once('dialog', (d) => d.accept());
  await bia.getByRole('button', { name: 'Leave (a CPU player takes your seat)' }).click();
  await bia.getByRole('heading', { name: 'Play with friends' }).waitFor();
  await ana.getByRole('alert').getByText('bia left: a CPU player took the seat.').waitFor();
  await ana.locator('#game .seat', { hasText: 'bia' }).locator('.cpu').waitFor();
  await shot(ana, `${tag}-public-left`);
  ana.once('dialog', (d) => d.accept());
  await ana.getByRole('button', { name: 'Leave (a CPU player takes your seat)' }).click();
  await ana.getByRole('heading', { name: 'Play with friends' }).waitFor();

  // The keep-alive: the server's `K` lines came and each was echoed exactly.
  for (const page of [ana, bia]) {
    const got = page.lines.received.filter((l) => l.startsWith('K '));
    const echoed = page.lines.sent.filter((l) => l.startsWith('K '));
    if (!got.length || got.some((k) => !echoed.includes(k))) throw new Error(`keep-alive: got ${got}, echoed ${echoed}`);
    noErrors(page);
  }
  console.log(`table ${code}: raises offered ${[...offered].join(', ')}; ${faceDown} card(s) face down`);
});

/** Keeps every line the page sent and got (on all its WebSockets) in `page.lines`. */
function watchLines(page) {
  page.lines = { sent: [], received: [] };
  page.on('websocket', (ws) => {
    ws.on('framesent', (f) => page.lines.sent.push(String(f.payload)));
    ws.on('framereceived', (f) => page.lines.received.push(String(f.payload)));
  });
}

/**
 * Plays until the game is over: raises and hands of 10 accepted, one raise asked, and
 * once a card face down (the toggle is then switched off again). The raise buttons'
 * labels go into `offered`.
 */
async function playGame(page, offered) {
  let raises = 0;
  let closed = false;
  const card = () => page.locator('#my-hand button.card:not([disabled])').first().click();
  await playUntil(page, '#game-over', [
    ['#raise button:text("Accept")', (b) => b.click()],
    ['#eleven button:text("Play the hand")', (b) => b.click()],
    ['button[data-key="face-down"][aria-pressed="true"]', (b) => b.click()],
    ['button[data-key="raise"]', async (b) => {
      offered.add((await b.textContent()).trim());
      if (raises++ < 1) await b.click();
      else await card();
    }],
    ['button[data-key="face-down"][aria-pressed="false"]', async (b) => {
      if (!closed) {
        closed = true;
        await b.click();
      }
      await card();
    }],
    ['#my-hand button.card:not([disabled])', (b) => b.click()],
  ]);
}
