// The home page: the five games with a line on each and how many people are connected
// to each right now (the `connections` of GET /healthz, refreshed every few seconds),
// and the player's name, kept in the browser (localStorage `parlor.name`) for every
// game page to use.

import { el, fill, playerName, setPlayerName } from '/common.js';

const GAMES = [
  ['minitruco', 'miniTruco', 'Brazilian Truco (Paulista) in rooms of four: pick a room, get ready, CPU players fill the empty seats. Chat with the table.'],
  ['truco', 'Course Truco', 'Truco as the networking course plays it: tables of four people, raises answered by both opponents.'],
  ['wars', 'Warlords & Scumbags', 'President for 3 to 7 players: get rid of your cards first, become the warlord, make the scumbag pay.'],
  ['jass', 'Schieber Jass', 'The Swiss classic for two teams of two, with server bots, spectators and tournaments.'],
  ['mahjong', 'Riichi Mahjong', 'Japanese mahjong against CPU players or friends: draw, discard, call, win.'],
];
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
for (const [key, title, line] of GAMES) {
  counts[key] = el('span', { class: 'count', 'data-game': key }, '…');
  list.append(el('li', { 'data-game': key },
    el('h2', {}, title),
    el('p', {}, line),
    el('p', { class: 'hint' }, counts[key], ' connected now'),
    el('a', { class: 'play', href: '/' + key, 'aria-label': `Play ${title}` }, 'Play')));
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
setInterval(refresh, REFRESH_MS);
