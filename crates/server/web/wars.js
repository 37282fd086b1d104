// Warlords & Scumbags in the browser, speaking the bracketed protocol (seed 001) over
// /ws/wars: the lobby, the table of up to seven with statuses and card counts, your hand
// (pick cards of one rank, play or pass), the warlord's swap, strikes in words, chat,
// and the ranks at the end of each hand.

import { buttons, connect, el, fill, header, playerName, showError } from '/common.js';
import { cardElement } from '/cards.js';

const SUITS = ['clubs', 'diamonds', 'hearts', 'spades'];
const STATUS = { a: 'to play', p: 'passed', w: 'waiting', d: 'disconnected', e: 'empty' };
const STRIKES = {
  '00': 'Unknown error.', 10: 'Illegal play.', 11: 'Those cards are not of one rank.', 12: 'That play is too low.',
  13: 'Too few cards for this round.', 14: 'You do not hold that card.', 15: 'It is not your turn.',
  16: 'The first play must include the 3 of clubs.', 17: 'The same card twice.', 18: 'You cannot pass when you start a round.',
  20: 'Too slow: you passed automatically.', 30: 'Bad message.', 31: 'Wait in the lobby for the next hand.',
  32: 'Message too long.', 33: 'Unknown message.', 34: 'Malformed message.', 60: 'Too much chat.',
  70: 'You cannot give that card.', 71: 'Only the warlord swaps.', 72: 'Not time to swap.', 81: 'The server is full.',
};

/** `{rank, suit}` of a wire card code (00-51); value 0 is a 3, 11 an ace, 12 a 2. */
function card(code) {
  const n = Number(code);
  if (!(n >= 0 && n < 52)) return null;
  const value = Math.floor(n / 4);
  return { rank: value === 12 ? 2 : value + 3, suit: SUITS[n % 4], code: String(n).padStart(2, '0'), value };
}

header('Warlords & Scumbags');
const app = document.getElementById('app');
const name = playerName().replace(/[^A-Za-z0-9_]/g, '_').slice(0, 8) || 'player';
const state = { me: '', lobby: [], players: [], last: [], first: true, hand: [], picked: new Set(), swap: null, hands: 0, ranks: null, chat: [] };

const server = connect('wars', {
  onOpen: () => server.send(`[cjoin|${name.padEnd(8)}]`),
  onMessage: (m) => { handle(m); render(); },
  onClose: () => showError('The connection to the server closed.'),
});

function handle(message) {
  const body = message.slice(1, -1);
  state.sent = false;
  state.wire = [...(state.wire || []).slice(-30), message];
  const [kind, ...f] = body.split('|');
  switch (kind) {
    case 'sjoin': state.me = f[0].trim(); break;
    case 'slobb': state.lobby = f[1] ? f[1].split(',').map((n) => n.trim()) : []; break;
    case 'stabl': {
      // The server does not resend the hand after a play it took: drop the cards here.
      if (state.playing) state.hand = state.hand.filter((c) => !state.playing.includes(c.code));
      state.playing = null;
      const players = f[0].split(',').map((p) => {
        const [st, nm, cards] = p.split(':');
        return { status: st[0], strikes: Number(st[1]), name: nm.trim(), cards: Number(cards) };
      }).filter((p) => p.status !== 'e');
      const first = f[2] === '1';
      // Social order starts when the first hand ends: the table is reseated by rank.
      if (state.first && !first && state.players.length) {
        state.ranks = players.map((p) => p.name);
        state.hands += 1;
      }
      state.first = first;
      state.players = players;
      state.last = f[1].split(',').map(card).filter(Boolean);
      break;
    }
    case 'shand': state.hand = f[0].split(',').map(card).filter(Boolean); state.picked.clear(); break;
    case 'swapw': state.swap = card(f[0]); break;
    case 'swaps': showError(`The warlord gave you ${describe(card(f[0]))} for your ${describe(card(f[1]))}.`); break;
    case 'strik': state.playing = null; showError(`Strike ${f[1]}: ${STRIKES[f[0]] || 'code ' + f[0]}`); break;
    case 'schat': state.chat.push(`${f[0].trim()}: ${f[1].trim()}`); break;
    default: break;
  }
}

function describe(c) { return c ? `${c.rank === 14 ? 'A' : c.rank > 10 ? 'JQK'[c.rank - 11] : c.rank} of ${c.suit}` : '?'; }

const seat = () => state.players.find((p) => p.name === state.me);

/**
 * The lowest legal play from the hand, as the rules allow it (null: only passing): the
 * same number of cards as the last play, of a value at least as high; a single 2 beats
 * anything; the hand's first play must include the 3 of clubs.
 */
