// Leaderboards from the store (/api/leaderboard/<protocol>): players by Glicko-2
// rating, with games, wins and points; CPU players are marked.

import { el, fill, header, showError } from '/common.js';

header('Leaderboards');
const app = document.getElementById('app');
const PROTOCOLS = ['minitruco', 'truco', 'wars', 'jass', 'mahjong'];
// Without a choice, the first board: the page always opens on the same one.
const chosen = new URLSearchParams(location.search).get('protocol') || PROTOCOLS[0];
const NAMES = { minitruco: 'miniTruco', truco: 'Course Truco', wars: 'Warlords', jass: 'Jass', mahjong: 'Mahjong' };

async function show() {
  const response = await fetch('/api/leaderboard/' + chosen);
  const rows = await response.json();
  if (!response.ok) throw new Error(rows.error || response.statusText);
  fill(app,
    el('nav', { class: 'tabs', 'aria-label': 'boards' }, PROTOCOLS.map((p) => el('a', { href: '/leaderboard?protocol=' + p, 'aria-current': p === chosen ? 'page' : null }, NAMES[p]))),
    el('h2', {}, 'Leaderboard: ' + (NAMES[chosen] || chosen)),
    rows.length
      ? el('table', { class: 'list', id: 'leaderboard' },
        el('tr', { class: 'head' }, ['#', 'player', 'rating', '±', 'games', 'wins', 'points'].map((h) => el('th', {}, h))),
        rows.map((r, i) => el('tr', {}, el('td', { class: 'number' }, i + 1),
          el('td', {}, el('a', { href: '/games?player=' + encodeURIComponent(r.name) }, r.name), r.cpu ? el('span', { class: 'cpu' }, ' CPU') : null),
          // Ratings and deviations as whole numbers, as rating sites show them.
          el('td', { class: 'number', 'data-label': 'rating' }, Math.round(r.rating)),
          el('td', { class: 'number', 'data-label': '±' }, Math.round(r.deviation)),
          el('td', { class: 'number', 'data-label': 'games' }, r.games),
          el('td', { class: 'number', 'data-label': 'wins' }, r.wins),
          el('td', { class: 'number', 'data-label': 'points' }, r.points))))
      : el('p', {}, 'No finished games yet.'));
}

show().catch((e) => { showError(String(e.message || e)); fill(app, el('p', {}, 'No leaderboard: ' + (e.message || e))); });
