// Schieber Jass in the browser, speaking the Jass Challenge JSON protocol (seed 002) over
// /ws/jass, so a person sits at the same tables as the challenge's bots. Stages: the
// session choice (create, autojoin, join by name, watch, or a tournament), the waiting
// table (team seats, "add a server bot"), the game (trumpf or SCHIEBE, the hand with the
// cards that may not be played dimmed, the trick, scores, each deal's points and the
// winner), a spectator's view of it (no hand), and a tournament's live ranking.

import { connect, dismiss, el, header, playerName, showError, showNotice } from '/common.js';
import { cardElement } from '/cards.js';
import { cardLabel, face, legalCards, modeLabel, sameCard, sortHand, trumpfChoices } from '/jass-rules.js';
import { actionRow, badge, position, redraw, wireLog } from '/tables.js';

header('Schieber Jass');
const app = document.getElementById('app');
const wire = wireLog();
document.getElementById('side').append(wire.panel);

const teamName = (t) => `Team ${t + 1}`;
const teamIndex = (name) => (String(name).endsWith('2') ? 1 : 0);
const isBot = (p) => p && /^bot[1-4]$/.test(p.name);

function fresh() {
  return {
    stage: 'connecting', sessions: [], form: { name: '', team: '', tournament: '' },
    session: null, spectator: false, mySeat: null, players: [null, null, null, null],
    hand: [], table: [], lastTrick: null, tricks: 0, deal: 1, chooser: 0, leader: 0,
    mode: null, pushed: false, trumpfAsk: null, cardAsk: false, sent: false, focus: null,
    points: [{ total: 0, deal: 0 }, { total: 0, deal: 0 }], deals: [], winner: null,
    ranking: null, started: false, notice: '', over: false,
  };
}

let state = fresh();
let server = null;
// The session this tab plays in while its game runs, kept across a reload: the server
// gives the seat back to the same name from the same address (docs/protocols/jass.md).
const TAB_GAME = 'parlor.jass.playing-in';
let triedBack = false;

/** (Re)connects: a new connection starts at the session choice. */
function start() {
  if (server) server.close();
  state = fresh();
  const mine = connect('jass', {
    onMessage: (text) => { if (server === mine) receive(text); },
    onClose: () => { if (server === mine) closed(); },
  });
  server = mine;
  render();
}

function send(type, data) {
  const text = JSON.stringify(data === undefined ? { type } : { type, data });
  wire.add('> ' + text);
  server.send(text);
}

function receive(text) {
  wire.add(text);
  let msg;
  try {
    msg = JSON.parse(text);
  } catch {
    showError('The server sent something that is not JSON.');
    return;
  }
  handle(msg.type, msg.data);
  render();
}

// Until when this tab keeps coming back to its game after its connection dropped
// mid-game (the server's node stopped, say: on a cluster another node carries the game
// on within seconds). It joins the session again under its name, which takes the seat
// back.
const COMING_BACK_MS = 60_000;
const COMING_BACK = 'The connection dropped: coming back to your seat…';
let backUntil = 0;

/** Tries again in a second to get back to the game; `false` once the time is over. */
function comeBack() {
  backUntil = backUntil || Date.now() + COMING_BACK_MS;
  if (Date.now() >= backUntil) {
    backUntil = 0;
    dismiss(COMING_BACK);
    return false;
  }
  showNotice(COMING_BACK);
  triedBack = false;
  setTimeout(start, 1000);
  return true;
}

function closed() {
  if (state.stage === 'tournament' && state.started) {
    state.notice = 'The tournament is over; its connections were closed.';
  } else if (!state.over) {
    const playing = sessionStorage.getItem(TAB_GAME) && (backUntil || state.stage === 'game');
    if (playing && comeBack()) return;
    showError('The connection to the server closed.');
    state.stage = 'closed';
  }
  render();
}

function seatPlayers(list) {
  for (const p of list || []) state.players[p.seatId] = { name: p.name, id: p.id };
}

/** A spectator who arrives during a game gets no BROADCAST_TEAMS: any game message starts the view. */
function inGame() {
  if (state.stage === 'waiting' || state.stage === 'lobby') state.stage = 'game';
}

