// Riichi mahjong in the browser, speaking mmj1 (seed 004) over /ws/mahjong, one message
// per frame. mmj1 is an "intelligent terminal" protocol: the server moves tiles between
// named places and this page only keeps track of them and draws the table (the four
// hands, others' as backs; discards with the riichi tile turned; melds; dora indicators;
// the tiles left in the wall; winds, scores and whose turn it is). At `play` a click on a
// tile discards it (riichi, tsumo and kan are buttons); at `claim` a dialog offers ron,
// pon, chi, kan or pass (the page passes by itself where passing is all it could do, and
// for calls after "no calls for the rest of this hand"). The server rejects whatever the rules refuse, in words, shown
// here. Each hand ends with the win's breakdown (or the draw) and a "Next hand" button.

import { connect, dismiss, el, header, playerName, setPlayerName, showError, showNotice } from '/common.js';
import { tileElement, tileName } from '/mahjong-tiles.js';
import { chiOptions, counted, kindOf, number, sameKind, sortTiles, tenpaiDiscards, terminalKinds, tokens, winningShape } from '/mahjong-wire.js';
import { actionRow, badge, position, redraw, wireLog } from '/tables.js';

const WIND = { e: 'East', s: 'South', w: 'West', n: 'North' };
const LIMITS = /^(Mangan|Haneman|Baiman|Sanbaiman|Kazoe yakuman|Yakuman|\d+x yakuman)$/;

header('Riichi Mahjong');
const app = document.getElementById('app');
const wire = wireLog();
const chat = chatPanel();
document.getElementById('side').append(chat.panel, wire.panel);

function freshHand() {
  return {
    hands: [[], [], [], []], discards: [[], [], [], []], melds: [[], [], [], []], dora: [], ura: [],
    wall: 0, kans: 0, drawn: null, turn: null, lastMeld: null, lastOffer: null, lastAction: null, lastDiscard: null,
    riichiNext: false, riichi: [false, false, false, false], dice: null,
  };
}

function fresh() {
  return {
    stage: 'join', me: 0, names: ['', '', '', ''], round: 'e', winds: ['e', 's', 'w', 'n'], scores: null,
    honba: 0, sticks: 0, hand: 0, h: freshHand(), prompt: null, sent: null, riichiMode: false,
    results: [], ackAsked: false, acked: false, over: null, focus: null,
    noCalls: false, autoPassed: 0,
  };
}

let state = fresh();
let server = null;
let scheduled = false;
// The name this tab plays under while its game runs, kept across a reload: the server
// gives the seat back to the same name from the same address (docs/protocols/mahjong.md,
// "Coming back").
const TAB_GAME = 'parlor.mahjong.playing-as';
let joinedAs = null;

/** Joins the lobby; a table starts with CPU players in the seats nobody takes. */
function join(name) {
  joinedAs = name;
  if (server) server.close();
  state = { ...fresh(), stage: 'waiting' };
  const mine = connect('mahjong', {
    onOpen: () => send(`mmj1c ${counted(name)}`),
    onMessage: (line) => { if (server === mine) receive(line); },
    onClose: () => { if (server === mine) closed(); },
  });
  server = mine;
  render();
}

function send(text) {
  wire.add('> ' + text);
  server.send(text);
}

/** Sends an answer to `play`, `claim` or `ack`; the buttons wait for the server's reply. */
function act(op) {
  state.sent = op;
  send(op);
  render();
}

function receive(line) {
  wire.add(line);
  handle(line);
  // A deal is some 200 messages in a burst: draw once for all of them.
  if (!scheduled) {
    scheduled = true;
    setTimeout(() => { scheduled = false; render(); }, 15);
  }
}

// Until when this tab keeps coming back to its seat after its connection dropped
// mid-game (the server's node stopped, say: on a cluster another node carries the table
// on within seconds). It says `mmj1c` again under its name, which takes the seat back.
const COMING_BACK_MS = 60_000;
const COMING_BACK = 'The connection dropped: coming back to your seat…';
let backUntil = 0;

