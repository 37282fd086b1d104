// Course Truco in the browser. The page speaks the course's line protocol (seed 003, see
// docs/protocols/truco.md) over /ws/truco, so it takes a seat
// at the table being formed exactly like a TCP client: the fourth player starts the
// match. Players have numbers (the protocol has no names; parlor's `NAME` line records
// and rates this player under the name saved on the home page); team 1 is players 1
// and 3. The page shows your hand, the vira, the cards on the table, whose turn it is,
// the score and the hand's value, and offers only what the rules allow now: a card and
// TRUCO on your turn (not when your team raised last or at 12), and ACCEPT / FOLD /
// RAISE when the other team raised. Every ERROR is shown in words.

import { buttons, connect, el, fill, header, playerName, reloadingBack, renderGuided, showError } from '/common.js';
import { cardBack, cardElement, cardImage, cardName } from '/cards.js';
import { manilhaText, parseCard } from '/truco-cards.js';
import { around, fourSeats, playedCard, steadyHand } from '/felt.js';
import { paced } from '/tables.js';

const ERRORS = {
  NOT_YOUR_TURN: 'It is not your turn.',
  NOT_IN_HAND: 'You do not hold that card.',
  TRUCO_NOT_ALLOWED: 'Your team cannot raise now (it raised last, or the hand is at 12).',
  NO_RAISE_PENDING: 'Nobody asked for a raise.',
  NOT_YOUR_ANSWER: 'That raise is not yours to answer.',
  RAISE_PENDING: 'A raise is waiting for its answers first.',
  BAD_COMMAND: 'The server did not understand that.',
};
const RAISE_NAMES = { 3: 'truco', 6: 'six', 9: 'nine', 12: 'twelve' };
const NEXT_RAISE = { 1: 3, 3: 6, 6: 9, 9: 12 };
const teamOf = (p) => (p % 2 === 1 ? 1 : 2);

header('Course Truco');
const app = document.getElementById('app');
const state = {
  me: 0, team: 0, waiting: 0, started: false, handNo: 0, hand: [], dealt: [], vira: null, turn: 0, value: 1,
  played: [], lastRound: null, rounds: [], scores: [0, 0], raise: null, lastRaiser: 0,
  summary: null, over: 0, cpu: new Set(), away: new Set(), faceDown: false, sent: null, busy: false, log: [],
};

// The token this tab comes back to its seat with after a reload (parlor's `TOKEN` and
// `RESUME` lines, docs/protocols/truco.md).
const TAB_TOKEN = 'parlor.truco.token';
let askedToken = false;

// The end of a round (1 s) and of a hand (1.5 s) stay on the table before the next cards.
const HOLD = { ROUND: 1000, HAND_END: 1500 };
const holdAfter = (line) => HOLD[line.split(' ')[0]] || 0;

// The match comes back to its seat by reloading the page, which sends its token again.
const back = reloadingBack('parlor.truco.back');
// Whether MATCH_END came (the lines are shown paced, so it may not be handled yet).
let sawEnd = false;
const shown = paced((line) => { handle(line); render(); }, holdAfter);

const server = connect('truco', {
  onOpen: () => {
    const token = sessionStorage.getItem(TAB_TOKEN);
    if (token) server.send('RESUME ' + token);
  },
  onMessage: (line) => {
    if (line.startsWith('MATCH_END')) sawEnd = true;
    shown(line);
  },
  onClose: (e) => {
    if (state.over || state.left) return;
    const token = sessionStorage.getItem(TAB_TOKEN);
    if (!sawEnd && token && (state.started || back.coming())) {
      back.retry();
      return;
    }
    back.stop();
    if (e.code === 1000 && state.started) {
      // The server closes a table's connections when its match ends; if the last
      // messages did not arrive, the match is over all the same.
      state.over = -1;
      state.turn = 0;
      render();
    } else {
      showError('The connection to the server closed: reload the page to play again.');
    }
  },
});

const who = (p) => (p === state.me ? 'you' : `player ${p}`);
function note(text) {
  state.log.push(text);
  if (state.log.length > 8) state.log.shift();
}

