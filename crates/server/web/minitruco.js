// miniTruco in the browser. The page speaks the miniTruco line protocol (seed 000, see
// docs/protocols/minitruco.md) over /ws/minitruco, so a browser player sits in the same
// rooms as telnet and J2ME clients. Three views follow the protocol's own states:
//   lounge — your name and the room list (`L`), refreshed while you look at it;
//   room   — the four seats with ready flags (`I`), the manager's controls (rules `R`,
//            swap foes `V`, rotate partner `O`, kick `K`), ready (`Q`) and leave (`S`);
//   game   — seats (CPU players marked), your hand, the vira, the cards on the table,
//            whose turn it is, the score, and only the moves the rules allow now:
//            truco when your team may raise, accept/fold when the other team raised,
//            the hand-of-11 decision, a face-down card from the second round on.
// The lounge also offers tables in the style of today's miniTruco app, public or private
// with a code (minitruco-rooms.js, on a connection of their own in the app's dialect);
// their games are played in the same game view.
// The server decides everything and ignores refused moves silently, so the page works
// out from the notifications what is allowed and offers nothing else.

import { buttons, connect, el, fill, header, playerName, reloadingBack, renderGuided, setPlayerName, showError } from '/common.js';
import { cardBack, cardElement, cardImage, cardName } from '/cards.js';
import { manilhaText, parseCard } from '/truco-cards.js';
import { around, fourSeats, playedCard, steadyHand } from '/felt.js';
import { paced } from '/tables.js';
import { appTables, rulesOf } from '/minitruco-rooms.js';

// Every `X` code the server sends, in words.
const ERRORS = {
  NO: 'Choose a name first.',
  NI: 'That name is not allowed: use letters, digits and !@$()-_. (at most 32).',
  NE: 'That name is taken (or reserved for CPU players).',
  JE: 'You are already in a room.',
  SI: 'There is no such room.',
  CH: 'That room is full or its game has started.',
  FS: 'You are not in a room.',
  TT: 'A clean deck cannot be played with the old manilha.',
  JI: 'There is nobody to kick in that seat.',
  CI: 'The server did not understand that command.',
  JO: 'You cannot change your name during a game.',
};
const RAISE_NAMES = { 3: 'truco', 4: 'truco', 6: 'six', 9: 'nine', 10: 'ten', 12: 'twelve' };

const team = (pos) => (pos % 2 === 1 ? 1 : 2);
// This tab's name in force and whether it is in a game, kept across a reload: the server
// keeps a dropped player's seat for a while and gives it back to the same name from the
// same address (docs/protocols/minitruco.md, "Leaving and coming back").
const TAB_NICK = 'parlor.minitruco.nick';
const TAB_PLAYING = 'parlor.minitruco.playing';
const validNick = (n) => n.replace(/[^\p{L}\p{N}!@$()\-_.]/gu, '').slice(0, 32);

header('miniTruco');
const app = document.getElementById('app');
const view = el('div', { id: 'view' });
const chatLog = el('div', { class: 'log', id: 'chat-log', 'aria-live': 'polite' });
const chatInput = el('input', { id: 'chat-input', placeholder: 'say something to the room', 'aria-label': 'chat message', maxlength: 200 });
const chat = el('section', { id: 'chat', hidden: true },
  el('h2', {}, 'Chat'), chatLog,
  el('form', { class: 'chat', onsubmit: (e) => { e.preventDefault(); sendChat(); } }, chatInput, el('button', {}, 'Send')));
app.append(view, chat);

const state = {
  nick: validNick(sessionStorage.getItem(TAB_NICK) || playerName()) || 'guest',
  named: false, // the server accepted a name
  renaming: false, // the player asked for a new name in the lounge
  nickDraft: null, // the name being typed in the lounge
  tries: 0,
  comebacks: 0, // times the name was asked again while the server notices the reload
  rooms: [],
  room: null,
  seats: ['', '', '', ''],
  ready: 'TTTT',
  manager: 0,
  clean: false,
  old: false,
  pos: 0, // my seat, 1-4
  game: null, // while a game runs or just ended, see newGame()
};