function closed() {
  if (state.over) return;
  if (sessionStorage.getItem(TAB_GAME) && joinedAs) {
    backUntil = backUntil || Date.now() + COMING_BACK_MS;
    if (Date.now() < backUntil) {
      showNotice(COMING_BACK);
      setTimeout(() => join(joinedAs), 1000);
      return;
    }
  }
  backUntil = 0;
  showError('The connection to the server closed.');
  state.stage = 'closed';
  render();
}

function handle(line) {
  const w = tokens(line);
  const [cmd] = w;
  // Any news but a reject or chat means the answer we sent was taken.
  if (state.sent && cmd !== 'reject' && cmd !== 'chat') {
    state.prompt = null;
    state.sent = null;
    state.riichiMode = false;
  }
  switch (cmd) {
    case 'mmj1s': state.stage = 'waiting'; break;
    case 'game':
      state.me = Number(w[1]) - 1;
      state.names = w.slice(2, 6).map((x) => (typeof x === 'object' ? x.text : x));
      state.stage = 'playing';
      if (backUntil) {
        dismiss(COMING_BACK);
        showNotice('Back in your seat after the connection dropped.');
      }
      backUntil = 0;
      sessionStorage.setItem(TAB_GAME, joinedAs);
      chat.players();
      break;
    case 'newhand':
      Object.assign(state, { round: w[1], winds: w.slice(2, 6), h: freshHand(), results: [], ackAsked: false, acked: false, prompt: null, noCalls: false });
      state.hand += 1;
      break;
    case 'score': state.scores = w.slice(1, 5).map(number); state.honba = number(w[5]); state.sticks = number(w[6]); break;
    case 'break': state.h.dice = [w[1], w[2]]; break;
    case 'move': move(w[1], w[2], w[3]); break;
    case 'riichi': state.h.riichiNext = true; break;
    case 'play': state.prompt = { kind: 'play', refused: new Set() }; state.focus = '#my-hand .drawn, #my-hand button'; break;
    case 'claim':
      state.prompt = { kind: 'claim', refused: new Set(), offer: state.h.lastOffer };
      state.focus = '#claim-dialog button';
      claimAsked();
      break;
    case 'win': state.results.push(win(w)); state.prompt = null; break;
    case 'draw': state.results.push({ draw: true }); state.prompt = null; break;
    case 'ack': state.ackAsked = true; state.focus = '#next-hand'; break;
    case 'reject': rejected(typeof w[1] === 'object' ? w[1].text : ''); break;
    case 'chat': chat.heard(w); break;
    case 'gameover': sessionStorage.removeItem(TAB_GAME); state.over = w.slice(1).map((x) => Number(x) - 1); state.prompt = null; break;
    default: break;
  }
}

function rejected(why) {
  showError(state.sent ? `Refused (${state.sent}): ${why}` : `Refused: ${why}`);
  if (state.prompt && state.sent) state.prompt.refused.add(state.sent);
  state.sent = null;
}

function place(p) {
  const k = p[0];
  if (k === 'h' || k === 'd' || k === 'f') return { k, who: Number(p[1]) - 1 };
  if (k === 'm') return { k, who: Number(p[1]) - 1, n: Number(p[2]), key: p };
  if (k === 'a') return { k, n: Number(p.slice(1)) };
  return { k };
}

/** Takes `t` out of a hand: a hidden hand loses one of its backs. */
function take(list, t, mine) {
  let i = mine ? list.indexOf(t) : list.indexOf('?');
  if (i < 0) i = list.indexOf(t);
  if (i < 0 && mine) i = list.findIndex((x) => kindOf(x) === kindOf(t));
  if (i >= 0) list.splice(i, 1);
  else list.pop();
}

