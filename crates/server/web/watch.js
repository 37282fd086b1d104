// Watching a running table (/watch?id=N): the table as anyone at it sees it (every hand
// face down), drawn as the replay draws a table, and the current hand step by step in
// words, live from /ws/watch/N. The seats' names come from /api/tables, read again as
// each hand begins. When the game ends, the page says so and links its replay.

import { el, fill, header } from '/common.js';
import { drawShot } from '/replay.js';

const TITLES = Object.fromEntries((await (await fetch('/api/protocols')).json()).map((g) => [g.name, g.title]));

header('Watching');
const app = document.getElementById('app');
const id = new URLSearchParams(location.search).get('id') || '';
const replayLink = () => el('a', { href: '/games?id=' + encodeURIComponent(id) }, 'its replay');

let listing = null;
let hand = 0;
let steps = [];
let shot = null;
let over = false;

const name = (i) => listing?.seats[i]?.name || `seat ${i + 1}`;

function draw() {
  const title = listing ? `${TITLES[listing.game] || listing.game}${listing.table ? ` · ${listing.table}` : ''}` : 'A table';
  const last = steps.at(-1);
  fill(app,
    el('h2', { id: 'watch-title' }, title),
    over
      ? el('p', { class: 'summary', id: 'watch-over' }, 'The game is over. See ', replayLink(), '.')
      : el('p', { class: 'hint' }, `Hand ${hand}: you watch; every hand is face down until the rules show it.`),
    el('p', { class: 'status', id: 'watch-step', 'aria-live': 'polite' }, last ? last.text : 'Waiting for the table…'),
    shot ? el('section', { class: 'table replay-table', id: 'watch-table' },
      drawShot(shot, listing?.game === 'mahjong', name, last?.seat, (i) => listing?.seats[i]?.kind !== 'empty')) : null,
    el('h3', {}, 'This hand, step by step'),
    el('ol', { class: 'log replay-steps', id: 'watch-steps' }, steps.map((x) => el('li', {}, x.text))));
}

function take(frame) {
  if (frame.over) {
    over = true;
    return draw();
  }
  if (frame.hand !== hand) {
    hand = frame.hand;
    steps = [];
    // Who sits where may change between hands (a Warlords evening's newcomers).
    if (listing) relist().then(draw);
  }
  steps.push(...frame.steps);
  shot = frame.table;
  draw();
}

/** The table's line in /api/tables, read again (kept if the table has just ended). */
async function relist() {
  const tables = await (await fetch('/api/tables', { cache: 'no-store' })).json();
  listing = tables.find((t) => String(t.id) === id) || listing;
}

async function start() {
  await relist();
  if (!listing) {
    fill(app, el('h2', {}, 'Not playing'),
      el('p', { id: 'watch-over' }, 'This table is not playing now: it may have ended. See ', replayLink(),
        ', or pick a table playing now on the ', el('a', { href: '/' }, 'home page'), '.'));
    return;
  }
  draw();
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${scheme}://${location.host}/ws/watch/${encodeURIComponent(id)}`);
  ws.onmessage = (m) => take(JSON.parse(m.data));
  ws.onclose = () => {
    if (!over) {
      over = true;
      draw();
    }
  };
}

start();