// `rules` says what hands are worth (rulesOf in minitruco-rooms.js): the 2008 rooms play
// Paulista's values, an app table those of its mode.
function newGame(pos, rules) {
  return {
    pos, rules, scores: [0, 0], hands: 0, hand: [], dealt: [], vira: null, turn: 0, closedAllowed: false, faceDown: false,
    played: [], lastRound: null, rounds: [], stake: rules.start, lastRaiser: 0, raise: null,
    eleven: null, elevenTeam: 0, summary: null, over: 0, log: [], names: null, cpu: [], busy: false,
  };
}

/** A game starts: the names at the table are fixed now, and which seats CPU players have. */
function startGame(pos, names, cpu, rules) {
  state.pos = pos;
  state.game = Object.assign(newGame(pos, rules), { names, cpu });
}

// How strong the 2008 rooms' CPU players are (from /healthz; null when drawn per seat). A
// game already drawn (a page coming back to its seat can be quicker than this answer) is
// drawn again with it.
let cpuStrength = null;
fetch('/healthz').then((r) => r.json()).then((h) => {
  cpuStrength = h.tables?.minitruco?.cpu ?? null;
  if (cpuStrength && state.game) render();
}).catch(() => {});

// The end of a round (1 s) and of a hand (1.5 s) stay on the table before the next cards.
const HOLD = { R: 1000, O: 1500 };
const holdAfter = (line) => (state.game ? HOLD[line.split(' ')[0]] || 0 : 0);

// The app tables, on their own connection; their game lines come to gameLine.
const tables = appTables({
  startGame, gameLine, note, render, holdAfter,
  game: () => state.game,
  endGame: () => { state.game = null; },
});
// Moves go to the connection of the game on show.
const send = (text) => (tables.active() ? tables.send(text) : server.send(text));


// A room's game comes back to its seat by reloading (the nickname said again from the
// same address takes the seat back).
const back = reloadingBack('parlor.minitruco.back');

const server = connect('minitruco', {
  onOpen: () => server.send('N ' + state.nick),
  onMessage: paced((line) => { handle(line); render(); }, holdAfter),
  onClose: () => {
    // Today's app tables have connections of their own: only a room's game comes back.
    if (sessionStorage.getItem(TAB_PLAYING) && !tables.active() && (state.game || back.coming())) {
      back.retry();
      return;
    }
    back.stop();
    showError('The connection to the server closed: reload the page to play again.');
  },
});

// Refresh the room list while it is shown (someone may have entered or left).
setInterval(() => { if (state.named && state.room === null) server.send('L'); }, 4000);

// The names at the table: fixed when the game starts (CPU players take the empty seats),
// so the end of the game still shows who played even if someone has left since.
const seatNames = () => state.seats.map((n, i) => n || `CPU${i + 1}`);
const names = () => state.game?.names || seatNames();
const nameOf = (pos) => (pos === state.pos ? 'you' : names()[pos - 1]);

function note(text) {
  const g = state.game;
  if (!g) return;
  g.log.push(text);
  if (g.log.length > 8) g.log.shift();
}