function move(t, from, to) {
  const h = state.h;
  const src = place(from);
  const dst = place(to);
  if (from === to) return reveal(t, src);
  if (src.k === 'w') h.wall -= 1;
  if (src.k === 'r') h.kans += 1; // a replacement tile: each kan cuts the live wall by one
  if (src.k === 'h') take(h.hands[src.who], t, src.who === state.me);
  if (src.k === 'd') {
    h.discards[src.who].pop();
    h.lastDiscard = null; // claimed: it is in a meld now
  }
  if (dst.k === 'w') h.wall += 1;
  if (dst.k === 'h') {
    h.hands[dst.who].push(t);
    if (src.k === 'w' || src.k === 'r') {
      h.turn = dst.who;
      h.lastAction = 'draw';
      if (dst.who === state.me) h.drawn = t;
    }
  }
  if (dst.k === 'd') {
    h.discards[dst.who].push({ t, riichi: h.riichiNext });
    h.lastDiscard = dst.who;
    if (h.riichiNext) {
      // The riichi stands once its tile is discarded: its 1,000 points go on the table
      // (the next `score` line says the same).
      h.riichi[dst.who] = true;
      state.sticks += 1;
      if (state.scores) state.scores[dst.who] -= 1000;
    }
    h.riichiNext = false;
    h.lastOffer = { who: dst.who, t, kind: 'discard' };
    h.lastAction = 'discard';
    h.turn = (dst.who + 1) % 4;
    if (dst.who === state.me) h.drawn = null;
  }
  if (dst.k === 'm') {
    const melds = h.melds[dst.who];
    const meld = melds[dst.n] || (melds[dst.n] = { tiles: [], from: null, concealed: false });
    // One tile added to a pon made earlier: an added kan, which others may rob.
    if (src.k === 'h' && meld.tiles.length === 3 && h.lastMeld !== dst.key) {
      h.lastOffer = { who: dst.who, t, kind: 'kakan' };
      h.lastAction = 'kakan';
    }
    if (src.k === 'd') {
      meld.from = src.who;
      h.turn = dst.who;
      h.lastAction = 'claim';
    }
    meld.tiles.push(t);
  }
  h.lastMeld = dst.k === 'm' ? dst.key : null;
  return undefined;
}

/** Moves of a tile to its own place: a dora indicator turned, a hand shown, a concealed kan. */
function reveal(t, src) {
  const h = state.h;
  if (src.k === 'a') (src.n % 2 === 0 ? h.dora : h.ura).push(t);
  if (src.k === 'h' && src.who !== state.me) {
    const list = h.hands[src.who];
    const i = list.indexOf('?');
    if (i >= 0) list[i] = t;
  }
  if (src.k === 'm') {
    const meld = h.melds[src.who][src.n];
    if (meld) meld.concealed = true;
  }
}

function win(w) {
  const winner = Number(w[1]) - 1;
  const entries = [];
  let total = 0;
  for (let i = 2; i + 1 < w.length; i += 2) {
    const what = (typeof w[i] === 'object' ? w[i].text : String(w[i])).trim();
    if (what === '') total = number(w[i + 1]);
    else entries.push([what, number(w[i + 1])]);
  }
  const h = state.h;
  const tsumo = h.lastAction === 'draw' && h.turn === winner;
  return { winner, entries, total, tsumo, from: tsumo ? null : h.lastOffer?.who };
}

// ---- views -------------------------------------------------------------------------

const nameOf = (seat) => state.names[seat] || `player ${seat + 1}`;
const isCpu = (seat) => /CPU/.test(state.names[seat] || '');

function joinView() {
  const input = el('input', { id: 'mj-name', maxlength: 64, value: playerName() === 'guest' ? '' : playerName(), autocomplete: 'nickname' });
  const go = (e) => {
    e.preventDefault();
    const name = input.value.trim() || playerName();
    setPlayerName(name);
    join(name);
  };
  return el('section', { class: 'lobby' }, el('form', { onsubmit: go },
    el('fieldset', {}, el('legend', {}, 'Riichi mahjong (Tenhou rules, East and South rounds)'),
      el('p', {}, 'A table starts when four people wait, or soon after you arrive, with CPU players in the empty seats.'),
      el('label', {}, 'Your name ', input),
      el('div', { class: 'actions' }, el('button', { type: 'submit', id: 'join' }, 'Join a table')))));
}

