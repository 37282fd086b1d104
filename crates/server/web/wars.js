// Warlords & Scumbags in the browser. The page speaks the bracketed protocol (seed 001,
// see docs/protocols/wars.md) over /ws/wars, one `[...]`
// message per frame, so it joins the same lobby and table as TCP clients:
//   lobby — who waits (`slobb`); lobby clients also watch the table being played;
//   table — up to seven seats in social order (warlord first) with status, card count
//           and strikes (`stabl`), the last play, your hand, whose turn it is.
// On your turn you pick cards of one value and play them, or pass. The page knows the
// beating rules (the same as crates/president/src/legal.rs), so cards that cannot be
// part of a legal play are dimmed and "Play" is only offered for a legal selection:
// strikes cost a lot here (three and you are out). The warlord's swap is a dialog;
// the end of each hand shows the ranks. Strikes and refusals are shown in words.

import { buttons, connect, el, fill, header, playerName, reloadingBack, renderGuided, showError } from '/common.js';
import { cardElement, cardImage, cardName } from '/cards.js';
import { ringSeats } from '/felt.js';

const SUITS = ['clubs', 'diamonds', 'hearts', 'spades']; // wire order: code = value * 4 + suit
const TWO = 12; // the value of a 2, the highest
const THREE_OF_CLUBS = '00';
const STATUS = { a: 'to play', p: 'passed', w: 'waiting', d: 'left', e: 'empty' };
const STRIKES = {
  10: 'That play is not allowed.',
  11: 'The cards played must all have the same value.',
  12: 'That value is too low to beat the table.',
  13: 'Too few cards: match the number of cards on the table.',
  14: 'You do not hold that card.',
  15: 'It is not your turn.',
  16: 'The first play must include the 3 of clubs.',
  17: 'The same card was listed twice.',
  18: 'You start this round, so you cannot pass.',
  20: 'Too slow: the server moved for you.',
  30: 'The server could not read a message.',
  31: 'Lobby clients cannot play: wait for the next hand.',
  32: 'That message was too long.',
  33: 'The server does not know that message.',
  34: 'A message was malformed.',
  60: 'Too much chat: wait a few seconds.',
  70: 'You do not hold the card you offered.',
  71: 'Only the warlord gives a card in the swap.',
  72: 'No swap is waiting.',
  81: 'The server is full: try again later.',
};

/** A wire card code (00-51) as a card: value 0 is a 3, 11 an ace, 12 a 2. */
function card(code) {
  const n = Number(code);
  if (!(n >= 0 && n < 52)) return null;
  const value = Math.floor(n / 4);
  return { rank: value === TWO ? 2 : value + 3, suit: SUITS[n % 4], value, code: String(n).padStart(2, '0') };
}
const cards = (list) => list.split(',').map(card).filter(Boolean);

header('Warlords & Scumbags');
const app = document.getElementById('app');
// The name this tab plays under, kept across a reload: the server gives a seat in a hand
// back to the same name from the same address (docs/protocols/wars.md).
const TAB_NAME = 'parlor.wars.name';
const wanted = sessionStorage.getItem(TAB_NAME)
  || playerName().replace(/[^A-Za-z0-9_]/g, '_').replace(/^(\d)/, '_$1').slice(0, 8) || 'player';

const state = {
  me: '', lobby: [], players: [], last: [], unranked: true, hand: [], picked: new Set(),
  swap: null, sent: null, dealt: false, finished: [], hands: 0, ranks: null, chat: [], log: [],
  chats: [], closed: false,
  // The lobby's rules from /healthz: players needed and the countdown once they are
  // here (the server's -m and -l); `since` is when this page saw the countdown start.
  lobbyRules: null, since: null, filled: false,
};

fetch('/healthz').then((r) => r.json()).then((h) => { state.lobbyRules = h.tables?.wars || null; render(); }).catch(() => {});
// The countdown is shown by the second while it runs.
setInterval(() => { if (state.since !== null && !state.players.length) render(); }, 1000);

// A hand comes back to its seat by reloading (joining again under the same name, from the
// same address or with the tab's seat token, takes the seat back).
const back = reloadingBack('parlor.wars.back');

/** Whether this tab holds cards in a hand under way. */
const inHand = () => state.hand.length > 0 && state.players.some((p) => p.name === state.me && p.cards > 0);