function handle(line) {
  if (line === '') return; // keep-alive
  const [cmd, ...a] = line.split(' ');
  switch (cmd) {
    case 'N':
      state.nick = a[0];
      state.nickDraft = null;
      state.named = true;
      // A name the player typed here is kept for every game; one the page made unique
      // (a number added because the name was taken) is not.
      if (state.renaming) setPlayerName(a[0]);
      state.renaming = false;
      sessionStorage.setItem(TAB_NICK, a[0]);
      document.querySelector('header .who').textContent = a[0];
      server.send('L');
      break;
    case 'L':
      state.rooms = a[0].split('|').map(Number);
      // Coming back, the seat comes before the list (`E`, `I`, `P` answer the name).
      if (state.room === null && back.coming()) {
        sessionStorage.removeItem(TAB_PLAYING);
        back.done('The game you were playing is over: it could not be carried on.');
      }
      break;
    case 'E': state.room = Number(a[0]); chat.hidden = false; break;
    case 'I': roomInfo(a); break;
    case 'S':
      sessionStorage.removeItem(TAB_PLAYING);
      Object.assign(state, { room: null, game: null, pos: 0 });
      chat.hidden = true;
      server.send('L');
      break;
    case 'P':
      // Back after a reload, the room's `I` already names the CPU players.
      startGame(Number(a[0]), seatNames(), state.seats.map((n) => !n || /^CPU[1-4]$/.test(n)),
        { ...rulesOf('P'), deck: state.clean ? 'clean' : 'dirty', raiseAtX: true });
      sessionStorage.setItem(TAB_PLAYING, '1');
      back.done();
      break;
    case 'G':
      sessionStorage.removeItem(TAB_PLAYING);
      gameLine(cmd, a);
      break;
    case 'A':
      sessionStorage.removeItem(TAB_PLAYING);
      showError(`${names()[Number(a[0]) - 1]} left the room: the game is over.`);
      state.game = null;
      break;
    case 'B': chatLine(`${a[0]}: ${a.slice(1).join(' ')}`); break;
    case 'X': refused(a[0], line); break;
    case 'M':
      // A deal is three cards and maybe a vira; anything else is a private message.
      if (state.game && a.slice(0, 3).every(parseCard)) gameLine(cmd, a);
      else chatLine(`${a[0]} (privately): ${a.slice(1).join(' ')}`, true);
      break;
    default: gameLine(cmd, a); // the game's lines; W and anything newer are ignored there
  }
}

/** One line of the game (in the 2008 form, which the app tables' lines are put in). */
function gameLine(cmd, a) {
  const g = state.game;
  if (!g) return;
  // A card or a raise we sent is settled by its echo or by the game moving on.
  if (['V', 'M', 'O', 'G'].includes(cmd) || (['J', 'T'].includes(cmd) && Number(a[0]) === state.pos)) g.busy = false;
  switch (cmd) {
    case 'M': {
      const cards = a.slice(0, 3).map(parseCard);
      dealt(g, cards, parseCard(a[3]));
      break;
    }
    case 'F': g.eleven = { cards: a.map(parseCard).filter(Boolean), decided: false }; break;
    case 'H': elevenDecided(g, Number(a[0]), a[1] === 'T'); break;
    case 'V': g.turn = Number(a[0]); g.closedAllowed = a[1] === 'T'; break;
    case 'J': played(g, Number(a[0]), a[1], a[2] === 'T'); break;
    case 'R': roundEnded(g, Number(a[0]), Number(a[1])); break;
    case 'O': handEnded(g, Number(a[0]), Number(a[1])); break;
    case 'T':
      g.raise = { pos: Number(a[0]), value: Number(a[1]), answered: false };
      g.lastRaiser = team(Number(a[0]));
      note(`${nameOf(Number(a[0]))} asked for ${RAISE_NAMES[a[1]] || a[1]} (${a[1]} points).`);
      break;
    case 'D':
      g.stake = Number(a[1]);
      g.raise = null;
      note(`${nameOf(Number(a[0]))} accepted: the hand is worth ${a[1]}.`);
      break;
    case 'C': {
      const pos = Number(a[0]);
      if (pos === state.pos && g.raise) g.raise.answered = true;
      // One refusal does not end the hand: the raise holds unless the partner refuses too.
      const partner = ((pos + 1) % 4) + 1;
      const raise = g.raise ? RAISE_NAMES[g.raise.value] || g.raise.value : 'raise';
      note(g.raise && !g.raise.refused
        ? `${nameOf(pos)} refuses the ${raise}; ${nameOf(partner)} may still accept it (the hand is folded only if both refuse).`
        : `${nameOf(pos)} refuses too: team ${team(pos)} folds the hand.`);
      if (g.raise) g.raise.refused = true;
      break;
    }
    case 'G': g.over = Number(a[0]); g.turn = 0; g.raise = null; break;
    default: break; // W and anything newer
  }
}

