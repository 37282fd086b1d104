// Schieber Jass in the browser, speaking the Jass Challenge JSON protocol (seed 002) over
// /ws/jass: choose a session (create, autojoin, join, spectate, or a tournament), pick a
// team, add server bots, then play: trumpf or SCHIEBE, cards (the ones that cannot follow
// suit dimmed), tricks, each deal's points and the winner. A spectator sees the table but
// no hand; a tournament shows its live ranking.

import { buttons, connect, el, fill, header, playerName, showError } from '/common.js';
import { cardElement } from '/cards.js';

const COLORS = ['HEARTS', 'DIAMONDS', 'CLUBS', 'SPADES'];
const lower = (c) => c.toLowerCase();
const card = (c) => ({ rank: c.number, suit: lower(c.color), json: c });
const same = (a, b) => a.number === b.number && a.color === b.color;

header('Schieber Jass');
const app = document.getElementById('app');
const state = {
  sessions: [], stage: 'name', session: null, spectator: false, tournament: false, players: [], seat: null,
  hand: [], table: [], request: null, trumpf: null, mode: null, teams: [], deals: [], winner: null, ranking: null, lastStich: null,
};

const server = connect('jass', {
  onMessage: (text) => { handle(JSON.parse(text)); render(); },
  onClose: () => { if (!state.winner) showError('The connection to the server closed.'); },
});
const send = (type, data) => server.send(JSON.stringify(data === undefined ? { type } : { type, data }));

function handle({ type, data }) {
  switch (type) {
    case 'REQUEST_PLAYER_NAME': send('CHOOSE_PLAYER_NAME', playerName()); break;
    case 'REQUEST_SESSION_CHOICE': state.sessions = data || []; state.stage = 'choose'; break;
    case 'BROADCAST_SESSION_JOINED':
      state.stage = 'session'; state.session = data.sessionName; state.players = data.playersInSession || [];
      if (state.seat === null && data.player && data.player.name === playerName()) state.seat = data.player.seatId;
      break;
    case 'SESSION_JOINED': state.stage = state.tournament ? 'tournament' : 'session'; state.spectator = true; state.session = data.sessionName; state.players = data.playersInSession || []; break;
    case 'BROADCAST_TEAMS': state.stage = 'game'; state.teams = data; break;
    case 'DEAL_CARDS': state.hand = data.map(card); state.table = []; break;
    case 'REQUEST_TRUMPF': state.trumpf = { pushed: data === true }; break;
    case 'REJECT_TRUMPF': showError('You cannot push (SCHIEBE) twice.'); break;
    case 'BROADCAST_TRUMPF': if (data.mode !== 'SCHIEBE') { state.mode = data; state.trumpf = null; } break;
    case 'REQUEST_CARD': state.request = data.map(card); state.table = state.request; break;
    case 'REJECT_CARD': showError('That card is not allowed now.'); state.hand.push(card(data)); break;
    case 'PLAYED_CARDS': state.table = data.map(card); break;
    case 'BROADCAST_STICH': state.lastStich = data; state.teams = state.teams.map((t) => ({ ...t, ...(data.teams || []).find((x) => x.name === t.name) })); state.table = []; break;
    case 'BROADCAST_GAME_FINISHED': state.deals.push(data); state.mode = null; break;
    case 'BROADCAST_WINNER_TEAM': state.winner = data; break;
    case 'BROADCAST_TOURNAMENT_RANKING_TABLE': state.ranking = data; state.stage = 'tournament'; break;
    case 'BROADCAST_TOURNAMENT_STARTED': state.started = true; break;
    case 'BAD_MESSAGE': showError('The server refused: ' + JSON.stringify(data)); break;
    case 'ERROR': showError(String(data)); break;
    default: break;
  }
}

/** Whether `c` may be played on `table` under the trumpf (dims only what is certain). */
function allowed(c) {
  if (!state.table.length) return true;
  const led = state.table[0].json.color;
  const trump = state.mode && state.mode.mode === 'TRUMPF' ? state.mode.trumpfColor : null;
  const canFollow = state.hand.some((h) => h.json.color === led && !(led === trump && h.rank === 11));
  return !canFollow || c.json.color === led || c.json.color === trump;
}

function chooseView() {
  const name = el('input', { id: 'session-name', placeholder: 'session name', 'aria-label': 'session name' });
  const team = el('select', { 'aria-label': 'team' }, el('option', { value: '' }, 'any team'), el('option', { value: '0' }, 'Team 1'), el('option', { value: '1' }, 'Team 2'));
  const choice = (sessionChoice, extra = {}) => {
    const data = { sessionChoice, sessionName: name.value || undefined, ...extra };
    if (team.value !== '') data.chosenTeamIndex = Number(team.value);
    send('CHOOSE_SESSION', data);
  };
  return el('section', {},
    el('h2', {}, 'Sessions'),
    state.sessions.length ? el('ul', {}, state.sessions.map((s) => el('li', {}, s, ' ',
      el('button', { onclick: () => send('CHOOSE_SESSION', { sessionChoice: 'JOIN_EXISTING', sessionName: s, chosenTeamIndex: team.value === '' ? undefined : Number(team.value) }) }, `Join ${s}`), ' ',
      el('button', { onclick: () => send('CHOOSE_SESSION', { sessionChoice: 'SPECTATOR', sessionName: s }) }, `Watch ${s}`)))) : el('p', {}, 'No session is waiting.'),
    el('p', {}, name, ' ', team),
    buttons([['Create game', () => choice('CREATE_NEW')], ['Autojoin', () => choice('AUTOJOIN')],
      ['Create tournament', () => { state.tournament = true; choice('CREATE_NEW', { sessionType: 'TOURNAMENT', asSpectator: true }); }]]));
}