/** How long the lobby waits before seating CPU players by itself (from /healthz). */
let fillAfter = null;
fetch('/healthz').then((r) => r.json()).then((h) => { fillAfter = h.tables?.mahjong?.fill_after_seconds ?? null; }).catch(() => {});
let ticking = null;

function waitingView() {
  // The countdown runs from when this page started waiting: the table starts at the
  // latest then (sooner if someone waited before us).
  state.waitingSince ??= Date.now();
  const left = fillAfter === null ? null : Math.max(0, Math.ceil(fillAfter - (Date.now() - state.waitingSince) / 1000));
  if (!ticking) ticking = setInterval(() => { if (state.stage === 'waiting') render(); else { clearInterval(ticking); ticking = null; } }, 1000);
  return el('section', { class: 'table' }, el('h2', {}, 'Waiting for a table…'),
    el('p', { id: 'waiting-time', 'aria-live': 'polite' }, left === null
      ? 'The game starts when four people wait; CPU players take the seats nobody takes.'
      : `The game starts when four people wait, or in at most ${left} s with CPU players in the empty seats.`),
    actionRow([['Start now with CPU players', () => send('fill'), 'fill-now']]));
}

function closedView() {
  return el('section', { class: 'lobby' }, el('p', {}, 'Disconnected from the server.'),
    actionRow([['Join a table again', () => join(playerName())]]));
}

function meldView(meld) {
  const n = meld.tiles.length;
  const closed = n === 4 && meld.from === null;
  return el('span', { class: 'meld', 'aria-label': closed ? 'concealed kan' : n === 4 ? 'kan' : 'meld' },
    meld.tiles.map((t, i) => tileElement(closed && (i === 0 || i === 3) ? '?' : t, { size: 'small' })));
}

function seatView(seat) {
  const h = state.h;
  const me = seat === state.me;
  // While a claim waits for this player's answer, it is theirs to act, nobody else's.
  const claiming = state.prompt && state.prompt.kind === 'claim' && !state.sent;
  const turn = claiming ? me : h.turn === seat && !state.results.length;
  const wind = state.winds[seat];
  return el('div', { class: `seat at-${position(seat, state.me)}` + (turn ? ' turn' : ''), 'data-seat': seat },
    el('h3', {}, nameOf(seat), me ? badge('you', 'you') : null, isCpu(seat) ? badge('CPU', 'bot') : null,
      h.riichi[seat] ? badge('riichi', 'riichi') : null),
    el('div', { class: 'muted' }, `${WIND[wind] || '?'} seat${wind === 'e' ? ' (dealer)' : ''} · ${state.scores ? state.scores[seat] : '…'} points`),
    me ? null : el('div', { class: 'mj-row hand-others', 'aria-label': `${nameOf(seat)}'s hand, ${h.hands[seat].length} tiles` },
      h.hands[seat].map((t) => tileElement(t, { size: h.hands[seat].some((x) => x !== '?') ? 'small' : 'mini' }))),
    // Calls and discards apart, each with its label: a called set is not a discard.
    h.melds[seat].some(Boolean) ? el('div', { class: 'mj-row melds', 'aria-label': 'melds' },
      el('span', { class: 'row-label' }, 'calls'), h.melds[seat].filter(Boolean).map(meldView)) : null,
    el('div', { class: 'mj-row discards', 'aria-label': `${nameOf(seat)}'s discards` },
      h.discards[seat].length ? el('span', { class: 'row-label' }, 'discards') : null,
      h.discards[seat].map((d, i) => {
        const last = h.lastDiscard === seat && i === h.discards[seat].length - 1;
        const tile = tileElement(d.t, { size: 'small', sideways: d.riichi, label: tileName(d.t) + (d.riichi ? ' (riichi)' : '') + (last ? ' (the last discard)' : '') });
        if (last) tile.classList.add('last-discard');
        return tile;
      })));
}