function handle(type, data) {
  switch (type) {
    case 'REQUEST_PLAYER_NAME': send('CHOOSE_PLAYER_NAME', playerName().slice(0, 64)); break;
    case 'REQUEST_SESSION_CHOICE':
      state.sessions = data || [];
      state.stage = 'lobby';
      state.sent = false;
      if (sessionStorage.getItem(TAB_GAME) && !triedBack) {
        // Reloaded in the middle of a game: back to the same seat.
        triedBack = true;
        state.sent = true;
        // `mustExist`: parlor's own field; a session that has ended is not made again.
        send('CHOOSE_SESSION', { sessionChoice: 'JOIN_EXISTING', sessionName: sessionStorage.getItem(TAB_GAME), mustExist: true });
      }
      break;
    case 'BROADCAST_SESSION_JOINED':
      if (state.stage === 'lobby' || state.stage === 'connecting') { state.stage = 'waiting'; state.sent = false; }
      state.session = data.sessionName;
      seatPlayers(data.playersInSession);
      if (state.mySeat === null && !state.spectator) state.mySeat = data.player.seatId;
      break;
    case 'SESSION_JOINED':
      state.spectator = true;
      state.sent = false;
      state.session = data.sessionName;
      state.stage = 'waiting';
      seatPlayers(data.playersInSession);
      break;
    case 'BROADCAST_TEAMS':
      state.stage = 'game';
      if (backUntil) {
        backUntil = 0;
        dismiss(COMING_BACK);
        showNotice('Back in your seat after the connection dropped.');
      }
      for (const t of data) seatPlayers(t.players);
      if (!state.spectator && state.session) sessionStorage.setItem(TAB_GAME, state.session);
      break;
    case 'DEAL_CARDS': inGame(); state.hand = sortHand(data, state.mode); break;
    case 'REQUEST_TRUMPF': state.trumpfAsk = { pushed: data === true }; state.sent = false; state.focus = '#trumpf-dialog button'; break;
    case 'REJECT_TRUMPF': showError('You cannot push (Schiebe) twice: choose a trumpf.'); break;
    case 'BROADCAST_TRUMPF': trumpf(data); break;
    case 'REQUEST_CARD': state.table = data; state.cardAsk = true; state.sent = false; state.focus = '#hand button.card'; break;
    case 'REJECT_CARD': showError(`The server refused the ${cardLabel(data)}: it may not be played now.`); state.sent = false; break;
    case 'PLAYED_CARDS': played(data); break;
    case 'BROADCAST_STICH': stich(data); break;
    case 'BROADCAST_GAME_FINISHED': dealOver(data); break;
    case 'BROADCAST_WINNER_TEAM':
      sessionStorage.removeItem(TAB_GAME);
      state.winner = data; state.over = true; state.trumpfAsk = null; state.cardAsk = false;
      state.points[teamIndex(data.name)].total = data.points;
      break;
    case 'BROADCAST_TOURNAMENT_RANKING_TABLE':
      // The first table is the answer to joining (a tournament sends no SESSION_JOINED).
      if (state.stage !== 'tournament') state.sent = false;
      state.ranking = data; state.stage = 'tournament'; break;
    case 'BROADCAST_TOURNAMENT_STARTED': state.started = true; state.sent = false; break;
    case 'BAD_MESSAGE':
      // Coming back, the session may not be there yet (its new node is carrying it on).
      if (state.stage === 'lobby' && backUntil && comeBack()) break;
      if (state.stage === 'lobby') sessionStorage.removeItem(TAB_GAME);
      showError('The server refused: ' + describeBad(data)); state.sent = false; break;
    case 'ERROR': showError(String(data)); state.notice = String(data); break;
    default: break;
  }
}

/** BAD_MESSAGE data: the raw frame (a string) or `{field: [errors]}`. */
function describeBad(data) {
  if (typeof data === 'string') return `it could not read the message ${data}`;
  if (data && typeof data === 'object') {
    const what = (field) => ({ 'data.sessionName': 'session', 'data.chosenTeamIndex': 'team', type: 'message' }[field] || field);
    return Object.entries(data).map(([field, errors]) => `${what(field)}: ${[].concat(errors).join(', ')}`).join('; ');
  }
  return String(data);
}