function handle(line) {
  const [cmd, ...a] = line.trim().split(/\s+/);
  const n = a.map(Number);
  // A play or a raise we sent is settled by its echo, an error, or the game moving on.
  if (['TURN', 'HAND', 'MATCH_END', 'ERROR'].includes(cmd) || (['PLAYED', 'TRUCO'].includes(cmd) && n[0] === state.me)) {
    state.busy = false;
  }
  switch (cmd) {
    case 'WELCOME':
      state.me = n[0];
      state.team = n[1];
      if (!askedToken) {
        askedToken = true;
        server.send('TOKEN');
        // A guest stays unnamed: one name for every stranger would rate them as one.
        if (playerName() !== 'guest') server.send('NAME ' + playerName());
      }
      break;
    case 'TOKEN':
      // Coming back, the table being formed may answer first: the seat's token stays.
      if (!back.coming()) sessionStorage.setItem(TAB_TOKEN, a[0]);
      break;
    case 'WAITING': state.waiting = n[0]; break;
    case 'MATCH':
      state.started = true;
      note(`The match starts: player ${n[0]} opens.`);
      // Which seats CPU players took (parlor's SEATS extension).
      server.send('SEATS');
      break;
    case 'SEATS':
      state.cpu = new Set([1, 2, 3, 4].filter((p) => a[p - 1] === 'CPU'));
      state.away = new Set([1, 2, 3, 4].filter((p) => a[p - 1] === 'AWAY'));
      break;
    case 'HAND':
      back.done();
      Object.assign(state, {
        handNo: n[0], scores: [n[2], n[3]], played: [], lastRound: null, rounds: [], value: 1,
        raise: null, lastRaiser: 0, turn: 0, faceDown: false,
      });
      break;
    case 'CARDS': state.hand = a.map(parseCard).filter(Boolean); state.dealt = state.hand.slice(); break;
    case 'VIRA': state.vira = parseCard(a[0]); break;
    case 'TURN': state.turn = n[0]; state.value = n[1]; break;
    case 'PLAYED': played(n[0], a[1]); break;
    case 'TRUCO':
      state.raise = { p: n[0], value: n[1], answered: false };
      state.lastRaiser = teamOf(n[0]);
      note(`${who(n[0])} asked for ${RAISE_NAMES[n[1]] || n[1]} (${n[1]} points).`);
      break;
    case 'ANSWERED':
      if (n[0] === state.me && state.raise) state.raise.answered = true;
      note(`${who(n[0])} answered ${a[1].toLowerCase()}.`);
      // The first to fold is why the hand ends (a partner's fold makes the page fold too).
      if (a[1] === 'FOLD' && !state.folded) state.folded = n[0];
      if (a[1] === 'FOLD' && n[0] !== state.me && teamOf(n[0]) === state.team && state.raise && !state.raise.answered) {
        // Both must answer, and one fold refuses the raise whatever the other says: the
        // page answers for you instead of asking a question that changes nothing.
        note('Your partner folded: the raise is refused, so you fold too.');
        answer('FOLD');
      }
      break;
    case 'ACCEPTED': state.value = n[0]; state.raise = null; note(`The raise holds: the hand is worth ${n[0]}.`); break;
    case 'ROUND':
      state.rounds.push(n[2]);
      state.lastRound = { plays: state.played, winner: n[1] };
      state.played = [];
      note(n[2] ? `Round ${n[0]}: ${who(n[1])} won it for team ${n[2]}.` : `Round ${n[0]} was tied.`);
      break;
    case 'HAND_END': {
      state.scores = [n[2], n[3]];
      // Why the hand ended: a refused raise, or the rounds played.
      const why = state.folded ? ` (${who(state.folded)} folded)` : '';
      state.summary = n[0]
        ? `Hand ${state.handNo}: team ${n[0]}${n[0] === state.team ? ' (yours)' : ''} scored ${n[1]}${why}. Score ${n[2]} × ${n[3]}.`
        : `Hand ${state.handNo}: all rounds tied, nobody scored. Score ${n[2]} × ${n[3]}.`;
      state.folded = 0;
      note(state.summary);
      Object.assign(state, { turn: 0, raise: null });
      break;
    }
    case 'MATCH_END': sessionStorage.removeItem(TAB_TOKEN); state.over = n[0]; state.scores = [n[1], n[2]]; state.turn = 0; break;
    case 'LEFT': state.cpu.add(n[0]); state.away.delete(n[0]); showError(`Player ${n[0]} left: a CPU player plays that seat now.`); break;
    case 'ERROR':
      if (/token/.test(line)) {
        // Coming back: the table may not be there yet; else the token is stale.
        if (back.coming()) { server.close(); back.retry(); break; }
        sessionStorage.removeItem(TAB_TOKEN);
        break;
      }
      if (/name/.test(line)) { note(`Your name was refused (${a.slice(1).join(' ')}): you play unnamed.`); break; }
      state.sent = null;
      showError(ERRORS[a[0]] || `The server refused that: ${a.slice(1).join(' ') || a[0]}`);
      break;
    default: break;
  }
}