function lowestPlay() {
  const needsThree = state.first && !state.last.length && state.hand.some((c) => c.code === '00');
  if (needsThree) return ['00'];
  const count = state.last.length || 1;
  const minValue = state.last.length ? state.last[0].value : 0;
  const byValue = new Map();
  for (const c of state.hand) byValue.set(c.value, [...(byValue.get(c.value) || []), c.code]);
  for (const value of [...byValue.keys()].sort((a, b) => a - b)) {
    const group = byValue.get(value);
    if (value === 12 && state.last.length) return group.slice(0, 1);
    if (value >= minValue && group.length >= count) return group.slice(0, count);
  }
  return null;
}
/** Sends a play (or a pass); nothing more until the server answers with the table. */
function play(codes) {
  state.sent = true;
  state.playing = codes;
  const text = `[cplay|${[...codes, '52', '52', '52', '52'].slice(0, 4).join(',')}]`;
  state.wire = [...(state.wire || []).slice(-30), '> ' + text];
  server.send(text);
  render();
}

function render() {
  const mine = seat();
  const myTurn = mine && mine.status === 'a' && !state.sent;
  const parts = [];
  if (!mine) {
    parts.push(el('h2', {}, 'Lobby'), el('p', {}, `You are ${state.me || '…'}. Waiting for the next hand (3 to 7 play).`),
      el('ul', {}, state.lobby.map((n) => el('li', {}, n))));
  }
  if (state.players.length) {
    parts.push(el('div', { class: 'seats' }, state.players.map((p, i) => el('div', { class: 'seat' + (p.status === 'a' ? ' turn' : '') },
      el('strong', {}, p.name + (p.name === state.me ? ' (you)' : '')),
      el('div', {}, `${STATUS[p.status] || p.status} · ${p.cards} cards · ${p.strikes} strikes`),
      state.first ? null : el('div', {}, i === 0 ? 'warlord' : i === state.players.length - 1 ? 'scumbag' : `rank ${i + 1}`)))));
    parts.push(el('h3', {}, 'Last play'), el('div', { class: 'trick' }, state.last.map((c) => cardElement(c))));
  }
  if (state.hand.length && mine) {
    const pickedRank = [...state.picked].map(card)[0]?.rank;
    parts.push(el('h3', {}, 'Your hand'), el('div', { class: 'hand' }, state.hand.map((c) => {
      const on = state.picked.has(c.code);
      const b = cardElement(c, {
        disabled: state.swap ? false : !myTurn || (pickedRank !== undefined && c.rank !== pickedRank),
        onClick: () => {
          if (state.swap) { server.send(`[cswap|${c.code}]`); state.swap = null; return; }
          if (on) state.picked.delete(c.code); else state.picked.add(c.code);
          render();
        },
      });
      if (on) b.style.transform = 'translateY(-10px)';
      return b;
    })));
    if (state.swap) parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'swap' }, `You took ${describe(state.swap)} from the scumbag: click a card to give back.`));
    if (myTurn) {
      const hint = lowestPlay();
      parts.push(el('div', { class: 'status' }, 'Your turn'), buttons([
        ['Play selected', () => { play([...state.picked]); state.picked.clear(); }],
        ['Lowest play', () => { if (hint) { play(hint); state.picked.clear(); } else play([]); }],
        ['Pass', () => play([])]]));
    }
  }
  if (state.ranks) {
    parts.push(el('div', { class: 'summary', id: 'hand-over' }, el('strong', {}, `Hand ${state.hands} over. `),
      state.ranks.map((n, i) => `${i + 1}. ${n}${i === 0 ? ' (warlord)' : i === state.ranks.length - 1 ? ' (scumbag)' : ''}`).join(' · '),
      el('p', {}, 'The next hand starts by itself: play again there.')));
  }
  const input = el('input', { placeholder: 'chat', 'aria-label': 'chat' });
  parts.push(el('h3', {}, 'Chat'), el('div', { class: 'log' }, state.chat.map((c) => el('div', {}, c))),
    el('form', { class: 'chat', onsubmit: (e) => { e.preventDefault(); server.send(`[cchat|${input.value.slice(0, 63).padEnd(63)}]`); input.value = ''; } }, input, el('button', {}, 'Send')));
  parts.push(el('details', {}, el('summary', {}, 'Messages'), el('pre', { class: 'log' }, (state.wire || []).join('\n'))));
  fill(app, el('section', { class: 'table' }, ...parts));
}

render();
