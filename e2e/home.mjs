// The home page: the five games, each with a line and its live player count (from
// /healthz: opening a game page elsewhere makes its count go up), and a name that is
// kept across reloads and shown by the game pages. Screenshots on a desktop and on a
// phone-sized screen.
import { noErrors, open, run, shot } from './lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  const games = page.locator('.games li h2');
  await games.first().waitFor();
  const titles = await games.allTextContents();
  const want = ['miniTruco', 'Course Truco', 'Warlords & Scumbags', 'Schieber Jass', 'Riichi Mahjong'];
  if (JSON.stringify(titles) !== JSON.stringify(want)) throw new Error('games: ' + titles);
  await page.waitForFunction(() => [...document.querySelectorAll('.count')].every((c) => /^\d+$/.test(c.textContent)));
  if ((await page.locator('.games li a.play').count()) !== 5) throw new Error('a game has no Play link');

  // The name is kept (localStorage) and the game pages use it.
  await page.fill('#name', 'Ana');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('you play as “Ana”').waitFor();
  await page.reload();
  if ((await page.inputValue('#name')) !== 'Ana') throw new Error('the name was not kept');

  // Someone opens the Warlords page: the count goes up within a refresh or two.
  const player = await page.context().newPage();
  player.errors = [];
  player.on('pageerror', (e) => player.errors.push(String(e)));
  player.on('console', (m) => { if (m.type() === 'error') player.errors.push(m.text()); });
  await player.goto(process.env.PARLOR_URL + '/wars');
  await player.locator('header .who', { hasText: 'Ana' }).waitFor();
  await page.locator('.count[data-game="wars"]', { hasText: /^1$/ }).waitFor({ timeout: 10_000 });
  await page.getByText('One person is playing now.').waitFor();
  // Someone starts a course Truco match with CPU players: it is listed under "Playing
  // now" with its seats, and can be watched live.
  await page.locator('#live-none').waitFor();
  const truco = await page.context().newPage();
  truco.errors = [];
  truco.on('pageerror', (e) => truco.errors.push(String(e)));
  await truco.goto(process.env.PARLOR_URL + '/truco');
  await truco.locator('#fill-cpu').click();
  await truco.locator('#my-hand .card').first().waitFor();
  const live = page.locator('#live-tables li[data-game="truco"]');
  await live.waitFor({ timeout: 10_000 });
  const text = await live.textContent();
  const cpus = await live.locator('.seat-cpu').count();
  if (!/Course Truco/.test(text) || cpus !== 3 || !/Ana/.test(text)) {
    throw new Error(`the running table as listed (${cpus} CPU seats): ${text}`);
  }
  await shot(page, 'home-playing-now');

  // Watching it: the Watch link opens the table as anyone at it sees it, live.
  const href = await live.locator('a.watch').getAttribute('href');
  const watcher = await open(browser, href);
  await watcher.locator('#watch-table').waitFor();
  if (!/Course Truco/.test(await watcher.locator('#watch-title').textContent())) throw new Error('no title');
  const seatsShown = await watcher.locator('#watch-table .seat').count();
  if (seatsShown !== 4) throw new Error(`${seatsShown} seats watched`);
  // Ana plays a card: the watcher is told, and sees it on the table.
  await truco.locator('#my-hand .card').first().click();
  // (The CPU players may finish the hand at once: then the next hand is being told.)
  await watcher.waitForFunction(() => /Ana plays/.test(document.getElementById('watch-steps')?.textContent)
    || /^Hand [2-9]/.test(document.querySelector('main .hint')?.textContent));
  await watcher.locator('#watch-table .played .card').first().waitFor();
  await shot(watcher, 'watch');
  const phoneWatch = await open(browser, href, { phone: true });
  await phoneWatch.locator('#watch-table').waitFor();
  await shot(phoneWatch, 'watch-phone');
  // Ana closes her page after playing: her seat is kept for her (away), the table goes on.
  await truco.close();
  await page.locator('#live-tables li[data-game="truco"]', { hasText: 'Ana (away)' }).waitFor({ timeout: 10_000 });
  if (truco.errors.length) throw new Error(truco.errors.join('\n'));

  // On a desktop the five games share one row.
  const tops = await page.locator('.games li').evaluateAll((items) => items.map((li) => li.getBoundingClientRect().top));
  if (new Set(tops).size !== 1) throw new Error('the games are not on one row: ' + tops);
  await shot(page, 'home');

  // Keyboard: Tab from the name field reaches the Save button, then the first game.
  await page.focus('#name');
  await page.keyboard.press('Tab');
  if ((await page.evaluate(() => document.activeElement.textContent)) !== 'Save') throw new Error('Tab did not reach Save');

  const phone = await open(browser, '/', { phone: true });
  await phone.locator('.games li').first().waitFor();
  await phone.waitForFunction(() => [...document.querySelectorAll('.count')].every((c) => /^\d+$/.test(c.textContent)));
  await shot(phone, 'home-phone');
  const wide = await phone.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  if (wide) throw new Error('the home page scrolls sideways on a phone');
  noErrors(page);
  noErrors(player);
  noErrors(watcher);
  noErrors(phoneWatch);
  noErrors(phone);
});