const nameOf = (seat) => state.players[seat]?.name || `seat ${seat + 1}`;

function trumpf(data) {
  inGame();
  if (data.mode === 'SCHIEBE') {
    state.pushed = true;
    state.notice = `${nameOf(state.chooser)} pushed (Schiebe): ${nameOf((state.chooser + 2) % 4)} chooses.`;
    return;
  }
  state.mode = data;
  state.hand = sortHand(state.hand, data);
  state.leader = state.chooser;
  state.notice = `${nameOf(state.pushed ? (state.chooser + 2) % 4 : state.chooser)} chose ${modeLabel(data)}.`;
}

function played(cards) {
  inGame();
  state.table = cards;
  const seat = (state.leader + cards.length - 1) % 4;
  if (seat === state.mySeat && !state.spectator) {
    const card = cards[cards.length - 1];
    state.hand = state.hand.filter((c) => !sameCard(c, card));
    state.cardAsk = false;
  }
}

function stich(data) {
  inGame();
  state.lastTrick = { cards: data.playedCards, leader: state.leader, winner: data.seatId };
  state.leader = data.seatId;
  state.table = [];
  state.tricks += 1;
  for (const t of data.teams || []) state.points[teamIndex(t.name)] = { total: t.points, deal: t.currentRoundPoints };
}

function dealOver(teams) {
  const result = [0, 1].map((i) => teams.find((t) => teamIndex(t.name) === i) || { points: 0, currentRoundPoints: 0 });
  state.deals.push({ deal: state.deal, mode: state.mode, result });
  state.points = result.map((t) => ({ total: t.points, deal: 0 }));
  state.deal += 1;
  state.chooser = (state.deal - 1) % 4;
  state.leader = state.chooser;
  Object.assign(state, { mode: null, pushed: false, table: [], lastTrick: null, tricks: 0, hand: [], notice: '' });
}

/** The seat that must act now, or null. */
function turnSeat() {
  if (state.over || state.stage !== 'game') return null;
  if (!state.mode) return state.pushed ? (state.chooser + 2) % 4 : state.chooser;
  if (state.table.length >= 4) return null;
  return (state.leader + state.table.length) % 4;
}

// ---- views -------------------------------------------------------------------------

function field(label, input) {
  return el('label', {}, label, input);
}

function lobbyView() {
  const f = state.form;
  const name = el('input', { id: 'session-name', value: f.name, maxlength: 100, placeholder: `${playerName()}'s table`, oninput: (e) => { f.name = e.target.value; } });
  const team = el('select', { id: 'team', onchange: (e) => { f.team = e.target.value; } },
    [['', 'either team'], ['0', 'Team 1'], ['1', 'Team 2']].map(([v, t]) => el('option', { value: v, selected: f.team === v }, t)));
  const tournament = el('input', { id: 'tournament-name', value: f.tournament, maxlength: 100, placeholder: 'Cup', oninput: (e) => { f.tournament = e.target.value; } });
  const teamChoice = () => (f.team === '' ? {} : { chosenTeamIndex: Number(f.team) });
  const choose = (data) => {
    // A spectator of a session nobody sits in yet gets no SESSION_JOINED: only the
    // players' joins, which must not seat the page.
    state.spectator = data.sessionChoice === 'SPECTATOR' || data.asSpectator === true;
    state.sent = true; send('CHOOSE_SESSION', data); render();
  };
  const list = state.sessions.length
    ? el('ul', { id: 'sessions' }, state.sessions.map((s) => el('li', {}, el('strong', {}, s), ' ',
      actionRow([[`Join ${s}`, () => choose({ sessionChoice: 'JOIN_EXISTING', sessionName: s, ...teamChoice() })],
        [`Watch ${s}`, () => choose({ sessionChoice: 'SPECTATOR', sessionName: s })]]))))
    : el('p', {}, 'No game is waiting for players.');
  return el('section', { class: 'lobby' },
    el('fieldset', {}, el('legend', {}, 'Play a game'),
      el('p', {}, 'Four players, two teams (partners sit opposite); fill empty seats with server bots. A game already running can be watched by its name.'),
      el('div', { class: 'actions' }, field('Session name', name), field('Your team', team)),
      actionRow([
        ['Create game', () => choose({ sessionChoice: 'CREATE_NEW', sessionName: f.name.trim() || `${playerName()}'s table`, sessionType: 'SINGLE_GAME', ...teamChoice() })],
        ['Join by name', () => choose({ sessionChoice: 'JOIN_EXISTING', sessionName: f.name.trim(), mustExist: true, ...teamChoice() })],
        ['Watch by name', () => choose({ sessionChoice: 'SPECTATOR', sessionName: f.name.trim(), mustExist: true })],
        ['Autojoin', () => choose({ sessionChoice: 'AUTOJOIN', sessionType: 'SINGLE_GAME', ...teamChoice() })]])),
    el('fieldset', {}, el('legend', {}, 'Waiting sessions'), list,
      actionRow([['Refresh the list', start]])),
    el('fieldset', {}, el('legend', {}, 'Tournament'),
      el('p', {}, 'Bots (two connections each, e.g. parlor jass-bot … --tournament) play a round robin; you watch the live ranking and start it.'),
      el('div', { class: 'actions' }, field('Tournament name', tournament)),
      actionRow([['Create tournament', () => choose({ sessionChoice: 'CREATE_NEW', sessionName: f.tournament.trim() || 'Cup', sessionType: 'TOURNAMENT', asSpectator: true })]])));
}

