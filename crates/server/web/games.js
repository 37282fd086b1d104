// Finished games from the store (/api/games), and one game step by step (/games?id=N):
// its seats and result, then each hand's result and its logged actions, one hand at a
// time, as `parlor replay` prints them.

import { buttons, el, fill, header, showError } from '/common.js';

header('Games');
const app = document.getElementById('app');
const params = new URLSearchParams(location.search);

async function api(path) {
  const response = await fetch(path);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

const when = (ms) => (ms ? new Date(ms).toLocaleString() : '—');
// A seat without a name is a course Truco player who gave none (they are not rated).
const seatText = (s) => `${s.name || '(no name)'}${s.cpu ? ' (CPU)' : ''}${s.rank ? ` #${s.rank}` : ''}${s.score !== null && s.score !== undefined ? ` ${s.score}` : ''}`;

async function list() {
  const protocol = params.get('protocol') || '';
  const query = new URLSearchParams({ limit: '50' });
  if (protocol) query.set('protocol', protocol);
  if (params.get('before')) query.set('before', params.get('before'));
  const games = await api('/api/games?' + query);
  const rows = games.map((g) => el('tr', {},
    el('td', {}, el('a', { href: '/games?id=' + g.id }, '#' + g.id)),
    el('td', {}, g.protocol), el('td', {}, g.status), el('td', {}, when(g.started_at_ms)),
    el('td', {}, g.seats.map(seatText).join(', '))));
  const last = games.at(-1);
  fill(app,
    el('h2', {}, 'Games, newest first'),
    el('p', {}, ['', 'minitruco', 'truco', 'wars', 'jass', 'mahjong'].map((p) =>
      el('a', { href: '/games' + (p ? '?protocol=' + p : ''), style: 'margin-right:.8rem' }, p || 'all'))),
    el('table', { class: 'list' }, el('tr', {}, ['game', 'protocol', 'status', 'started', 'seats'].map((h) => el('th', {}, h))), rows),
    last ? el('p', {}, el('a', { href: `/games?${protocol ? 'protocol=' + protocol + '&' : ''}before=${last.id}` }, 'older games')) : el('p', {}, 'No games yet.'));
}

async function one(id) {
  const g = await api('/api/games/' + id);
  let step = 0;
  const hands = g.hand_results;
  const stepView = el('section', { class: 'summary', id: 'step' });
  function show() {
    const h = hands[step];
    fill(stepView, h
      ? [el('h3', {}, `Hand ${h.number} of ${hands.length}`),
        el('pre', {}, JSON.stringify(h.result, null, 1)),
        el('details', {}, el('summary', {}, `${h.actions.length} actions`), el('ol', {}, h.actions.map((a) => el('li', {}, a))))]
      : el('p', {}, 'No hands were finished.'));
  }
  fill(app,
    el('h2', {}, `Game #${g.id}: ${g.protocol} (${g.variant})`),
    el('p', {}, `${g.status} · started ${when(g.started_at_ms)} · ended ${when(g.ended_at_ms)} · ${g.seed === null ? 'seed and actions shown when the game is over' : `seed ${g.seed}`}`),
    el('ol', {}, g.seats.map((s) => el('li', {}, seatText(s)))),
    g.result ? el('pre', { class: 'summary' }, JSON.stringify(g.result, null, 1)) : null,
    buttons([['First hand', () => { step = 0; show(); }], ['Previous hand', () => { step = Math.max(0, step - 1); show(); }],
      ['Next hand', () => { step = Math.min(hands.length - 1, step + 1); show(); }], ['Last hand', () => { step = hands.length - 1; show(); }]]),
    stepView,
    el('p', {}, el('a', { href: '/games' }, 'all games'), ' · check it: ', el('code', {}, `parlor replay ${g.id}`)));
  show();
}

(params.get('id') ? one(params.get('id')) : list()).catch((e) => {
  showError(String(e.message || e));
  fill(app, el('p', {}, 'The games cannot be shown: ' + (e.message || e)));
});
