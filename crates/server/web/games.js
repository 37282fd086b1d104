// Finished games from the store (/api/games), and one game as a replay (/games?id=N):
// its seats and result in words, then the table hand by hand and step by step
// (replay.js).

import { el, fill, header, showError } from '/common.js';
import { showReplay, taken } from '/replay.js';

header('Games');
const app = document.getElementById('app');
const params = new URLSearchParams(location.search);

async function api(path) {
  const response = await fetch(path);
  const body = await response.json();
  if (!response.ok) throw new Error(body.error || response.statusText);
  return body;
}

const when = (ms) => (ms ? new Date(ms).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }) : '—');
// Games of two teams: a seat's team won or lost (a rank of 3 for the losing team, as the
// store ranks by score, would read as a third place).
const TEAM_GAMES = (await (await fetch('/api/protocols')).json()).filter((g) => g.teams).map((g) => g.name);
const place = (protocol, rank) => (TEAM_GAMES.includes(protocol) ? (rank === 1 ? 'won' : 'lost') : ordinal(rank));
/** The seats someone sat in, each with its number from 1 (a Warlords evening's table has
 * seven places, some never taken). */
const seated = (g) => g.seats.map((s, i) => ({ ...s, seat: i + 1 })).filter((s) => taken(g.protocol, s));
// A seat without a name is a course Truco player who gave none (they are not rated).
const seatText = (protocol) => (s) => `${s.name || '(no name)'}${s.cpu ? ' (CPU)' : ''}${s.rank ? `, ${place(protocol, s.rank)}` : ''}${s.score !== null && s.score !== undefined ? `, ${s.score} points` : ''}`;

async function list() {
  const protocol = params.get('protocol') || '';
  const query = new URLSearchParams({ limit: '50' });
  if (protocol) query.set('protocol', protocol);
  if (params.get('before')) query.set('before', params.get('before'));
  const games = await api('/api/games?' + query);
  const rows = games.map((g) => el('tr', {},
    el('td', {}, el('a', { href: '/games?id=' + g.id }, '#' + g.id)),
    el('td', { 'data-label': 'game' }, g.protocol), el('td', { 'data-label': 'status' }, g.status),
    el('td', { class: 'when', 'data-label': 'started' }, when(g.started_at_ms)),
    el('td', { 'data-label': 'seats' }, seated(g).map(seatText(g.protocol)).join(', '))));
  const last = games.at(-1);
  fill(app,
    el('h2', {}, 'Games, newest first'),
    el('nav', { class: 'tabs', 'aria-label': 'games' }, ['', 'minitruco', 'truco', 'wars', 'jass', 'mahjong'].map((p) =>
      el('a', { href: '/games' + (p ? '?protocol=' + p : ''), 'aria-current': p === protocol ? 'page' : null }, p || 'all'))),
    el('table', { class: 'list' }, el('tr', { class: 'head' }, ['game', 'protocol', 'status', 'started', 'seats'].map((h) => el('th', {}, h))), rows),
    last ? el('p', {}, el('a', { href: `/games?${protocol ? 'protocol=' + protocol + '&' : ''}before=${last.id}` }, 'older games')) : el('p', {}, 'No games yet.'));
}

const ordinal = (n) => n + (['th', 'st', 'nd', 'rd'][n % 10 > 3 || Math.floor(n / 10) === 1 ? 0 : n % 10]);

/** How the game ended, in words, from its seats' ranks and scores. */
function resultText(g) {
  if (g.status === 'abandoned') return `Abandoned: ${g.result?.abandoned || 'the game did not finish'}.`;
  if (g.status !== 'finished') return 'Being played: its hands are shown when it is over.';
  const ranked = seated(g).filter((s) => s.rank).sort((a, b) => a.rank - b.rank || a.seat - b.seat);
  const forfeit = g.result?.ended === 'forfeit' ? 'Forfeited: a player left, the other team wins. ' : '';
  if (TEAM_GAMES.includes(g.protocol)) {
    const team = (won) => ranked.filter((s) => (s.rank === 1) === won).map((s) => s.name || `seat ${s.seat}`).join(' and ');
    const points = (won) => ranked.find((s) => (s.rank === 1) === won)?.score;
    return `${forfeit}${team(true)} won, ${points(true)} to ${points(false)} against ${team(false)}.`;
  }
  return forfeit + ranked.map((s) => `${ordinal(s.rank)}: ${s.name || `seat ${s.seat}`} (${s.score} points)`).join(' · ');
}

async function one(id) {
  const g = await api('/api/games/' + id);
  const replay = el('div', { id: 'replay' });
  fill(app,
    el('h2', {}, `Game #${g.id}: ${g.protocol} (${g.variant})`),
    el('p', {}, `${g.status} · started ${when(g.started_at_ms)} · ended ${when(g.ended_at_ms)}`),
    el('ol', { class: 'replay-seats' }, seated(g).map((s) => el('li', { value: s.seat }, seatText(g.protocol)(s)))),
    el('p', { class: 'summary', id: 'game-result' }, resultText(g)),
    replay,
    el('p', {}, el('a', { href: '/games' }, 'all games'), ' · check it against the rules engine: ', el('code', {}, `parlor replay ${g.id}`),
      g.seed ? ` · seed ${g.seed}` : ''));
  if (g.status === 'playing') return fill(replay, el('p', {}, 'The replay is shown when the game is over: until then its cards are hidden.'));
  try {
    showReplay(replay, await api(`/api/games/${id}/replay`), g.protocol, g.seats);
  } catch (e) {
    fill(replay, el('p', {}, 'This game cannot be replayed: ' + (e.message || e)));
  }
}

(params.get('id') ? one(params.get('id')) : list()).catch((e) => {
  showError(String(e.message || e));
  fill(app, el('p', {}, 'The games cannot be shown: ' + (e.message || e)));
});
