// The home page: the games (GET /api/protocols) with a line on each and how many people are connected
// to each right now (the `connections` of GET /healthz, refreshed every few seconds),
// the tables playing now (GET /api/tables: who sits where, which hand), and the player's
// name, kept in the browser (localStorage `parlor.name`) for every game page to use.

import { el, fill, playerName, setPlayerName } from '/common.js';

const REFRESH_MS = 3000;

const name = document.getElementById('name');
const saved = document.getElementById('saved');
name.value = playerName() === 'guest' ? '' : playerName();
const save = () => {
  setPlayerName(name.value);
  saved.textContent = name.value.trim() ? `Saved: you play as “${playerName()}”.` : 'You play as “guest”.';
};
name.addEventListener('change', save);
document.getElementById('name-form').addEventListener('submit', (e) => { e.preventDefault(); save(); });

const list = document.getElementById('games');
const counts = {};
// The games come from the server's registry, in its order.
const GAMES = await (await fetch('/api/protocols')).json();
for (const { name: key, title, blurb } of GAMES) {
  counts[key] = el('span', { class: 'count', 'data-game': key }, '…');
  list.append(el('li', { 'data-game': key },
    el('h2', {}, title),
    el('p', {}, blurb),
    el('p', { class: 'hint' }, counts[key], ' connected now'),
    el('a', { class: 'play', href: '/' + key, 'aria-label': `Play ${title}` }, 'Play')));
}

const TITLES = Object.fromEntries(GAMES.map((g) => [g.name, g.title]));
const KINDS = { cpu: 'CPU player', away: 'away', left: 'left' };
const liveList = document.getElementById('live-tables');
const liveNone = document.getElementById('live-none');

/** How long ago `ms` (Unix milliseconds) was, in words. */
function since(ms) {
  const minutes = Math.floor((Date.now() - ms) / 60000);
  if (minutes < 1) return 'just started';
  return minutes === 1 ? 'for a minute' : `for ${minutes} minutes`;
}

/** One running table: the game, its table's name, the hand, and who sits where. */
function liveTable(t) {
  // A CPU player's name usually says so already (`CPU2`): the mark only where it does not.
  const mark = (s) => KINDS[s.kind] && !(s.kind === 'cpu' && /^cpu/i.test(s.name)) ? ` (${KINDS[s.kind]})` : '';
  // A seat nobody has sat in yet (a Warlords evening's free places) is not listed.
  const seats = t.seats.filter((s) => s.kind !== 'empty')
    .map((s) => el('span', { class: `seat-${s.kind}` }, (s.name || 'a player') + mark(s)));
  const joined = seats.flatMap((s, i) => (i ? [', ', s] : [s]));
  return el('li', { 'data-table': String(t.id), 'data-game': t.game },
    el('strong', {}, TITLES[t.game] || t.game),
    t.table ? el('span', { class: 'hint' }, ` · ${t.table}`) : null,
    el('span', { class: 'hint' }, ` · hand ${t.hand} · ${since(t.started_at_ms)}`),
    el('a', { class: 'watch', href: '/watch?id=' + t.id, 'aria-label': `Watch ${TITLES[t.game] || t.game} table ${t.id}` }, 'Watch'),
    el('div', {}, ...joined));
}

async function refreshTables() {
  try {
    const tables = await (await fetch('/api/tables', { cache: 'no-store' })).json();
    fill(liveList, tables.map(liveTable));
    liveNone.hidden = tables.length > 0;
  } catch {
    // The games' counts above already say when the server does not answer.
  }
}

const total = document.getElementById('total');
async function refresh() {
  try {
    const health = await (await fetch('/healthz', { cache: 'no-store' })).json();
    let sum = 0;
    for (const key of Object.keys(counts)) {
      const n = Number(health.connections?.[key] ?? 0);
      sum += n;
      fill(counts[key], String(n));
    }
    total.textContent = sum === 1 ? 'One person is playing now.' : `${sum} people are playing now.`;
  } catch {
    total.textContent = 'The server does not answer right now; trying again…';
  }
}
refresh();
refreshTables();
setInterval(() => { refresh(); refreshTables(); }, REFRESH_MS);