function playerLine(seat) {
  const p = state.players[seat];
  return el('span', {}, p ? p.name : el('em', {}, 'empty'), isBot(p) ? badge('server bot', 'bot') : null,
    seat === state.mySeat && !state.spectator ? badge('you', 'you') : null);
}

function waitingView() {
  const free = (t) => !state.players[t] || !state.players[t + 2];
  const empty = [0, 1, 2, 3].filter((s) => !state.players[s]).length;
  const bot = (t) => [`Add a server bot to ${teamName(t)}`, () => send('JOIN_BOT', { sessionName: state.session, chosenTeamIndex: t }), `bot-${t}`];
  // One click fills every empty seat: the game starts at once.
  const fillAll = [`Fill the ${empty} empty seat${empty === 1 ? '' : 's'} with server bots`, () => {
    for (let i = 0; i < empty; i++) send('JOIN_BOT', { sessionName: state.session });
  }, 'bots-all'];
  const row = actionRow([fillAll, bot(0), bot(1)], { id: 'add-bots' });
  row.querySelectorAll('button').forEach((b, i) => { b.disabled = i === 0 ? !empty : !free(i - 1); });
  return el('section', { class: 'table' },
    el('h2', {}, `Session ${state.session}`, state.spectator ? ' (watching)' : ''),
    el('ul', { id: 'seats' }, [0, 1, 2, 3].map((s) => el('li', {}, `${teamName(s % 2)}, seat ${s + 1}: `, playerLine(s)))),
    el('p', {}, 'The game starts as soon as all four seats are taken.'),
    row,
    actionRow([['Leave', start]]));
}

function seatPanel(seat, viewer, turn) {
  const inTrick = state.table.some((_, i) => (state.leader + i) % 4 === seat);
  const left = Math.max(0, 9 - state.tricks - (inTrick ? 1 : 0));
  return el('div', { class: `seat at-${position(seat, viewer)}` + (turn === seat ? ' turn' : ''), 'data-seat': seat },
    el('h3', {}, playerLine(seat)),
    el('div', { class: 'muted' }, teamName(seat % 2), state.stage === 'game' && !state.over ? ` · ${left} cards` : ''));
}

function trickCards(cards, leader, viewer) {
  return cards.map((c, i) => {
    const seat = (leader + i) % 4;
    return el('div', { class: `at-${position(seat, viewer)}` }, cardElement(face(c), { label: `${nameOf(seat)}: ${cardLabel(c)}` }));
  });
}

