// Warlords & Scumbags: join (two bot clients play too), and play one whole hand by
// clicking the page's "Lowest play" (the smallest legal play, or a pass).
import { noErrors, open, run, shot } from './lib.mjs';
import { playUntil, setName } from './play-lib.mjs';

run(async (browser) => {
  const page = await open(browser, '/');
  await setName(page, 'warlord');
  await page.goto(process.env.PARLOR_URL + '/wars');
  await page.locator('.hand .card').first().waitFor({ timeout: 60_000 });
  await shot(page, 'wars-table');
  await playUntil(page, '#hand-over', [
    ['[aria-label="swap"]', async () => page.locator('.hand .card').first().click()],
    ['button:text("Lowest play")', (b) => b.click()],
  ]);
  await shot(page, 'wars-hand-over');
  // Strikes are shown in words; a played hand may have earned some, but no console errors.
  noErrors(page);
});
