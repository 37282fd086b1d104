// Course Truco in the browser, speaking the course line protocol (seed 003) over
// /ws/truco: waiting for the table of four, then the match (hand, vira, table, turn,
// raises and their answers, rounds, hands and the final score).

import { buttons, connect, el, fill, header, showError } from '/common.js';
import { cardBack, cardElement } from '/cards.js';
import { parseCard } from '/truco-cards.js';

const ERRORS = {
  NOT_YOUR_TURN: 'It is not your turn.', NOT_IN_HAND: 'You do not hold that card.',
  TRUCO_NOT_ALLOWED: 'Your team cannot raise now.', NO_RAISE_PENDING: 'Nobody asked for a raise.',
  NOT_YOUR_ANSWER: 'That raise is not yours to answer.', RAISE_PENDING: 'A raise waits for its answers first.',
  BAD_COMMAND: 'The server did not understand that.',
};

header('Course Truco');
const app = document.getElementById('app');
const state = {
  me: 0, team: 0, waiting: 0, started: false, hand: [], vira: null, turn: 0, value: 1,
  played: [], scores: [0, 0], raise: null, answered: false, lastHand: null, over: null, left: [], closed: false,
};

const server = connect('truco', {
  onMessage: (line) => { handle(line); render(); },
  onClose: () => { if (state.over === null) showError('The connection to the server closed.'); },
});

const teamOf = (p) => (p % 2 === 1 ? 1 : 2);

function handle(line) {
  const [cmd, ...a] = line.trim().split(/\s+/);
  switch (cmd) {
    case 'WELCOME': state.me = Number(a[0]); state.team = Number(a[1]); break;
    case 'WAITING': state.waiting = Number(a[0]); break;
    case 'MATCH': state.started = true; break;
    case 'HAND': state.scores = [Number(a[2]), Number(a[3])]; state.played = []; state.value = 1; state.raise = null; break;
    case 'CARDS': state.hand = a.map(parseCard); break;
    case 'VIRA': state.vira = parseCard(a[0]); break;
    case 'TURN': state.turn = Number(a[0]); state.value = Number(a[1]); state.raise = null; break;
    case 'PLAYED': {
      const p = Number(a[0]);
      state.played.push({ p, card: a[1] === 'CLOSED' ? null : parseCard(a[1]) });
      if (p === state.me) state.hand.splice(state.hand.findIndex((c) => c && (c.code === a[1] || a[1] === 'CLOSED')), 1);
      break;
    }
    case 'TRUCO': state.raise = { p: Number(a[0]), value: Number(a[1]) }; state.answered = false; break;
    case 'ANSWERED': if (Number(a[0]) === state.me) state.answered = true; break;
    case 'ACCEPTED': state.value = Number(a[0]); state.raise = null; break;
    case 'ROUND': state.played = []; break;
    case 'HAND_END': state.lastHand = `Hand won by ${a[0] === '0' ? 'nobody' : 'team ' + a[0]} for ${a[1]}.`; state.scores = [Number(a[2]), Number(a[3])]; break;
    case 'MATCH_END': state.over = Number(a[0]); state.scores = [Number(a[1]), Number(a[2])]; break;
    case 'LEFT': state.left.push(Number(a[0])); showError(`Player ${a[0]} left; a CPU player took the seat.`); break;
    case 'ERROR': showError(ERRORS[a[0]] || line); break;
    default: break;
  }
}

function render() {
  if (!state.started) {
    return fill(app, el('section', { class: 'table' }, el('h2', {}, 'Waiting for the table'),
      el('p', {}, `You are player ${state.me || '…'} (team ${state.team || '…'}). ${state.waiting}/4 players here; the match starts with four.`)));
  }
  const myTurn = state.turn === state.me && !state.raise && state.over === null;
  const parts = [
    el('div', { class: 'status' }, `Team 1 ${state.scores[0]} × ${state.scores[1]} team 2 · hand worth ${state.value}`, state.vira ? ` · vira ${state.vira.code}` : ''),
    el('div', { class: 'seats' }, [1, 2, 3, 4].map((p) => el('div', { class: 'seat' + (state.turn === p ? ' turn' : '') },
      el('strong', {}, p === state.me ? `Player ${p} (you)` : `Player ${p}`), state.left.includes(p) ? el('span', { class: 'cpu' }, 'CPU') : null,
      el('div', {}, `team ${teamOf(p)}`)))),
    el('h3', {}, 'Table'),
    el('div', { class: 'trick' }, state.played.map((x) => el('div', {}, el('div', {}, `P${x.p}`), x.card ? cardElement(x.card) : cardBack()))),
    el('h3', {}, 'Your hand'),
    el('div', { class: 'hand' }, state.hand.filter(Boolean).map((c) => cardElement(c, {
      disabled: !myTurn, onClick: myTurn ? () => server.send(`PLAY ${c.code}${state.closed ? ' CLOSED' : ''}`) : null }))),
  ];
  if (myTurn) {
    parts.push(el('div', { class: 'status' }, 'Your turn'), buttons([
      ['Truco!', () => server.send('TRUCO')],
      [state.closed ? 'Play open' : 'Play closed', () => { state.closed = !state.closed; render(); }]]));
  }
  if (state.raise && teamOf(state.raise.p) !== state.team && !state.answered) {
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'raise' },
      el('p', {}, `Player ${state.raise.p} asks ${state.raise.value}!`),
      buttons([['Accept', () => server.send('ACCEPT')], ['Fold', () => server.send('FOLD')], ['Raise', () => server.send('RAISE')]])));
  }
  if (state.lastHand) parts.push(el('p', { class: 'summary', id: 'last-hand' }, state.lastHand));
  if (state.over !== null) {
    parts.push(el('div', { class: 'summary', id: 'game-over' },
      el('p', {}, `Match over: team ${state.over} wins ${state.scores[0]} × ${state.scores[1]}.`),
      buttons([['Play again', () => location.reload()]])));
  }
  fill(app, el('section', { class: 'table' }, ...parts));
}

render();