function centerView(viewer) {
  const last = state.lastTrick;
  // While the trumpf is chosen no card is on the table: the choice takes the trick's place.
  const choosing = state.trumpfAsk && !state.sent && !state.spectator;
  return el('div', { class: 'center' },
    choosing ? trumpfDialog()
      : el('div', { class: 'trick-area', id: 'trick', 'aria-label': 'cards on the table' }, trickCards(state.table, state.leader, viewer)),
    last && !state.table.length
      ? el('div', { class: 'last-trick muted' }, `Last trick, taken by ${nameOf(last.winner)}:`,
        // Each card with who played it, in the order they were played.
        el('div', { class: 'trick' }, last.cards.map((c, i) => {
          const seat = (last.leader + i) % 4;
          return el('figure', { class: 'played-by' }, cardElement(face(c), { label: `${nameOf(seat)}: ${cardLabel(c)}` }),
            el('figcaption', {}, nameOf(seat)));
        })))
      : null,
    // The score in two short lines, so that the table leaves room for the hand.
    el('div', { id: 'scores', class: 'scoreline' }, [0, 1].map((t) => el('div', {},
      el('strong', {}, teamName(t), state.mySeat !== null && !state.spectator && state.mySeat % 2 === t ? ' (you)' : ''),
      `: ${state.points[t].total} (${state.points[t].deal} this deal)`))));
}

function statusLine(turn) {
  const mine = turn !== null && turn === state.mySeat && !state.spectator;
  let what;
  if (state.over) {
    // The final result, not the deal that was about to begin.
    const [a, b] = state.points.map((p) => p.total);
    return el('div', { class: 'status', id: 'status', 'aria-live': 'polite' },
      `Game over after ${state.deals.length} deal${state.deals.length === 1 ? '' : 's'}: ${teamName(0)} ${a}, ${teamName(1)} ${b}.`);
  }
  if (turn === null) what = '…';
  else if (!state.mode) what = mine ? 'Your turn: choose the trumpf.' : `${nameOf(turn)} chooses the trumpf.`;
  else what = mine ? 'Your turn: play a card.' : `${nameOf(turn)} to play.`;
  return el('div', { class: 'status', id: 'status', 'aria-live': 'polite' },
    `Deal ${state.deal} · ${modeLabel(state.mode)} · `, what);
}

function handView() {
  const myTurn = state.cardAsk && !state.sent && !state.over;
  const legal = myTurn ? legalCards(state.hand, state.table, state.mode) : [];
  const cards = state.hand.map((c) => {
    const ok = legal.some((l) => sameCard(l, c));
    const b = cardElement(face(c), {
      disabled: myTurn && !ok,
      label: cardLabel(c) + (myTurn && !ok ? ' (not allowed now)' : ''),
      onClick: myTurn && ok ? () => playCard(c) : undefined,
    });
    b.dataset.key = `card-${c.number}-${c.color}`;
    return b;
  });
  return [el('h3', {}, 'Your hand'), el('div', { class: 'hand', id: 'hand' }, cards)];
}

function playCard(c) {
  state.sent = true;
  send('CHOOSE_CARD', { number: c.number, color: c.color });
  render();
}

/** Whether the server counts spades and clubs double, obeabe and undeufe triple. */
let multipliers = false;
fetch('/healthz').then((r) => r.json()).then((h) => { multipliers = Boolean(h.tables?.jass?.multipliers); }).catch(() => {});

function trumpfDialog() {
  const { pushed } = state.trumpfAsk;
  return el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'choose the trumpf', id: 'trumpf-dialog' },
    el('h3', {}, pushed ? 'Your partner pushed: you must choose.' : 'Choose the trumpf (or push it to your partner).'),
    actionRow(trumpfChoices(pushed, multipliers).map(([label, data]) => [label, () => {
      state.sent = true;
      state.trumpfAsk = null;
      send('CHOOSE_TRUMPF', data);
      render();
    }, 'trumpf-' + label])));
}

function dealSummary() {
  const d = state.deals[state.deals.length - 1];
  return el('div', { class: 'summary', id: 'deal-summary', role: 'status' },
    el('h3', {}, `Deal ${d.deal} finished (${modeLabel(d.mode)})`),
    el('table', { class: 'list' },
      el('tr', {}, el('th', {}, 'Team'), el('th', {}, 'Points this deal'), el('th', {}, 'Total')),
      d.result.map((t, i) => el('tr', {}, el('td', {}, teamName(i)), el('td', {}, t.currentRoundPoints), el('td', {}, t.points)))),
    state.deals.length > 1 ? el('p', { class: 'muted' }, 'Earlier deals: ',
      state.deals.slice(0, -1).map((x) => `#${x.deal} ${x.result[0].currentRoundPoints}:${x.result[1].currentRoundPoints}`).join(' · ')) : null,
    el('p', { class: 'muted' }, 'The first team to 2500 points wins.'));
}

