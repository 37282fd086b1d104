// Riichi mahjong in the browser, speaking mmj1 (seed 004) over /ws/mahjong. mmj1 is an
// "intelligent terminal" protocol: the server moves tiles between named places and the
// page only shows them: the four hands (others' as backs), discards (the riichi tile
// turned), melds, dora indicators, the wall count, winds and scores. At `play` a click on
// a tile discards it (or declares riichi / a kan with it); at `claim` the page offers
// ron, pon, chi, kan or pass; the server rejects what the rules refuse, in words.

import { buttons, connect, el, fill, header, playerName, showError } from '/common.js';

const WIND = { e: 'East', s: 'South', w: 'West', n: 'North' };

/** The Unicode tile for an mmj1 tile name (`c5`, `d0`, `we`, `dr`, `?`). */
function glyph(t) {
  if (!t || t === '?') return String.fromCodePoint(0x1f02b);
  const n = t[1] === '0' ? 5 : Number(t[1]);
  switch (t[0]) {
    case 'c': return String.fromCodePoint(0x1f007 + n - 1);
    case 'b': return String.fromCodePoint(0x1f010 + n - 1);
    case 'd':
      if ('rgw'.includes(t[1])) return String.fromCodePoint({ r: 0x1f004, g: 0x1f005, w: 0x1f006 }[t[1]]);
      return String.fromCodePoint(0x1f019 + n - 1);
    case 'w': return String.fromCodePoint(0x1f000 + 'eswn'.indexOf(t[1]));
    default: return '?';
  }
}

const NAMES = { c: 'characters', b: 'bamboo', d: 'dots' };
function tileName(t) {
  if (!t || t === '?') return 'hidden tile';
  if (t[0] === 'w') return `${WIND[t[1]]} wind`;
  if (t[0] === 'd' && 'rgw'.includes(t[1])) return `${{ r: 'red', g: 'green', w: 'white' }[t[1]]} dragon`;
  return `${t[1] === '0' ? 'red 5' : t[1]} of ${NAMES[t[0]]}`;
}

function tile(t, { onClick, small, riichi } = {}) {
  const cls = 'tile' + (t === '?' ? ' back' : '') + (small ? ' small' : '') + (riichi ? ' riichi' : '') + (t && t[1] === '0' ? ' red' : '');
  if (onClick) return el('button', { class: cls, 'aria-label': tileName(t), 'data-tile': t, onclick: () => onClick(t) }, glyph(t));
  return el('span', { class: cls, role: 'img', 'aria-label': tileName(t), 'data-tile': t }, glyph(t));
}

header('Riichi Mahjong');
const app = document.getElementById('app');
const fresh = () => ({ hands: [[], [], [], []], discards: [[], [], [], []], melds: [[], [], [], []], dora: [], wall: 0, drew: null, riichiNext: false, riichiAt: [null, null, null, null] });
const state = { me: 0, names: [], round: 'e', winds: [], scores: [], honba: 0, sticks: 0, prompt: null, mode: 'discard', results: [], ack: false, over: null, lastDiscard: null, hand: fresh(), chat: [] };

const server = connect('mahjong', {
  onOpen: () => { const n = playerName(); server.send(`mmj1c ${new TextEncoder().encode(n).length}:${n}`); },
  onMessage: (line) => { handle(line); render(); },
  onClose: () => { if (!state.over) showError('The connection to the server closed.'); },
});

/** Counted strings (`N:DATA`) and the words around them. */
function counted(text, at) {
  const colon = text.indexOf(':', at);
  const n = Number(text.slice(at, colon));
  return [text.slice(colon + 1, colon + 1 + n), colon + 1 + n];
}

function parseWin(line) {
  const winner = Number(line.split(' ')[1]) - 1;
  let at = line.indexOf(' ', 4) + 1;
  const entries = [];
  while (at > 0 && at < line.length) {
    while (line[at] === ' ') at++;
    const [what, next] = counted(line, at);
    const dot = line.indexOf('.', next);
    entries.push([what, Number(line.slice(next, dot).trim())]);
    at = dot + 1;
  }
  return { winner, entries };
}

function place(p) {
  const k = p[0];
  if (k === 'h' || k === 'd' || k === 'f') return { k, who: Number(p[1]) - 1 };
  if (k === 'm') return { k, who: Number(p[1]) - 1, n: Number(p[2]) };
  return { k };
}