function standings() {
  if (!state.scores) return null;
  const order = [0, 1, 2, 3].sort((a, b) => state.scores[b] - state.scores[a]);
  return el('ol', { class: 'standings', id: 'standings', 'aria-label': 'standings' },
    order.map((s) => el('li', {}, `${nameOf(s)}: ${state.scores[s]}`)));
}

/**
 * The hand as players name it: the round's wind and the dealer's number in it (the
 * seat dealing first is 1, the next 2...), and the counters: "East 3, 1 honba".
 */
function handName() {
  const dealer = state.winds.indexOf('e');
  const name = `${WIND[state.round] || ''} ${dealer + 1}`;
  return state.honba ? `${name}, ${state.honba} honba` : name;
}

function centerView() {
  const h = state.h;
  return el('div', { class: 'center' },
    el('strong', { id: 'hand-name' }, handName()),
    el('div', { id: 'wall' }, `Tiles left in the wall: ${Math.max(0, h.wall - h.kans)}`),
    el('div', { id: 'sticks' }, `Riichi sticks on the table: ${state.sticks}`, h.dice ? ` · dice ${h.dice[0]}+${h.dice[1]}` : ''),
    el('div', {}, 'Dora indicators: ', el('span', { class: 'mj-row inline', id: 'dora' }, h.dora.map((t) => tileElement(t, { size: 'small' })))),
    h.ura.length ? el('div', {}, 'Ura dora indicators: ', el('span', { class: 'mj-row inline' }, h.ura.map((t) => tileElement(t, { size: 'small' })))) : null,
    standings());
}

const playing = () => state.prompt && state.prompt.kind === 'play' && !state.sent;

function onTile(t) {
  act(`${state.riichiMode ? 'riichi' : 'discard'} ${t}`);
}

function handView() {
  const h = state.h;
  let tiles = sortTiles(h.hands[state.me]);
  let drawn = null;
  if (h.drawn && tiles.length % 3 === 2 && tiles.includes(h.drawn)) {
    drawn = h.drawn;
    tiles.splice(tiles.indexOf(drawn), 1);
  }
  const op = state.riichiMode ? 'riichi' : 'discard';
  const riichiTiles = state.riichiMode ? tenpaiDiscards(h.hands[state.me]) : null;
  // In riichi the hand is locked: only the tile just drawn may go (tsumo and kans are
  // buttons), so no click on another tile is offered only to be refused.
  const locked = h.riichi[state.me];
  const allowed = (t, isDrawn) => playing() && !state.prompt.refused.has(`${op} ${t}`)
    && (!riichiTiles || riichiTiles.has(t)) && (!locked || isDrawn);
  const button = (t, i, isDrawn) => tileElement(t, {
    key: `tile-${i}-${t}`, drawn: isDrawn,
    onClick: allowed(t, isDrawn) ? onTile : null,
    label: `${tileName(t)}${isDrawn ? ' (just drawn)' : ''}`,
  });
  tiles = tiles.map((t, i) => button(t, i, false));
  if (drawn) tiles.push(button(drawn, 'drawn', true));
  return el('div', { class: 'mj-row' + (state.riichiMode ? ' riichi-mode' : ''), id: 'my-hand', 'aria-label': 'your hand' }, tiles);
}

