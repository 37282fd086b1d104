// miniTruco in the browser, speaking the miniTruco line protocol (seed 000) over
// /ws/minitruco: the room list, a room with its ready flags and the manager's controls,
// then the game (hand, table, turn, raises and answers, hand of 11, scores, chat).
// The server decides every rule; the page offers what the protocol allows now.

import { buttons, connect, el, fill, header, playerName, showError } from '/common.js';
import { cardBack, cardElement } from '/cards.js';
import { parseCard } from '/truco-cards.js';

const ERRORS = {
  NO: 'Choose a name first.', NI: 'That name is not allowed (letters and digits only).',
  NE: 'That name is taken.', JE: 'You are already in a room.', SI: 'No such room.',
  CH: 'That room is full or playing.', FS: 'You are not in a room.', TT: 'A clean deck cannot use the old manilha.',
  JI: 'Nobody to kick there.', CI: 'The server did not understand.', JO: 'You cannot rename during a game.',
};

header('miniTruco');
const app = document.getElementById('app');
const view = el('div', { id: 'view' });
const chatLog = el('div', { class: 'log', 'aria-live': 'polite' });
const chatInput = el('input', { placeholder: 'say something to the room', 'aria-label': 'chat' });
const chat = el('form', { class: 'chat', onsubmit: (e) => { e.preventDefault(); if (chatInput.value) { server.send('B ' + chatInput.value); chatInput.value = ''; } } },
  chatInput, el('button', {}, 'Send'));
app.append(view, el('h2', {}, 'Chat'), chatLog, chat);

const state = {
  nick: playerName().replace(/[^\p{L}\p{N}!@$()\-_.]/gu, '').slice(0, 24) || 'guest',
  tries: 0, rooms: [], room: null, seats: ['', '', '', ''], ready: 'TTTT', manager: 0, flags: 'FF',
  pos: 0, playing: false, hand: [], vira: null, turn: 0, closedAllowed: false, closed: false,
  played: [], scores: [0, 0], raise: null, eleven: null, over: null, stake: 1,
};

const server = connect('minitruco', {
  onOpen: () => server.send('N ' + state.nick),
  onMessage: (line) => { handle(line); render(); },
  onClose: () => showError('The connection to the server closed.'),
});

function handle(line) {
  if (line === '') return; // keep-alive
  const [cmd, ...args] = line.split(' ');
  switch (cmd) {
    case 'N': state.nick = args[0]; server.send('L'); break;
    case 'L': state.rooms = args[0].split('|').map(Number); break;
    case 'E': state.room = Number(args[0]); break;
    case 'I': {
      if (state.room === null) break;
      state.seats = args[1].split('|');
      state.ready = args[2]; state.manager = Number(args[3]); state.flags = args[4];
      const mine = state.seats.findIndex((n) => n === state.nick);
      if (mine >= 0) state.pos = mine + 1;
      break;
    }
    case 'S': Object.assign(state, { room: null, playing: false }); server.send('L'); break;
    case 'P': Object.assign(state, { pos: Number(args[0]), playing: true, over: null, scores: [0, 0] }); break;
    case 'M': state.hand = args.slice(0, 3).map(parseCard); state.vira = parseCard(args[3]); state.played = []; state.stake = 1; break;
    case 'V': state.turn = Number(args[0]); state.closedAllowed = args[1] === 'T'; state.raise = null; break;
    case 'J': {
      const pos = Number(args[0]);
      state.played.push({ pos, card: parseCard(args[1]), closed: args.length === 1 || args[2] === 'T' });
      if (pos === state.pos) state.hand = state.hand.filter((c) => c && c.code !== args[1]);
      break;
    }
    case 'R': if (state.played.length >= 4 || args[0]) state.roundWinner = args[0]; state.played = []; break;
    case 'O': state.scores = [Number(args[0]), Number(args[1])]; state.raise = null; state.eleven = null; break;
    case 'T': state.raise = { pos: Number(args[0]), value: Number(args[1]) }; break;
    case 'D': state.stake = Number(args[1]); state.raise = null; break;
    case 'F': state.eleven = args.slice(0, 3).map(parseCard); break;
    case 'H': if (Number(args[0]) === state.pos) state.eleven = null; break;
    case 'G': state.over = Number(args[0]); state.playing = false; break;
    case 'A': state.playing = false; showError(`Seat ${args[0]} left: the game was abandoned.`); break;
    case 'B': chatLog.append(el('div', {}, `${args[0]}: ${args.slice(1).join(' ')}`)); chatLog.scrollTop = 1e9; break;
    case 'X': {
      if (args[0] === 'NE' && state.tries++ < 5) { state.nick = state.nick.slice(0, 20) + Math.floor(Math.random() * 100); server.send('N ' + state.nick); break; }
      showError(ERRORS[args[0]] || 'The server refused: ' + line);
      break;
    }
    default: break;
  }
}

const team = (pos) => (pos % 2 === 1 ? 1 : 2);
const myTurn = () => state.playing && state.turn === state.pos && !state.raise && !state.eleven;

