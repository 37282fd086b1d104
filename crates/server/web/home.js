// The home page: the five games, how many people are connected to each (from /healthz,
// refreshed every few seconds), and the player's name, kept in the browser.

import { el, fill, playerName, setPlayerName } from '/common.js';

const GAMES = [
  ['minitruco', 'miniTruco', 'Brazilian Truco (Paulista) in rooms of four, CPU players fill the seats.'],
  ['truco', 'Course Truco', 'Truco as the networking course plays it: tables of four people.'],
  ['wars', 'Warlords & Scumbags', 'President for 3 to 7: get rid of your cards first.'],
  ['jass', 'Schieber Jass', 'The Swiss classic, with server bots and tournaments.'],
  ['mahjong', 'Riichi Mahjong', 'Japanese mahjong against three CPU players or friends.'],
];

const name = document.getElementById('name');
name.value = playerName() === 'guest' ? '' : playerName();
name.addEventListener('change', () => {
  setPlayerName(name.value);
  document.getElementById('saved').textContent = name.value ? 'saved' : '';
});

const list = document.getElementById('games');
const counts = {};
for (const [key, title, line] of GAMES) {
  counts[key] = el('span', { class: 'count', 'data-game': key }, '…');
  list.append(el('li', {},
    el('h2', {}, el('a', { href: '/' + key }, title)),
    el('p', {}, line),
    el('p', {}, counts[key], ' connected')));
}

async function refresh() {
  try {
    const health = await (await fetch('/healthz')).json();
    for (const key of Object.keys(counts)) {
      fill(counts[key], String(health.connections?.[key] ?? 0));
    }
  } catch {
    // The server may be restarting; the next refresh tries again.
  }
}
refresh();
setInterval(refresh, 5000);