function playActions() {
  const h = state.h;
  const me = state.me;
  const mine = h.hands[me];
  const refused = state.prompt.refused;
  const acts = [];
  const noCalls = h.melds.every((m) => !m.some(Boolean)) && !h.discards[me].length;
  if (winningShape(mine) && !refused.has('out')) acts.push(['Tsumo (win)', () => act('out'), 'tsumo']);
  else if (noCalls && terminalKinds(mine) >= 9 && !refused.has('out')) acts.push(['Abortive draw (nine terminals)', () => act('out'), 'nine']);
  for (const t of new Set(mine)) {
    if (sameKind(mine, t).length === 4 && sortTiles(sameKind(mine, t))[0] === t && !refused.has(`ckong ${t}`)) {
      acts.push([`Kan: four ${tileName(t)}`, () => act(`ckong ${t}`), `ckong-${t}`]);
    }
  }
  for (const meld of h.melds[me].filter(Boolean)) {
    const [first] = meld.tiles;
    const pon = meld.tiles.length === 3 && meld.tiles.every((x) => kindOf(x) === kindOf(first));
    const extra = pon && mine.find((x) => kindOf(x) === kindOf(first));
    if (extra && !refused.has(`pkong ${extra}`)) acts.push([`Add ${tileName(extra)} to the pon (kan)`, () => act(`pkong ${extra}`), `pkong-${extra}`]);
  }
  const row = actionRow(acts, { id: 'play-actions' });
  const closedHand = h.melds[me].filter(Boolean).every((m) => m.tiles.length === 4 && m.from === null);
  if (!h.riichi[me] && closedHand && tenpaiDiscards(mine).size) {
    row.prepend(el('button', {
      type: 'button', 'data-key': 'riichi', 'aria-pressed': String(state.riichiMode),
      onclick: () => { state.riichiMode = !state.riichiMode; render(); },
    }, state.riichiMode ? 'Riichi: now click the tile to discard (click here to cancel)' : 'Riichi…'));
  }
  return el('div', { class: 'status' },
    el('p', { id: 'prompt' }, state.riichiMode ? 'Declare riichi with which discard?' : 'Your turn: click a tile to discard it.'), row);
}

/** What the player may answer to the claim asked now: ron, pon, kan, chi (not those
 * the server refused, nor calls after "no calls"), and always pass. */
function claimOptions() {
  const h = state.h;
  const offer = state.prompt.offer;
  const mine = h.hands[state.me];
  const refused = state.prompt.refused;
  const options = [];
  const option = (label, op, content) => { if (!refused.has(op)) options.push({ label, op, content }); };
  if (offer && winningShape([...mine, offer.t])) option('Ron (win)', 'ron');
  if (offer && offer.kind === 'discard' && !h.riichi[state.me] && !state.noCalls) {
    const same = sortTiles(sameKind(mine, offer.t));
    if (same.length >= 2) option('Pon', `claim ${same[0]} ${same[1]} ?`);
    if (same.length >= 3) option('Kan', `claim ${same[0]} ${same[1]} ${same[2]}`);
    if ((offer.who + 1) % 4 === state.me) {
      for (const [a, b] of chiOptions(mine, offer.t)) {
        option('Chi with ', `claim ${a} ${b} ?`, el('span', { class: 'mj-row inline' }, tileElement(a, { size: 'small' }), tileElement(b, { size: 'small' })));
      }
    }
  }
  option('Pass', 'pass');
  return options;
}

/** At `claim`: when passing is all the player could do, the page passes for them. */
function claimAsked() {
  if (claimOptions().length === 1) {
    state.autoPassed += 1;
    act('pass');
  }
}

function claimDialog() {
  const offer = state.prompt.offer;
  const acts = claimOptions().map(({ label, op, content }) =>
    el('button', { type: 'button', 'data-key': 'claim-' + op, onclick: () => act(op) }, label, content || ''));
  const noCalls = el('label', { class: 'no-calls' },
    el('input', { type: 'checkbox', id: 'no-calls', onchange: (e) => { state.noCalls = e.target.checked; if (state.noCalls) claimAsked(); render(); } }),
    ' No calls for the rest of this hand');
  const what = !offer ? 'A tile can be claimed.'
    : offer.kind === 'kakan' ? `${nameOf(offer.who)} adds to a kan (it can be robbed with ron):` : `${nameOf(offer.who)} discarded`;
  return el('div', { class: 'dialog', role: 'dialog', 'aria-label': 'claim', id: 'claim-dialog' },
    el('h3', {}, what, ' ', offer ? tileElement(offer.t) : ''),
    el('div', { class: 'actions' }, acts), noCalls);
}