function gameOver() {
  const w = state.winner;
  const mine = state.mySeat !== null && !state.spectator;
  const verdict = mine ? (teamIndex(w.name) === state.mySeat % 2 ? 'Your team wins!' : 'Your team lost.') : '';
  return el('div', { class: 'summary', id: 'game-over', role: 'status' },
    el('h3', {}, `${w.name} wins with ${w.points} points. ${verdict}`),
    actionRow([['Play again', start]]));
}

function gameView() {
  const viewer = state.spectator || state.mySeat === null ? 0 : state.mySeat;
  const turn = turnSeat();
  const parts = [
    el('h2', {}, `Session ${state.session || ''}`, state.spectator ? ' (watching)' : ''),
    statusLine(turn),
    state.notice ? el('p', { class: 'notice' }, state.notice) : null,
    el('div', { class: 'compass' }, [0, 1, 2, 3].map((s) => seatPanel(s, viewer, turn)), centerView(viewer)),
  ];
  // On a phone the hand stays at the bottom of the screen, so it is always in view.
  if (!state.spectator) parts.push(el('div', { class: 'my-side' }, handView()));
  if (state.winner) parts.push(gameOver());
  if (state.deals.length) parts.push(dealSummary());
  return el('section', { class: 'table' }, parts);
}

function tournamentView() {
  const r = state.ranking || { ranking: [], pairingResults: [] };
  // Once the tournament is over (its connections closed) the ranking is final: who is
  // still connected no longer matters.
  const over = state.started && Boolean(state.notice);
  const rows = r.ranking.length
    ? r.ranking.map((p) => el('tr', {}, el('td', {}, p.rank ?? ''), el('td', {}, p.playerName, p.crashed ? badge('crashed') : null),
      el('td', {}, typeof p.rating === 'number' ? String(Math.floor(p.rating)) : ''), over ? null : el('td', {}, p.connectedClients)))
    : [el('tr', {}, el('td', { colspan: 4 }, 'No bots yet. Each bot joins with two connections under one name.'))];
  const columns = over ? ['Rank', 'Bot', 'Rating'] : ['Rank', 'Bot', 'Rating', 'Connected clients'];
  return el('section', { class: 'table' },
    el('h2', {}, `Tournament ${state.session || ''} (watching)`),
    state.notice ? el('p', { class: 'notice' }, state.notice) : null,
    el('table', { class: 'list', id: 'ranking' },
      el('caption', {}, over ? 'Final ranking' : 'Ranking'),
      el('tr', {}, columns.map((h) => el('th', {}, h))), rows),
    el('div', { id: 'pairings' }, el('h3', {}, `Pairings played: ${r.pairingResults.length}`),
      el('ul', {}, r.pairingResults.map((p) => el('li', {}, p.firstPlayerWon ? `${p.player1} beat ${p.player2}` : `${p.player2} beat ${p.player1}`)))),
    state.started
      ? el('p', { class: 'status' }, state.notice ? 'Finished.' : 'The tournament has started.')
      : actionRow([['Start the tournament', () => { state.sent = true; send('START_TOURNAMENT'); render(); }, 'start']]));
}

function render() {
  const views = {
    connecting: () => el('p', {}, 'Connecting…'),
    closed: () => el('section', {}, el('p', {}, 'Disconnected from the server.'), actionRow([['Reconnect', start]])),
    lobby: lobbyView, waiting: waitingView, game: gameView, tournament: tournamentView,
  };
  const view = views[state.stage]();
  if (state.sent) view.querySelectorAll('.dialog button, #hand button, .lobby button, [data-key=start]').forEach((b) => { b.disabled = true; });
  redraw(app, view, state.focus);
  state.focus = null;
}

start();