const server = connect('wars', {
  onOpen: () => server.send(`[cjoin|${wanted.padEnd(8)}]`),
  onMessage: (m) => { handle(m); render(); },
  onClose: () => {
    if (!state.left && (inHand() || back.coming())) {
      back.retry();
      return;
    }
    back.stop();
    state.closed = true;
    render();
    showError('The connection to the server closed.');
  },
});

function note(text) {
  state.log.push(text);
  if (state.log.length > 14) state.log.shift();
}

function handle(message) {
  const [kind, ...f] = message.slice(1, -1).split('|');
  switch (kind) {
    case 'sjoin': state.me = f[0].trim(); sessionStorage.setItem(TAB_NAME, state.me); break;
    case 'slobb':
      state.lobby = f[1] ? f[1].split(',').map((n) => n.trim()).filter(Boolean) : [];
      // Coming back, a seat is answered with our cards, not a place in the lobby.
      if (state.lobby.includes(state.me)) back.done('The hand you were playing is over: it could not be carried on.');
      countdown();
      break;
    case 'stabl': table(f); countdown(); break;
    case 'shand':
      state.hand = cards(f[0]).sort((a, b) => a.value - b.value || a.code - b.code);
      state.picked.clear();
      state.sent = null;
      if (state.hand.length) {
        state.dealt = true;
        back.done();
      }
      break;
    case 'swapw': state.swap = card(f[0]); break;
    case 'swaps': note(`The swap: the warlord gave you the ${cardName(card(f[0]))} for your ${cardName(card(f[1]))}.`); break;
    case 'strik': {
      state.sent = null;
      const code = Number(f[0]);
      showError(`Strike ${Number(f[1])} of 3: ${STRIKES[code] || `code ${f[0]}.`}${Number(f[1]) >= 3 ? ' You are disconnected.' : ''}`);
      break;
    }
    case 'schat': state.chat.push(`${f[0].trim()}: ${(f[1] || '').trim()}`); break;
    default: break;
  }
}

/** Each player's status in the last `stabl`, to tell a pass when it happens. */
const statuses = new Map();

/** A `stabl`: seats in social order, the last play, whether the hand is unranked. */
function table([seats, last, flag]) {
  const before = new Map(state.players.map((p) => [p.name, p.cards]));
  state.players = seats.split(',').map((s) => {
    const [st, name, count] = s.split(':');
    return { status: st[0], strikes: Number(st[1]), name: name.trim(), cards: Number(count) };
  }).filter((p) => p.status !== 'e');
  const lastBefore = state.last.map((c) => c.code).join();
  const statusBefore = new Map(statuses);
  state.last = cards(last);
  state.unranked = flag === '1';
  const named = (name) => (name === state.me ? 'You' : name);
  // Who made the last play: the player it took those cards from; every play is logged.
  if (!state.last.length) state.lastBy = null;
  else if (state.last.map((c) => c.code).join() !== lastBefore) {
    const by = state.players.find((p) => (before.get(p.name) ?? 0) - p.cards === state.last.length);
    state.lastBy = by ? by.name : null;
    if (by) note(`${named(by.name)} ${by.name === state.me ? 'play' : 'plays'} ${state.last.map(cardName).join(', ')}.`);
  }
  // A pass: the player who was to play is now marked as passed.
  for (const p of state.players) {
    if (p.status === 'p' && statusBefore.get(p.name) === 'a') note(`${named(p.name)} ${p.name === state.me ? 'pass' : 'passes'}.`);
  }
  statuses.clear();
  for (const p of state.players) statuses.set(p.name, p.status);
  const inPlay = state.players.some((p) => p.cards > 0);
  if (inPlay && !state.dealt) state.dealt = true;
  // The last hand's ranks stay up through the deal and the swap, until the first play.
  if (state.ranks && inPlay && state.players.some((p) => p.cards < (before.get(p.name) ?? 0))) state.ranks = null;
  // Who went out, in order: that is the ranking at the end.
  for (const p of state.players) {
    if (state.dealt && inPlay && p.cards === 0 && before.get(p.name) > 0 && !state.finished.includes(p.name)) {
      state.finished.push(p.name);
      note(`${p.name === state.me ? 'You are' : p.name + ' is'} out of cards (${ordinal(state.finished.length)}).`);
    }
  }
  if (state.dealt && !inPlay && state.players.length) {
    // After a hand the server reseats everyone by rank (warlord first).
    state.dealt = false;
    state.hands += 1;
    state.ranks = state.players.map((p) => p.name);
    state.finished = [];
    state.hand = [];
    state.swap = null;
  }
  syncHand();
}