function render() {
  if (state.room === null) return fill(view, roomList());
  if (!state.playing && state.over === null) return fill(view, roomView());
  fill(view, gameView());
}

function roomList() {
  return el('section', {},
    el('h2', {}, `Rooms (you are ${state.nick})`),
    el('div', { class: 'actions' }, state.rooms.map((n, i) =>
      el('button', { onclick: () => server.send('E ' + (i + 1)), disabled: n >= 4 }, `Enter room ${i + 1} (${n}/4)`))),
    buttons([['Refresh', () => server.send('L')]]));
}

function roomView() {
  const manager = state.manager === state.pos;
  const clean = state.flags[0] === 'T', old = state.flags[1] === 'T';
  return el('section', { class: 'table' },
    el('h2', {}, `Room ${state.room}`),
    el('div', { class: 'seats' }, state.seats.map((name, i) => el('div', { class: 'seat' },
      el('strong', {}, `Seat ${i + 1}: `), name || '(empty: a CPU player will sit here)',
      name ? el('div', {}, state.ready[i] === 'T' ? 'ready' : 'not ready') : null,
      state.manager === i + 1 ? el('div', {}, 'manager') : null,
      manager && name && i + 1 !== state.pos ? el('button', { onclick: () => server.send('K ' + (i + 1)) }, 'Kick') : null))),
    el('p', {}, `Rules: ${clean ? 'clean' : 'dirty'} deck, ${old ? 'old' : 'new'} manilha. Team 1 is seats 1 and 3.`),
    manager ? buttons([
      [`Deck: ${clean ? 'dirty' : 'clean'}`, () => server.send(`R ${clean ? 'F' : 'T'}${clean ? state.flags[1] : 'F'}`)],
      [`Manilha: ${old ? 'new' : 'old'}`, () => server.send(`R ${state.flags[0]}${old ? 'F' : 'T'}`)],
      ['Swap foes', () => server.send('V')], ['Rotate partner', () => server.send('O')]]) : null,
    buttons([['Ready', () => server.send('Q')], ['Leave room', () => server.send('S')]]));
}

function gameView() {
  const names = state.seats.map((n, i) => n || `CPU${i + 1}`);
  const seats = el('div', { class: 'seats' }, names.map((name, i) => el('div', { class: 'seat' + (state.turn === i + 1 && state.playing ? ' turn' : '') },
    el('strong', {}, name), /^CPU\d/.test(name) ? el('span', { class: 'cpu' }, 'CPU') : null,
    el('div', {}, `team ${team(i + 1)}`))));
  const table = el('div', { class: 'trick', 'aria-label': 'cards on the table' }, state.played.map((p) =>
    el('div', {}, el('div', {}, names[p.pos - 1]), p.card && !p.closed ? cardElement(p.card) : cardBack())));
  const canPlay = myTurn();
  const hand = el('div', { class: 'hand', 'aria-label': 'your hand' }, state.hand.filter(Boolean).map((card) =>
    cardElement(card, { disabled: !canPlay, onClick: canPlay ? () => server.send(`J ${card.code}${state.closed ? ' T' : ''}`) : null })));
  const parts = [
    el('div', { class: 'status' }, `Score: team 1 ${state.scores[0]} × ${state.scores[1]} team 2 · hand worth ${state.stake}`,
      state.vira ? ` · vira ${state.vira.code}` : ''),
    seats, el('h3', {}, 'Table'), table, el('h3', {}, 'Your hand'), hand];
  if (canPlay) {
    parts.push(el('div', { class: 'status' }, 'Your turn'));
    const acts = [['Truco!', () => server.send('T')]];
    if (state.closedAllowed) acts.push([state.closed ? 'Play open' : 'Play closed', () => { state.closed = !state.closed; render(); }]);
    parts.push(buttons(acts));
  } else if (state.playing) parts.push(el('div', {}, `Waiting for ${names[state.turn - 1] || '…'}`));
  if (state.raise && team(state.raise.pos) !== team(state.pos)) {
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'raise' },
      el('p', {}, `${names[state.raise.pos - 1]} asks ${state.raise.value}!`),
      buttons([['Accept', () => server.send('D')], ['Fold', () => server.send('C')], ['Raise', () => server.send('T')]])));
  }
  if (state.eleven) {
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'hand of 11' },
      el('p', {}, 'Hand of 11: your partner holds'), el('div', { class: 'hand' }, state.eleven.filter(Boolean).map((c) => cardElement(c))),
      buttons([['Play the hand', () => server.send('H T')], ['Give it up', () => server.send('H F')]])));
  }
  if (state.over !== null) {
    parts.push(el('div', { class: 'summary', id: 'game-over' },
      el('p', {}, `Game over: team ${state.over} wins ${state.scores[0]} × ${state.scores[1]}.`,
        team(state.pos) === state.over ? ' You win!' : ' You lose.'),
      buttons([['Play again', () => { state.over = null; server.send('Q'); render(); }]])));
  }
  return el('section', { class: 'table' }, ...parts);
}

render();