// Each entry names what it counts (`Riichi (1 han)`, `30 fu`, `Honba (1)`): shown as
// players count a hand, the yaku by their han; honba and riichi sticks by their points.
function entryText([what, v]) {
  const han = /^(.*) \((\d+) han\)$/.exec(what);
  if (han) return [`${han[2]} han`, han[1]];
  const yakuman = /^(.*) \(((\d+)x )?yakuman\)$/.exec(what);
  if (yakuman) return [yakuman[3] ? `${yakuman[3]}x yakuman` : 'yakuman', yakuman[1]];
  if (/^\d+ fu$/.test(what) || LIMITS.test(what)) return null; // in the headline
  return [`+${v} points`, what];
}

// A limit hand's base points, and a hand's base points by han and fu, as Tenhou counts.
const LIMIT_BASE = { Mangan: 2000, Haneman: 3000, Baiman: 4000, Sanbaiman: 6000, 'Kazoe yakuman': 8000, Yakuman: 8000 };
const ceil100 = (x) => Math.ceil(x / 100) * 100;

/**
 * What a win is worth as players say it: han and fu or the limit, then who pays what
 * ("7 han 30 fu: haneman, 3000/6000", "4 han 30 fu, 7700", "yakuman, 16000 all").
 * Worked out from the breakdown, and checked against the total: if the two disagree,
 * only the total is said.
 */