/** Keeps our hand in step with our card count (a play the server took has no `shand`). */
function syncHand() {
  const mine = seat();
  if (!mine) return;
  if (state.sent && mine.cards === state.hand.length - state.sent.length) {
    state.hand = state.hand.filter((c) => !state.sent.includes(c.code));
    state.picked.clear();
  } else if (mine.cards !== state.hand.length && state.dealt && !state.swap) {
    server.send('[chand]');
  }
  state.sent = null;
}

const ordinal = (n) => n + (['th', 'st', 'nd', 'rd'][n % 10 > 3 || Math.floor(n / 10) === 1 ? 0 : n % 10]);
const seat = () => state.players.find((p) => p.name === state.me);
const needsThree = () => state.unranked && !state.last.length && state.hand.some((c) => c.code === THREE_OF_CLUBS);

/** Whether cards of `value` (we hold `held` of them) can make a play that beats the table. */
function valueCanPlay(value, held) {
  if (needsThree()) return value === 0;
  if (!state.last.length || value === TWO) return true;
  return value >= state.last[0].value && held >= state.last.length;
}

/** Whether the picked cards are a legal play now. */
function pickLegal() {
  const picked = state.hand.filter((c) => state.picked.has(c.code));
  if (!picked.length || picked.length > 4 || picked.some((c) => c.value !== picked[0].value)) return false;
  if (needsThree() && !state.picked.has(THREE_OF_CLUBS)) return false;
  if (!state.last.length || picked[0].value === TWO) return true;
  return picked.length >= state.last.length && picked[0].value >= state.last[0].value;
}

function send(text) {
  server.send(text);
}

function play(codes) {
  state.sent = codes;
  send(`[cplay|${[...codes, '52', '52', '52', '52'].slice(0, 4).join(',')}]`);
  render();
}

function giveBack(c) {
  send(`[cswap|${c.code}]`);
  note(`You gave the scumbag your ${cardName(c)}.`);
  state.swap = null;
  render();
}

function sendChat(input) {
  // The chat body is one field of at most 63 ASCII characters; brackets and bars would
  // break the framing. The server strikes more than 5 messages in 10 s: we hold back.
  const text = input.value.replace(/[^\x20-\x7e]/g, '?').replace(/[[\]|]/g, ' ').trim().slice(0, 63);
  if (!text) return;
  const now = Date.now();
  state.chats = state.chats.filter((t) => now - t < 10000);
  if (state.chats.length >= 5) return showError('Too much chat: wait a few seconds before the next message.');
  state.chats.push(now);
  send(`[cchat|${text.padEnd(63)}]`);
  input.value = '';
}

/** Notes when the lobby's countdown starts (enough players, or CPU players asked for). */
function countdown() {
  const needed = state.lobbyRules?.min_players ?? 3;
  const running = !state.players.length && (state.lobby.length >= needed || state.filled);
  if (!running) state.since = null;
  else if (state.since === null) state.since = Date.now();
}

/** Who waits, in words: "Ana is here", "Ana and Bo are here", "Ana, Bo and Cy are here". */
function whoIsHere() {
  const names = state.lobby.map((n) => (n === state.me ? `${n} (you)` : n));
  if (!names.length) return 'Nobody is here yet';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${list} ${names.length === 1 ? 'is' : 'are'} here`;
}

/** The lobby's wait in words: how many are missing, or the countdown. */
function lobbyText() {
  if (state.players.length) return 'A hand is being played: you join the table when it ends.';
  if (state.filled) return `${whoIsHere()}: CPU players fill the table and the first hand is dealt now.`;
  const needed = state.lobbyRules?.min_players ?? 3;
  const here = state.lobby.length;
  if (state.since === null) {
    return `${whoIsHere()} (${needed} are needed): the first hand starts when ${needed} are, or fill the table with CPU players now.`;
  }
  const total = state.lobbyRules?.lobby_seconds;
  if (total === undefined || here === 0) return `${whoIsHere()}: the first hand starts after the lobby's countdown.`;
  const left = Math.max(0, Math.ceil(total - (Date.now() - state.since) / 1000));
  return left > 0 ? `${whoIsHere()}: the first hand starts in ${left} s.` : `${whoIsHere()}: the first hand starts now.`;
}