function played(p, code) {
  state.lastRound = null;
  // A closed card is announced as CLOSED to everyone, its player too: we know ours.
  const card = code === 'CLOSED' ? (p === state.me ? state.sent : null) : parseCard(code);
  state.played.push({ p, card, closed: code === 'CLOSED' });
  if (p === state.me) {
    const gone = card ? card.code.toUpperCase() : null;
    const at = state.hand.findIndex((c) => c.code.toUpperCase() === gone);
    if (at >= 0) state.hand.splice(at, 1);
    state.sent = null;
  }
  state.turn = 0;
}

/** Sends a move; the page offers nothing more until the server has answered it. */
function act(text) {
  state.busy = true;
  server.send(text);
  render();
}

function play(card) {
  state.sent = card;
  act(`PLAY ${card.code}${state.faceDown ? ' CLOSED' : ''}`);
}

function answer(word) {
  state.raise.answered = true;
  server.send(word);
  render();
}

function render() {
  renderGuided(app, draw);
}

function draw() {
  if (!state.started) {
    return fill(app, el('section', { class: 'table', id: 'waiting' },
      el('h2', {}, 'Waiting for the table'),
      el('p', {}, state.me ? `You are player ${state.me}, team ${state.team}.` : 'Connecting…'),
      el('p', { 'aria-live': 'polite' }, `${state.waiting || (state.me ? state.me : 0)} of 4 players are here; the match starts with four.`),
      el('p', { class: 'hint' }, 'Anyone who opens this page or connects a Truco client joins this table.'),
      state.me ? el('div', { class: 'actions' },
        el('button', { type: 'button', id: 'fill-cpu', onclick: () => server.send('CPU') }, 'Fill the empty seats with CPU players')) : null));
  }
  const myTurn = !state.over && !state.left && state.turn === state.me && !state.raise && !state.busy;
  const canRaise = myTurn && state.lastRaiser !== state.team && NEXT_RAISE[state.value];
  const shown = state.played.length ? state.played : state.lastRound ? state.lastRound.plays : [];

  const round = state.rounds.length + (state.played.length ? 1 : 0);
  const cardAt = (x) => x.card && !x.closed ? cardImage(x.card, `${who(x.p)}: ${cardName(x.card)}`)
    : cardBack(x.card ? `you: ${cardName(x.card)}, face down` : `${who(x.p)}: a card face down`);
  const seats = [1, 2, 3, 4].map((p) => {
    const x = shown.find((y) => y.p === p);
    return {
      pos: p,
      me: p === state.me,
      turn: state.turn === p,
      title: p === state.me ? `Player ${p} (you)` : `Player ${p}`,
      badges: [
        state.cpu.has(p) ? el('span', { class: 'cpu' }, 'CPU · heuristic') : null,
        state.away.has(p) ? el('span', { class: 'hint' }, 'away') : null,
        el('span', { class: 'hint' }, `team ${teamOf(p)}${p !== state.me && teamOf(p) === state.team ? ' · partner' : ''}`),
      ],
      played: x ? playedCard(cardAt(x), `${state.handNo}-${round}-${p}`, around(p, state.me)) : null,
    };
  });
  const middle = [
    state.vira ? el('span', { class: 'vira' }, 'vira ', cardImage(state.vira, `the vira: ${cardName(state.vira)}`)) : null,
    state.vira ? el('span', { id: 'manilhas' }, manilhaText(state.vira, 'full')) : null,
    state.rounds.length ? el('div', { class: 'rounds' }, state.rounds.map((t, i) => el('span', {}, `round ${i + 1}: ${t ? `team ${t}` : 'tie'}`))) : null,
  ];
  const parts = [
    el('div', { class: 'scoreboard sticky', id: 'score' },
      el('span', { class: 'score' }, `Team 1: ${state.scores[0]}`), el('span', { class: 'score' }, `Team 2: ${state.scores[1]}`),
      el('span', {}, `you are team ${state.team}`), el('span', {}, `hand ${state.handNo} is worth ${state.value}`)),
    fourSeats(seats, state.me, middle),
    steadyHand(state.dealt.length ? state.dealt : state.hand, state.hand, (c) => {
      const b = cardElement(c, {
        disabled: !myTurn,
        onClick: myTurn ? () => play(c) : null,
        label: `${cardName(c)}${myTurn ? (state.faceDown ? ': play it face down' : ': play it') : ''}`,
      });
      b.dataset.key = 'card-' + c.code;
      return b;
    }),
    el('p', { class: 'status', id: 'turn', 'aria-live': 'polite' }, turnText(myTurn)),
  ];
  if (myTurn) {
    parts.push(buttons([
      canRaise ? [`Ask for ${RAISE_NAMES[NEXT_RAISE[state.value]]} (${NEXT_RAISE[state.value]} points)`, () => act('TRUCO'), { class: 'primary', 'data-key': 'raise' }] : null,
      [state.faceDown ? 'Face down: on' : 'Face down: off', () => { state.faceDown = !state.faceDown; render(); },
        { 'aria-pressed': String(state.faceDown), 'data-key': 'face-down' }],
    ]));
  }
  if (state.raise && teamOf(state.raise.p) !== state.team && !state.raise.answered && !state.over) {
    const next = NEXT_RAISE[state.raise.value];
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'raise', id: 'raise' },
      el('p', {}, `Player ${state.raise.p} asks for ${RAISE_NAMES[state.raise.value]}: the hand would be worth ${state.raise.value}.`),
      buttons([
        ['Accept', () => answer('ACCEPT'), { class: 'primary' }],
        [`Fold (team ${teamOf(state.raise.p)} scores ${state.value})`, () => answer('FOLD')],
        next ? [`Raise to ${next}`, () => answer('RAISE')] : null,
      ])));
  }
  if (state.summary && !state.over) parts.push(el('p', { class: 'summary', id: 'hand-summary' }, state.summary));
  if (state.over) {
    const result = state.over > 0
      ? el('p', {}, `Match over: team ${state.over} wins, ${state.scores[0]} × ${state.scores[1]}. `,
        el('strong', {}, state.over === state.team ? 'You win!' : 'You lose.'))
      : el('p', {}, `The server ended the match (last score seen: ${state.scores[0]} × ${state.scores[1]}).`);
    parts.push(el('div', { class: 'summary', id: 'game-over' }, result,
      buttons([['Play again', () => location.reload(), { class: 'primary' }]]),
      el('p', { class: 'hint' }, 'Playing again joins the next table being formed.')));
  }
  if (state.left) {
    parts.push(el('div', { class: 'summary', id: 'left' },
      el('p', {}, 'You left the match: a CPU player plays your seat from now on.'),
      buttons([['Play again', () => location.reload(), { class: 'primary' }]])));
  } else if (!state.over) {
    // Leaving is closing the connection: the server gives the seat to a CPU player.
    parts.push(buttons([['Leave the match', leave, { 'data-key': 'leave' }]]));
  }
  parts.push(el('h3', {}, 'What happened'),
    el('ol', { class: 'log', id: 'events', 'aria-label': 'latest first' }, state.log.slice().reverse().map((t) => el('li', {}, t))));
  fill(app, el('section', { class: 'table', id: 'game' }, parts));
}

/** Leaves the match for good: no coming back with this tab's token. */
function leave() {
  sessionStorage.removeItem(TAB_TOKEN);
  state.left = true;
  server.close();
  render();
}

function turnText(myTurn) {
  if (state.over) return 'The match is over.';
  if (state.raise) {
    if (teamOf(state.raise.p) === state.team) return `Waiting for team ${3 - state.team} to answer the ${RAISE_NAMES[state.raise.value]}.`;
    return state.raise.answered ? 'Waiting for your partner to answer.' : 'Answer the raise.';
  }
  if (state.busy) return 'Sent…';
  if (myTurn) return 'Your turn: play a card.';
  if (state.turn) return `Player ${state.turn} is playing.`;
  return '';
}

render();