function roomInfo(a) {
  if (state.room === null || Number(a[0]) !== state.room) return;
  state.seats = a[1].split('|');
  state.ready = a[2];
  state.manager = Number(a[3]);
  state.clean = a[4][0] === 'T';
  state.old = a[4][1] === 'T';
  const mine = state.seats.findIndex((n) => n.toLowerCase() === state.nick.toLowerCase());
  if (mine >= 0) state.pos = mine + 1;
}

function dealt(g, cards, vira) {
  Object.assign(g, {
    hand: cards, dealt: cards.slice(), vira, turn: 0, played: [], lastRound: null, rounds: [], stake: g.rules.start, lastRaiser: 0,
    raise: null, eleven: null, faceDown: false, hands: g.hands + 1,
  });
  const [s1, s2] = g.scores;
  const { x, xWorth } = g.rules;
  g.elevenTeam = s1 === x && s2 !== x ? 1 : s2 === x && s1 !== x ? 2 : 0;
  if (g.elevenTeam) note(`Hand of ${x}: team ${g.elevenTeam} decides whether to play it (for ${xWorth} points).`);
}

function elevenDecided(g, pos, play) {
  if (pos === state.pos && g.eleven) g.eleven.decided = true;
  if (play) { g.stake = g.rules.xWorth; g.eleven = null; }
  note(`${nameOf(pos)} ${play ? 'chose to play' : 'would give up'} the hand of ${g.rules.x}.`);
}

function played(g, pos, code, closed) {
  if (g.lastRound) g.lastRound = null;
  const card = code ? parseCard(code) : null;
  g.played.push({ pos, card, closed: closed || !card });
  if (pos === state.pos && card) g.hand = g.hand.filter((c) => c.code !== card.code);
  g.turn = 0;
}

function roundEnded(g, winner, next) {
  g.rounds.push(winner);
  g.lastRound = { plays: g.played, winner, next };
  g.played = [];
  note(winner === 3 ? 'The round was tied.' : `Team ${winner} won round ${g.rounds.length}.`);
}

function handEnded(g, s1, s2) {
  const [o1, o2] = g.scores;
  const gained = s1 - o1 > 0 ? [1, s1 - o1] : s2 - o2 > 0 ? [2, s2 - o2] : [0, 0];
  g.scores = [s1, s2];
  g.summary = gained[0]
    ? `Hand ${g.hands}: team ${gained[0]}${team(state.pos) === gained[0] ? ' (yours)' : ''} scored ${gained[1]}. Score ${s1} × ${s2}.`
    : `Hand ${g.hands}: nobody scored. Score ${s1} × ${s2}.`;
  note(g.summary);
  Object.assign(g, { turn: 0, raise: null, eleven: null });
}

function refused(code, line) {
  state.renaming = false;
  if (code === 'NE' && !state.named && sessionStorage.getItem(TAB_PLAYING)) {
    // Reloaded mid-game: the server may not have noticed the old connection close yet,
    // so the name is still in use for a moment. Ask again, then give up on that game.
    if (state.comebacks++ < 10 || back.coming()) {
      setTimeout(() => server.send('N ' + state.nick), 300);
      return;
    }
    sessionStorage.removeItem(TAB_PLAYING);
  }
  if (code === 'NE' && !state.named && state.tries++ < 5) {
    // The name is taken: try it with a number (the player can change it in the lounge).
    state.nick = state.nick.slice(0, 28) + Math.floor(10 + Math.random() * 90);
    server.send('N ' + state.nick);
    return;
  }
  showError(ERRORS[code] || `The server refused that (${line}).`);
}

function chatLine(text, private_ = false) {
  chatLog.append(el('div', { class: private_ ? 'private' : '' }, text));
  chatLog.scrollTop = chatLog.scrollHeight;
}

function sendChat() {
  const text = chatInput.value.trim();
  if (!text) return;
  server.send('B ' + text);
  chatInput.value = '';
}

// ---- views ----