function move(t, from, to) {
  const h = state.hand;
  const src = place(from), dst = place(to);
  if (from === to) {
    if (src.k === 'a' && Number(from.slice(1)) % 2 === 0) h.dora.push(t);
    if (src.k === 'h' && src.who !== state.me) {
      // The end-of-hand reveal: faces replace the backs.
      h.hands[src.who] = h.hands[src.who].filter((x) => x !== '?').concat([t]);
    }
    return;
  }
  if (src.k === 'k' && dst.k === 'w') h.wall += 1;
  if (src.k === 'w') h.wall -= 1;
  if (src.k === 'h') {
    const list = h.hands[src.who];
    const i = src.who === state.me ? list.indexOf(t) : list.indexOf('?');
    if (i >= 0) list.splice(i, 1); else list.pop();
  }
  if (src.k === 'd') { h.discards[src.who].pop(); }
  if (dst.k === 'h') { h.hands[dst.who].push(t); if (dst.who === state.me) h.drew = t; h.turn = dst.who; }
  if (dst.k === 'd') {
    h.discards[dst.who].push(t);
    if (h.riichiNext) { h.riichiAt[dst.who] = h.discards[dst.who].length - 1; h.riichiNext = false; }
    state.lastDiscard = { who: dst.who, t };
  }
  if (dst.k === 'm') { (h.melds[dst.who][dst.n] ||= []).push(t); }
}

function handle(line) {
  const w = line.split(' ');
  switch (w[0]) {
    case 'game': {
      state.me = Number(w[1]) - 1;
      let at = line.indexOf(' ', 5) + 1;
      state.names = [];
      for (let i = 0; i < 4; i++) { const [s, next] = counted(line, at); state.names.push(s); at = next + 1; }
      break;
    }
    case 'newhand': state.round = w[1]; state.winds = w.slice(2, 6); state.hand = fresh(); state.results = []; state.ack = false; break;
    case 'score': state.scores = w.slice(1, 5).map(parseFloat); state.honba = parseFloat(w[5]); state.sticks = parseFloat(w[6]); break;
    case 'move': move(w[1], w[2], w[3]); break;
    case 'riichi': state.hand.riichiNext = true; break;
    case 'play': state.prompt = 'play'; break;
    case 'claim': state.prompt = 'claim'; break;
    case 'win': state.results.push(parseWin(line)); state.prompt = null; break;
    case 'draw': state.results.push({ draw: true }); state.prompt = null; break;
    case 'ack': state.ack = true; break;
    case 'reject': showError(counted(line, 7)[0]); state.prompt = state.lastPrompt; break;
    case 'gameover': state.over = w.slice(1).map(Number); break;
    case 'chat': state.chat.push(`${state.names[Number(w[1][0]) - 1]}: ${counted(line, line.indexOf(' . ') + 3)[0]}`); break;
    default: break;
  }
}

function act(text) { state.lastPrompt = state.prompt; state.prompt = null; state.mode = 'discard'; server.send(text); render(); }

function onTile(t) {
  if (state.prompt !== 'play') return;
  const op = { discard: 'discard', riichi: 'riichi', ckong: 'ckong', pkong: 'pkong' }[state.mode];
  act(`${op} ${t}`);
}

function claimOptions() {
  const d = state.lastDiscard;
  if (!d) return [];
  const mine = state.hand.hands[state.me];
  const kind = (t) => t[0] + (t[1] === '0' ? '5' : t[1]);
  const same = mine.filter((t) => kind(t) === kind(d.t));
  const opts = [['Ron', () => act('ron')]];
  if (same.length >= 2) opts.push(['Pon', () => act(`claim ${same[0]} ${same[1]} ?`)]);
  if (same.length >= 3) opts.push(['Kan', () => act(`claim ${same[0]} ${same[1]} ${same[2]}`)]);
  if ((d.who + 1) % 4 === state.me && 'cbd'.includes(d.t[0]) && !'rgw'.includes(d.t[1])) {
    const n = Number(kind(d.t)[1]);
    const find = (m) => mine.find((t) => kind(t) === d.t[0] + m);
    for (const [a, b] of [[n - 2, n - 1], [n - 1, n + 1], [n + 1, n + 2]]) {
      const ta = a >= 1 && a <= 9 && find(a), tb = b >= 1 && b <= 9 && find(b);
      if (ta && tb) opts.push([`Chi ${ta} ${tb}`, () => act(`claim ${ta} ${tb} ?`)]);
    }
  }
  opts.push(['Pass', () => act('pass')]);
  return opts;
}

