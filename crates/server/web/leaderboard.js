// Leaderboards from the store (/api/leaderboard/<protocol>): players by Glicko-2
// rating, with games, wins and points; CPU players are marked.

import { el, fill, header, showError } from '/common.js';

header('Leaderboards');
const app = document.getElementById('app');
const PROTOCOLS = ['minitruco', 'truco', 'wars', 'jass', 'mahjong'];
const chosen = new URLSearchParams(location.search).get('protocol') || 'mahjong';

async function show() {
  const response = await fetch('/api/leaderboard/' + chosen);
  const rows = await response.json();
  if (!response.ok) throw new Error(rows.error || response.statusText);
  fill(app,
    el('p', {}, PROTOCOLS.map((p) => el('a', { href: '/leaderboard?protocol=' + p, style: 'margin-right:.8rem', 'aria-current': p === chosen ? 'page' : null }, p))),
    el('h2', {}, 'Leaderboard: ' + chosen),
    rows.length
      ? el('table', { class: 'list', id: 'leaderboard' },
        el('tr', {}, ['#', 'player', 'rating', '±', 'games', 'wins', 'points'].map((h) => el('th', {}, h))),
        rows.map((r, i) => el('tr', {}, el('td', {}, i + 1),
          el('td', {}, el('a', { href: '/games?player=' + encodeURIComponent(r.name) }, r.name), r.cpu ? el('span', { class: 'cpu' }, ' CPU') : null),
          el('td', {}, r.rating), el('td', {}, r.deviation), el('td', {}, r.games), el('td', {}, r.wins), el('td', {}, r.points))))
      : el('p', {}, 'No finished games yet.'));
}

show().catch((e) => { showError(String(e.message || e)); fill(app, el('p', {}, 'No leaderboard: ' + (e.message || e))); });