function render() {
  const mine = seat();
  const myTurn = Boolean(mine && mine.status === 'a' && !state.sent && !state.swap && !state.closed);
  const parts = [];
  if (!mine) {
    parts.push(el('section', { id: 'lobby' },
      el('h2', {}, 'Lobby'),
      el('p', { id: 'lobby-wait', 'aria-live': 'polite' }, state.me ? `You are ${state.me}. ` : 'Joining… ', lobbyText()),
      el('ul', { 'aria-label': 'waiting in the lobby' }, state.lobby.map((n) => el('li', {}, n === state.me ? `${n} (you)` : n))),
      state.me && !state.players.length
        ? el('div', { class: 'actions' }, el('button', { type: 'button', id: 'fill-cpu', onclick: () => { server.send('[cfill]'); state.filled = true; countdown(); render(); } }, 'Fill the table with CPU players'))
        : null));
  }
  if (state.players.length) parts.push(tableView(mine, myTurn));
  if (state.ranks) {
    const n = state.ranks.length;
    parts.push(el('div', { class: 'summary', id: 'hand-summary' },
      el('p', {}, el('strong', {}, `Hand ${state.hands} is over. `), 'Ranks for the next hand:'),
      el('ol', {}, state.ranks.map((name, i) => el('li', {}, name === state.me ? `${name} (you)` : name,
        i === 0 ? ' — warlord' : i === n - 1 ? ' — scumbag' : ''))),
      el('p', { class: 'hint' }, 'The next hand is dealt by itself in a few seconds (the scumbag gives the warlord their best card).')));
  }
  if (state.closed) {
    parts.push(el('div', { class: 'summary', id: 'left' },
      state.left ? el('p', {}, 'You left the game: your cards are out of play.') : null,
      buttons([['Play again', () => location.reload(), { class: 'primary' }]])));
  } else if (mine) {
    // Leaving is closing the connection: the server takes the seat out of the hand.
    parts.push(buttons([['Leave the game', () => { sessionStorage.removeItem(TAB_NAME); state.left = true; state.closed = true; server.close(); render(); }, { 'data-key': 'leave' }]]));
  }
  const input = el('input', { id: 'chat-input', placeholder: 'say something to everyone', 'aria-label': 'chat message', maxlength: 63 });
  parts.push(el('h3', {}, 'Chat'), el('div', { class: 'log', id: 'chat-log', 'aria-live': 'polite' }, state.chat.slice(-30).map((c) => el('div', {}, c))),
    el('form', { class: 'chat', onsubmit: (e) => { e.preventDefault(); sendChat(input); } }, input, el('button', {}, 'Send')));
  const typing = document.activeElement?.id === 'chat-input' ? document.activeElement.value : null;
  renderGuided(app, () => fill(app, ...parts));
  if (typing !== null) input.value = typing;
}