function summary() {
  if (!state.results.length) return null;
  return el('div', { class: 'summary', id: 'hand-summary' }, state.results.map((r) => r.draw
    ? el('p', {}, 'The hand is drawn.')
    : el('div', {}, el('strong', {}, `${state.names[r.winner]} wins`),
      el('ul', {}, r.entries.map(([what, v]) => el('li', {}, what ? `${what}: ${v}` : `Total: ${v} points`))))),
  state.ack ? buttons([['Next hand', () => { state.ack = false; server.send('ack'); render(); }]]) : null);
}

function seatView(who) {
  const h = state.hand;
  const mine = who === state.me;
  const wind = state.winds[who];
  return el('div', { class: 'seat' + (h.turn === who ? ' turn' : ''), 'data-seat': who },
    el('strong', {}, `${state.names[who] || '…'}${mine ? ' (you)' : ''}`), /^CPU/.test(state.names[who] || '') ? el('span', { class: 'cpu' }, 'CPU') : null,
    el('div', {}, `${WIND[wind] || ''} · ${state.scores[who] ?? ''}`),
    mine ? null : el('div', { class: 'tiles hand-others' }, h.hands[who].map((t) => tile(t, { small: true }))),
    el('div', { class: 'tiles discards', 'aria-label': 'discards' }, h.discards[who].map((t, i) => tile(t, { small: true, riichi: h.riichiAt[who] === i }))),
    el('div', { class: 'tiles melds', 'aria-label': 'melds' }, h.melds[who].filter(Boolean).map((m) => el('span', {}, m.map((t) => tile(t, { small: true }))))));
}

function render() {
  const h = state.hand;
  const playing = state.prompt === 'play';
  const parts = [
    el('div', { class: 'status' }, `${WIND[state.round] || ''} round · wall ${h.wall} · honba ${state.honba || 0} · sticks ${state.sticks || 0} · dora `,
      el('span', { class: 'tiles', id: 'dora' }, h.dora.map((t) => tile(t, { small: true })))),
    el('div', { class: 'seats' }, [0, 1, 2, 3].map(seatView)),
    el('h3', {}, 'Your hand'),
    el('div', { class: 'tiles', id: 'my-hand' }, h.hands[state.me].map((t) => tile(t, { onClick: playing ? onTile : null }))),
  ];
  if (playing) {
    parts.push(el('div', { class: 'status' }, state.mode === 'discard' ? 'Your turn: click a tile to discard it.' : `Click the tile for: ${state.mode}`),
      buttons([['Tsumo / out', () => act('out')], ['Riichi', () => { state.mode = 'riichi'; render(); }],
        ['Concealed kan', () => { state.mode = 'ckong'; render(); }], ['Added kan', () => { state.mode = 'pkong'; render(); }]]));
  }
  if (state.prompt === 'claim') {
    parts.push(el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'claim' },
      el('p', {}, state.lastDiscard ? `${state.names[state.lastDiscard.who]} discarded ` : 'A tile: ', state.lastDiscard ? tile(state.lastDiscard.t, { small: true }) : ''),
      buttons(claimOptions())));
  }
  parts.push(summary());
  if (state.over) {
    parts.push(el('div', { class: 'summary', id: 'game-over' }, el('strong', {}, 'Game over. '),
      state.over.map((id, i) => `${i + 1}. ${state.names[id - 1]} (${state.scores[id - 1]})`).join(' · '),
      buttons([['Play again', () => location.reload()]])));
  }
  const input = el('input', { placeholder: 'chat to everyone', 'aria-label': 'chat' });
  parts.push(el('form', { class: 'chat', onsubmit: (e) => { e.preventDefault(); const others = [1, 2, 3, 4].filter((i) => i - 1 !== state.me).join(''); const text = input.value; server.send(`chat ${others} . ${new TextEncoder().encode(text).length}:${text}`); input.value = ''; } }, input, el('button', {}, 'Send')),
    el('div', { class: 'log' }, state.chat.map((c) => el('div', {}, c))));
  fill(app, el('section', { class: 'table' }, ...parts));
}

render();
