// The home page: five games with their player counts, a name that is kept.
import { BASE, noErrors, open, run, shot } from './lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  const games = page.locator('.games li h2');
  await games.first().waitFor();
  const titles = await games.allTextContents();
  const want = ['miniTruco', 'Course Truco', 'Warlords & Scumbags', 'Schieber Jass', 'Riichi Mahjong'];
  if (JSON.stringify(titles) !== JSON.stringify(want)) throw new Error('games: ' + titles);
  await page.waitForFunction(() => [...document.querySelectorAll('.count')].every((c) => /^\d+$/.test(c.textContent)));
  await page.fill('#name', 'Ana');
  await page.press('#name', 'Enter');
  await page.locator('#name').blur();
  await page.reload();
  if ((await page.inputValue('#name')) !== 'Ana') throw new Error('the name was not kept');
  await shot(page, 'home');
  noErrors(page);
  const phone = await open(browser, '/', { phone: true });
  await phone.locator('.games li').first().waitFor();
  await shot(phone, 'home-phone');
  noErrors(phone);
  void BASE;
});