function tableView(mine, myTurn) {
  const n = state.players.length;
  const rankOf = (i) => (state.unranked ? '' : i === 0 ? 'warlord' : i === n - 1 ? 'scumbag' : `rank ${i + 1}`);
  // In turn order after us, so the next player is the first across the top.
  const at = Math.max(0, state.players.findIndex((p) => p.name === state.me));
  const order = state.players.slice(at).concat(state.players.slice(0, at));
  const lastBy = state.last.length ? state.lastBy : null;
  const seats = order.map((p) => ({
    me: p.name === state.me,
    turn: p.status === 'a',
    title: p.name === state.me ? `${p.name} (you)` : p.name,
    badges: [rankOf(state.players.indexOf(p)) ? el('span', { class: 'badge' }, rankOf(state.players.indexOf(p))) : null,
      p.name === lastBy ? el('span', { class: 'badge' }, 'last play') : null],
    // Between hands nobody holds cards: the seat says where its player finished instead.
    detail: (state.dealt || p.cards
      ? `${p.cards} card${p.cards === 1 ? '' : 's'} · ${STATUS[p.status] || p.status}`
      : `finished ${ordinal(state.players.indexOf(p) + 1)}`) + (p.strikes ? ` · strikes: ${p.strikes} of 3` : ''),
  }));
  const middle = [
    el('h3', { id: 'last-play-title' }, lastBy ? `Last play, by ${lastBy === state.me ? 'you' : lastBy}` : 'Last play'),
    el('div', { class: 'trick', 'aria-label': 'last play' },
      state.last.length ? state.last.map((c) => cardImage(c)) : el('span', { class: 'hint' }, 'Nothing: the next player starts a round with any cards.')),
  ];
  const parts = [
    el('div', { class: 'scoreboard sticky' }, el('span', {}, state.unranked ? 'First hand: no ranks yet, the 3 of clubs opens' : 'Ranks from the last hand: warlord first'),
      state.hands ? el('span', {}, `hands played: ${state.hands}`) : null,
      mine && (state.dealt || mine.cards) ? el('span', { class: 'score' }, `you: ${mine.cards} card${mine.cards === 1 ? '' : 's'}`) : null),
    ringSeats(seats, middle),
  ];
  if (!mine) return el('section', { class: 'table', id: 'game' }, parts);

  const counts = new Map();
  for (const c of state.hand) counts.set(c.value, (counts.get(c.value) || 0) + 1);
  const pickedValue = state.hand.find((c) => state.picked.has(c.code))?.value;
  if (!state.hand.length) {
    parts.push(el('p', { class: 'status', id: 'turn' }, turnText(mine, myTurn)), logView());
    return el('section', { class: 'table', id: 'game' }, parts);
  }
  parts.push(el('h3', {}, 'Your hand'), el('div', { class: 'hand', id: 'my-hand', 'aria-label': 'your hand' }, state.hand.map((c) => {
    const picked = state.picked.has(c.code);
    const usable = state.swap
      ? true
      : myTurn && valueCanPlay(c.value, counts.get(c.value)) && (pickedValue === undefined || pickedValue === c.value)
        && (!needsThree() || c.code === THREE_OF_CLUBS || picked || state.picked.has(THREE_OF_CLUBS));
    const b = cardElement(c, {
      disabled: !usable,
      selected: state.swap ? undefined : picked,
      label: state.swap ? `give the ${cardName(c)}` : cardName(c),
      onClick: usable ? () => {
        if (state.swap) return giveBack(c);
        if (picked) state.picked.delete(c.code); else state.picked.add(c.code);
        render();
      } : null,
    });
    b.dataset.key = 'card-' + c.code;
    return b;
  })));

  if (state.swap) {
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'swap', id: 'swap' },
      el('p', {}, `You are the warlord: the scumbag gave you the ${cardName(state.swap)}. Click the card you give back.`)));
  }
  parts.push(el('p', { class: 'status', id: 'turn', 'aria-live': 'polite' }, turnText(mine, myTurn)));
  if (myTurn) {
    const legal = pickLegal();
    const count = state.picked.size;
    const row = buttons([
      [count ? `Play ${count} card${count === 1 ? '' : 's'}` : 'Play (pick cards first)', () => play([...state.picked]),
        { class: 'primary', disabled: !legal, 'data-key': 'play' }],
      state.last.length ? ['Pass', () => play([]), { 'data-key': 'pass' }] : null,
      count ? ['Clear the selection', () => { state.picked.clear(); render(); }, { 'data-key': 'clear' }] : null,
    ]);
    // On a phone the row stays at the bottom of the screen while it is your turn.
    row.id = 'turn-actions';
    parts.push(row);
  }
  parts.push(logView());
  return el('section', { class: 'table', id: 'game' }, parts);
}

function logView() {
  return [el('h3', {}, 'What happened'),
    el('ol', { class: 'log', id: 'events', 'aria-label': 'latest first' }, state.log.slice().reverse().map((t) => el('li', {}, t)))];
}

function turnText(mine, myTurn) {
  if (state.swap) return 'The swap: give the scumbag a card.';
  if (!state.dealt) return 'Waiting for the next hand.';
  if (mine.cards === 0) return 'You are out of cards: watch the others finish.';
  if (myTurn) {
    if (needsThree()) return 'Your turn: open with the 3 of clubs (alone or with other 3s).';
    return state.last.length ? `Your turn: beat ${state.last.length} card${state.last.length === 1 ? '' : 's'} of that value (a single 2 beats anything), or pass.`
      : 'Your turn: start a round with any cards of one value.';
  }
  if (state.sent) return 'Sent…';
  const active = state.players.find((p) => p.status === 'a');
  return active ? `${active.name} is playing.` : '';
}

render();