function render() {
  renderGuided(view, () => {
    if (tables.active()) fill(view, state.game ? game(state.game) : tables.room());
    else if (state.room === null) fill(view, lounge());
    else if (!state.game) fill(view, room());
    else fill(view, game(state.game));
  });
}

function lounge() {
  // What the player is typing survives the list's refresh (every redraw builds a new field).
  const input = el('input', {
    id: 'nick', value: state.nickDraft ?? state.nick, maxlength: 32, 'aria-label': 'your name', autocomplete: 'nickname',
    oninput: (e) => { state.nickDraft = e.target.value; },
  });
  const rename = (e) => {
    e.preventDefault();
    const nick = input.value.trim();
    if (nick && nick !== state.nick) {
      state.renaming = true;
      server.send('N ' + nick);
    }
  };
  return el('section', { id: 'lounge' },
    el('form', { class: 'name-row', onsubmit: rename },
      el('label', { for: 'nick' }, 'Your name'), input, el('button', {}, 'Change name')),
    el('h2', {}, 'Rooms'),
    el('p', { class: 'hint' }, 'Pick a room: up to four people play, CPU players take the empty seats.'),
    el('div', { class: 'actions', id: 'rooms' }, state.rooms.map((n, i) =>
      el('button', { type: 'button', onclick: () => server.send('E ' + (i + 1)), disabled: n >= 4, 'data-key': `room-${i + 1}` },
        `Enter room ${i + 1} (${n}/4${n >= 4 ? ', full' : ''})`))),
    buttons([['Refresh the list', () => server.send('L')]]),
    tables.lounge());
}

function room() {
  const manager = state.manager === state.pos;
  const seat = (name, i) => {
    const pos = i + 1;
    return el('div', { class: 'seat' + (pos === state.pos ? ' me' : '') },
      el('strong', {}, `Seat ${pos}: `, name ? (pos === state.pos ? `${name} (you)` : name) : 'empty'),
      state.manager === pos ? el('span', { class: 'badge manager' }, 'manager') : null,
      el('div', {}, `team ${team(pos)}`),
      name
        ? el('div', {}, state.ready[i] === 'T' ? el('span', { class: 'badge ready' }, 'ready') : 'not ready yet')
        : el('div', { class: 'hint' }, 'a CPU player will sit here'),
      manager && name && pos !== state.pos
        ? el('button', { type: 'button', onclick: () => server.send('K ' + pos), 'data-key': `kick-${pos}` }, `Kick ${name}`) : null);
  };
  const iAmReady = state.ready[state.pos - 1] === 'T';
  const rules = `${state.clean ? 'Clean deck (24 cards)' : 'Dirty deck (40 cards)'}, ${state.old ? 'old manilha (fixed)' : 'new manilha (after the vira)'}.`;
  return el('section', { class: 'table', id: 'room' },
    el('h2', {}, `Room ${state.room}`),
    el('div', { class: 'seats' }, state.seats.map(seat)),
    el('p', {}, 'Rules: ', rules, ' Team 1 is seats 1 and 3, team 2 seats 2 and 4.'),
    manager ? el('div', { 'aria-label': 'manager controls', role: 'group' },
      el('h3', {}, 'You manage this room'),
      buttons([
        [state.clean ? 'Use the dirty deck' : 'Use the clean deck', () => server.send(`R ${state.clean ? 'F' : 'T'}${state.clean ? flag(state.old) : 'F'}`)],
        [state.old ? 'Use the new manilha' : 'Use the old manilha', () => server.send(`R ${flag(state.clean)}${state.old ? 'F' : 'T'}`), { disabled: state.clean && !state.old }],
        ['Swap the players beside you', () => server.send('V')],
        ['Rotate partner and foes', () => server.send('O')],
      ])) : el('p', { class: 'hint' }, 'The manager (the one here longest) sets the rules and the seats.'),
    el('p', { class: 'hint' }, 'The game starts when everyone here is ready.'),
    buttons([
      [iAmReady ? 'Ready: waiting for the others' : 'Ready', () => server.send('Q'), { class: 'primary', disabled: iAmReady }],
      ['Leave the room', () => server.send('S')],
    ]));
}