function sessionView() {
  return el('section', { class: 'table' },
    el('h2', {}, `Session ${state.session}${state.spectator ? ' (watching)' : ''}`),
    el('ul', {}, state.players.map((p) => el('li', {}, `${p.name} (seat ${p.seatId}, team ${p.seatId % 2 + 1})`))),
    el('p', {}, 'The game starts with four players. Add server bots to fill the seats:'),
    buttons([['Add a bot to Team 1', () => send('JOIN_BOT', { sessionName: state.session, chosenTeamIndex: 0 })],
      ['Add a bot to Team 2', () => send('JOIN_BOT', { sessionName: state.session, chosenTeamIndex: 1 })]]));
}

function modeName(m) { return m ? (m.mode === 'TRUMPF' ? `Trumpf ${lower(m.trumpfColor)}` : lower(m.mode)) : '—'; }

function gameView() {
  const myTurn = state.request && !state.spectator;
  const parts = [
    el('div', { class: 'status' }, `Mode: ${modeName(state.mode)} · `, state.teams.map((t) => `${t.name}: ${t.points ?? 0}`).join(' · ')),
    el('div', { class: 'seats' }, state.teams.map((t) => el('div', { class: 'seat' }, el('strong', {}, t.name),
      (t.players || []).map((p) => el('div', {}, p.name, p.seatId === state.seat ? ' (you)' : '')))),
    ),
    el('h3', {}, 'Table'), el('div', { class: 'trick', id: 'table' }, state.table.map((c) => cardElement(c))),
  ];
  if (!state.spectator) {
    parts.push(el('h3', {}, 'Your hand'), el('div', { class: 'hand' }, state.hand.map((c) => cardElement(c, {
      disabled: !myTurn || !allowed(c),
      onClick: myTurn ? () => { state.request = null; state.hand = state.hand.filter((h) => !same(h.json, c.json)); send('CHOOSE_CARD', c.json); render(); } : null,
    }))));
  }
  if (myTurn) parts.push(el('div', { class: 'status' }, 'Your turn'));
  if (state.trumpf && !state.spectator) {
    const acts = COLORS.map((c) => [`Trumpf ${lower(c)}`, () => send('CHOOSE_TRUMPF', { mode: 'TRUMPF', trumpfColor: c })]);
    acts.push(['Obeabe', () => send('CHOOSE_TRUMPF', { mode: 'OBEABE' })], ['Undeufe', () => send('CHOOSE_TRUMPF', { mode: 'UNDEUFE' })]);
    if (!state.trumpf.pushed) acts.push(['Schiebe', () => send('CHOOSE_TRUMPF', { mode: 'SCHIEBE' })]);
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'trumpf' }, el('p', {}, state.trumpf.pushed ? 'Your partner pushed: choose.' : 'Choose the trumpf.'), buttons(acts)));
  }
  if (state.deals.length) {
    const d = state.deals.at(-1);
    parts.push(el('div', { class: 'summary', id: 'deal-summary' }, el('strong', {}, `Deal ${state.deals.length} finished: `),
      d.map((t) => `${t.name} ${t.currentRoundPoints} points (total ${t.points})`).join(' · ')));
  }
  if (state.winner) {
    parts.push(el('div', { class: 'summary', id: 'game-over' }, `${state.winner.name} wins with ${state.winner.points} points.`,
      buttons([['Play again', () => location.reload()]])));
  }
  return el('section', { class: 'table' }, ...parts);
}

function tournamentView() {
  const r = state.ranking || { ranking: [], pairingResults: [] };
  return el('section', { class: 'table' },
    el('h2', {}, `Tournament ${state.session || ''}`),
    el('table', { class: 'list', id: 'ranking' }, el('tr', {}, ['rank', 'player', 'rating', 'connected'].map((h) => el('th', {}, h))),
      r.ranking.map((p) => el('tr', {}, el('td', {}, p.rank), el('td', {}, p.playerName), el('td', {}, p.rating), el('td', {}, p.connectedClients)))),
    el('p', {}, `${r.pairingResults.length} pairings played.`),
    state.started ? el('p', {}, 'Started.') : buttons([['Start the tournament', () => send('START_TOURNAMENT')]]));
}

function render() {
  const views = { name: () => el('p', {}, 'Connecting…'), choose: chooseView, session: sessionView, game: gameView, tournament: tournamentView };
  fill(app, views[state.stage]());
}

render();