function winWorth(r) {
  const fuEntry = r.entries.find(([w]) => /^\d+ fu$/.test(w));
  const fu = fuEntry ? Number(fuEntry[0].split(' ')[0]) : 0;
  const limit = r.entries.find(([w]) => LIMITS.test(w))?.[0];
  const yakuman = r.entries.reduce((a, [w]) => { const y = /\(((\d+)x )?yakuman\)$/.exec(w); return a + (y ? Number(y[2] || 1) : 0); }, 0);
  const han = r.entries.reduce((a, [w]) => a + (Number(/\((\d+) han\)$/.exec(w)?.[1]) || 0), 0);
  const base = yakuman ? 8000 * yakuman : limit ? LIMIT_BASE[limit] : Math.min(2000, fu * 2 ** (2 + han));
  const dealer = state.winds[r.winner] === 'e';
  const extras = r.entries.filter(([w]) => /^(Honba|Riichi sticks) \(/.test(w)).reduce((a, [, v]) => a + v, 0);
  let pays;
  let paid;
  if (r.tsumo && dealer) { pays = `${ceil100(2 * base)} all`; paid = 3 * ceil100(2 * base); }
  else if (r.tsumo) { pays = `${ceil100(base)}/${ceil100(2 * base)}`; paid = 2 * ceil100(base) + ceil100(2 * base); }
  else { paid = ceil100((dealer ? 6 : 4) * base); pays = String(paid); }
  const head = yakuman ? (yakuman > 1 ? `${yakuman}x yakuman` : 'Yakuman')
    : `${han} han ${fu} fu${limit ? `: ${limit.toLowerCase()}` : ''}`;
  return paid + extras === r.total ? `${head}, ${pays}` : `${head}: ${r.total} points`;
}

function resultView(r) {
  if (r.draw) return el('div', {}, el('h3', {}, 'Draw: the hand ends without a winner.'), el('p', { class: 'muted' }, 'Every hand is shown.'));
  const how = r.tsumo ? 'by tsumo (self-drawn)' : r.from !== undefined && r.from !== null ? `by ron on ${nameOf(r.from)}'s tile` : '';
  return el('div', {},
    el('h3', {}, `${nameOf(r.winner)} wins ${how}`),
    el('p', { class: 'win-worth' }, winWorth(r)),
    el('table', { class: 'list breakdown' },
      r.entries.map(entryText).filter(Boolean).map(([value, label]) => el('tr', {}, el('td', {}, label), el('td', {}, value))),
      el('tr', {}, el('th', {}, 'Total'), el('th', {}, `${r.total} points`))));
}

function summaryView() {
  return el('div', { class: 'summary', id: 'hand-summary', role: 'status' },
    state.results.map(resultView),
    state.ackAsked && !state.acked
      ? el('div', { class: 'actions' }, el('button', { type: 'button', id: 'next-hand', 'data-key': 'next-hand', onclick: () => { state.acked = true; act('ack'); } }, 'Next hand'))
      : null,
    state.acked ? el('p', { class: 'muted' }, 'Waiting for the other players…') : null);
}

function gameOverView() {
  return el('div', { class: 'summary', id: 'game-over', role: 'status' },
    el('h3', {}, 'Game over'),
    el('ol', {}, state.over.map((s) => el('li', {}, `${nameOf(s)}: ${state.scores ? state.scores[s] : ''} points`))),
    actionRow([['Play again', () => join(playerName())]]));
}

function playingView() {
  const parts = [
    el('div', { class: 'compass' }, [0, 1, 2, 3].map(seatView), centerView()),
    el('h3', {}, 'Your hand'),
    handView(),
  ];
  if (playing()) parts.push(playActions());
  if (state.prompt && state.prompt.kind === 'claim' && !state.sent) parts.push(claimDialog());
  if (state.sent) parts.push(el('p', { class: 'muted' }, `Sent “${state.sent}”…`));
  if (state.results.length) parts.push(summaryView());
  if (state.over) parts.push(gameOverView());
  return el('section', { class: 'table' }, parts);
}

function render() {
  const views = { join: joinView, waiting: waitingView, playing: playingView, closed: closedView };
  redraw(app, views[state.stage](), state.focus);
  state.focus = null;
}

// ---- chat (mmj1 `chat`: to some players, shown to them with the sender) -------------

function chatPanel() {
  const log = el('div', { class: 'log', id: 'chat-log', 'aria-live': 'polite' });
  const to = el('select', { id: 'chat-to', 'aria-label': 'send to' });
  const input = el('input', { id: 'chat-text', maxlength: 300, 'aria-label': 'chat message', placeholder: 'Say something' });
  const form = el('form', {
    class: 'chat',
    onsubmit: (e) => {
      e.preventDefault();
      const text = input.value.trim();
      if (!text || state.stage !== 'playing') return;
      send(`chat ${to.value} . ${counted(text)}`);
      input.value = '';
    },
  }, to, input, el('button', { type: 'submit' }, 'Send'));
  const panel = el('section', { id: 'chat', 'aria-label': 'chat', hidden: true }, el('h3', {}, 'Chat'), log, form);
  return {
    panel,
    /** The recipients once the players are known (you get your own message back). */
    players() {
      const me = state.me + 1;
      to.replaceChildren(el('option', { value: '1234' }, 'everyone'),
        ...[0, 1, 2, 3].filter((s) => s !== state.me).map((s) => el('option', { value: `${s + 1}${me}` }, nameOf(s))));
      panel.hidden = false;
    },
    heard(w) {
      const from = Number(String(w[1])[0]) - 1;
      const text = w.find((x) => typeof x === 'object');
      log.append(el('div', {}, el('strong', {}, `${nameOf(from)}: `), text ? text.text : ''));
      log.scrollTop = log.scrollHeight;
    },
  };
}

// Reloaded in the middle of a game: back to the same seat.
if (sessionStorage.getItem(TAB_GAME)) join(sessionStorage.getItem(TAB_GAME));
render();