const flag = (b) => (b ? 'T' : 'F');

/**
 * Sends a move and offers nothing more until the server shows it. The server ignores
 * moves it refuses without a word, so after a few seconds the page offers them again.
 */
function act(g, text) {
  g.busy = true;
  send(text);
  setTimeout(() => { if (g.busy) { g.busy = false; render(); } }, 3000);
  render();
}

/** Answers a raise (`D`, `C`) or a hand of 11 (`H T`, `H F`): the dialog closes at once. */
function decide(g, what, text) {
  g[what].answered = g[what].decided = true;
  send(text);
  render();
}

function game(g) {
  const all = names();
  const myTeam = team(state.pos);
  const pendingRaise = g.raise && !g.over;
  const myTurn = !g.over && g.turn === state.pos && !pendingRaise && !g.busy;
  const rules = g.rules;
  const atX = g.scores.some((s) => s >= rules.x);
  const nextRaise = rules.next[g.stake];
  const canRaise = myTurn && !g.elevenTeam && (rules.raiseAtX || !atX) && g.lastRaiser !== myTeam && nextRaise;

  const shown = g.played.length ? g.played : g.lastRound ? g.lastRound.plays : [];
  const round = g.rounds.length + (g.played.length ? 1 : 0);
  const cardAt = (p) => p.card && !p.closed ? cardImage(p.card, `${nameOf(p.pos)}: ${cardName(p.card)}`)
    : cardBack(p.card ? `you: ${cardName(p.card)}, face down` : `${nameOf(p.pos)}: a card face down`);
  const seats = all.map((name, i) => {
    const pos = i + 1;
    const x = shown.find((p) => p.pos === pos);
    return {
      pos,
      me: pos === state.pos,
      turn: g.turn === pos,
      title: pos === state.pos ? `${name} (you)` : name,
      badges: [
        g.cpu[i] ? el('span', { class: 'cpu' }, cpuStrength && !tables.active() ? `CPU · ${cpuStrength}` : 'CPU') : null,
        el('span', { class: 'hint' }, `team ${team(pos)}${team(pos) === myTeam && pos !== state.pos ? ' · partner' : ''}`),
      ],
      played: x ? playedCard(cardAt(x), `${g.hands}-${round}-${pos}`, around(pos, state.pos)) : null,
    };
  });
  const middle = [
    g.vira ? el('span', { class: 'vira' }, 'vira ', cardImage(g.vira, `the vira: ${cardName(g.vira)}`)) : null,
    g.hand.length || g.vira ? el('span', { id: 'manilhas' }, manilhaText(g.vira, rules.deck)) : null,
    g.rounds.length ? el('div', { class: 'rounds' }, g.rounds.map((w, i) => el('span', {}, `round ${i + 1}: ${w === 3 ? 'tie' : `team ${w}`}`))) : null,
  ];
  const faceDown = g.faceDown && g.closedAllowed;
  const hand = steadyHand(g.dealt.length ? g.dealt : g.hand, g.hand, (card) => {
    const button = cardElement(card, {
      disabled: !myTurn,
      onClick: myTurn ? () => act(g, `J ${card.code}${faceDown ? ' T' : ''}`) : null,
      label: `${cardName(card)}${myTurn ? (faceDown ? ': play it face down' : ': play it') : ''}`,
    });
    button.dataset.key = 'card-' + card.code;
    return button;
  });
  const parts = [
    el('div', { class: 'scoreboard sticky', id: 'score' },
      el('span', { class: 'score' }, `Team 1: ${g.scores[0]}`), el('span', { class: 'score' }, `Team 2: ${g.scores[1]}`),
      el('span', {}, `you are team ${myTeam}`), el('span', {}, `this hand is worth ${g.stake}`)),
    fourSeats(seats, state.pos, middle),
    hand,
    el('p', { class: 'status', id: 'turn', 'aria-live': 'polite' }, turnText(g, myTurn, all)),
  ];

  if (myTurn) {
    parts.push(buttons([
      canRaise ? [`Ask for ${RAISE_NAMES[nextRaise]} (${nextRaise} points)`, () => act(g, 'T'), { class: 'primary', 'data-key': 'raise' }] : null,
      g.closedAllowed ? [g.faceDown ? 'Face down: on' : 'Face down: off', () => { g.faceDown = !g.faceDown; render(); },
        { 'aria-pressed': String(g.faceDown), 'data-key': 'face-down' }] : null,
    ]));
  }
  if (pendingRaise && team(g.raise.pos) !== myTeam && !g.raise.answered) {
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'raise', id: 'raise' },
      el('p', {}, `${all[g.raise.pos - 1]} asks for ${RAISE_NAMES[g.raise.value] || g.raise.value}: the hand would be worth ${g.raise.value}.`),
      buttons([
        ['Accept', () => decide(g, 'raise', 'D'), { class: 'primary' }],
        [`Fold (team ${team(g.raise.pos)} scores ${g.stake})`, () => decide(g, 'raise', 'C')],
      ])));
  }
  if (g.eleven && !g.eleven.decided) {
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': `hand of ${rules.x}`, id: 'eleven' },
      el('p', {}, `Your team has ${rules.x} points. Your partner holds:`),
      el('div', { class: 'trick' }, g.eleven.cards.map((c) => cardImage(c, `your partner's ${cardName(c)}`))),
      el('p', {}, `Play this hand for ${rules.xWorth} points, or give it up (the other team scores ${rules.xRefused})?`),
      buttons([['Play the hand', () => decide(g, 'eleven', 'H T'), { class: 'primary' }], ['Give it up', () => decide(g, 'eleven', 'H F')]])));
  }
  if (g.summary && !g.over) parts.push(el('p', { class: 'summary', id: 'hand-summary' }, g.summary));
  if (g.over) {
    parts.push(el('div', { class: 'summary', id: 'game-over' },
      el('p', {}, `Game over: team ${g.over} wins, ${g.scores[0]} × ${g.scores[1]}. `,
        el('strong', {}, g.over === myTeam ? 'You win!' : 'You lose.')),
      buttons(tables.active() ? tables.afterGame() : [
        ['Play again', () => { state.game = null; server.send('Q'); render(); }, { class: 'primary' }],
        ['Leave the room', () => server.send('S')],
      ])));
  } else if (tables.active()) {
    parts.push(buttons([tables.leaveGame()]));
  } else {
    parts.push(el('div', { class: 'actions' },
      el('button', { type: 'button', onclick: () => { if (confirm('Leaving ends the game for everyone. Leave?')) server.send('S'); } }, 'Leave (ends the game)')));
  }
  parts.push(el('h3', {}, 'What happened'), el('ol', { class: 'log', id: 'events', 'aria-label': 'latest first' }, g.log.slice().reverse().map((t) => el('li', {}, t))));
  return el('section', { class: 'table', id: 'game', 'aria-label': tables.active() ? tables.label() : `room ${state.room}` }, parts);
}

function turnText(g, myTurn, all) {
  if (g.over) return 'The game is over.';
  if (g.raise) {
    return team(g.raise.pos) === team(state.pos)
      ? `Waiting for team ${3 - team(g.raise.pos)} to answer the ${RAISE_NAMES[g.raise.value]}.`
      : g.raise.answered ? 'Waiting for your partner to answer.' : 'Answer the raise.';
  }
  if (g.eleven && !g.eleven.decided) return `Decide on the hand of ${g.rules.x}.`;
  if (g.elevenTeam && !g.turn && !g.played.length) return `Team ${g.elevenTeam} is deciding on the hand of ${g.rules.x}.`;
  if (g.busy) return 'Sent…';
  if (myTurn) return g.elevenTeam ? `Your turn (hand of ${g.rules.x}: no raises).` : 'Your turn: play a card.';
  if (g.turn) return `${all[g.turn - 1]} is playing.`;
  return '';
}

render();
tables.fromAddress();
