// A finished game as a replay (/games?id=N): the table drawn hand by hand from the
// server's story of the game (/api/games/<id>/replay), every step in words with who did
// it, stepped forward and back with the buttons or the arrow keys. Faces come as text:
// cards `10h`, `Qs` (rank, then suit c d h s), tiles as mmj1 names (`c5`, `dr`).

import { buttons, el, fill } from '/common.js';
import { cardBack, cardImage, cardName } from '/cards.js';
import { tileElement } from '/mahjong-tiles.js';
import { fourSeats, ringSeats } from '/felt.js';

const SUITS = { c: 'clubs', d: 'diamonds', h: 'hearts', s: 'spades' };
const RANKS = { J: 11, Q: 12, K: 13, A: 14 };

/** A card face (`10h`) as a card for cards.js, or null. */
export function cardOf(face) {
  const m = /^(10|[2-9JQKA])([cdhs])$/.exec(face);
  return m ? { rank: RANKS[m[1]] || Number(m[1]), suit: SUITS[m[2]] } : null;
}

/** A face drawn small: a tile for mahjong, else a card; `?` is one face down. */
function faceNode(face, mahjong) {
  if (mahjong) return tileElement(face, { size: 'small' });
  if (face === '?') return cardBack();
  const card = cardOf(face);
  return card ? cardImage(card, cardName(card)) : el('span', {}, face);
}

const row = (faces, mahjong, cls = '') => el('div', { class: `replay-row ${mahjong ? 'mj-row' : 'cards-row'} ${cls}` },
  faces.map((f) => faceNode(f, mahjong)));

/**
 * The table of one moment (`shot`, as the server's stories and watch frames draw it): each
 * seat's cards or tiles held, what it has in front of it, its melds; the score and notes
 * in the middle. `name(i)` names seat i (from 0); `actor` (from 1) marks who just acted;
 * a seat `present(i)` says nobody sits in, holding nothing (a Warlords evening's free
 * places), is not drawn.
 */
export function drawShot(shot, mahjong, name, actor, present = () => true) {
  const n = shot.hands.length;
  const seatParts = shot.hands.map((held, i) => ({
    pos: i + 1,
    me: i === 0,
    acted: actor === i + 1,
    title: name(i),
    badges: [el('span', { class: 'hint' }, `seat ${i + 1}`)],
    detail: row(held, mahjong, 'held'),
    played: el('div', { class: 'in-front' },
      row(shot.played[i] || [], mahjong, 'played'),
      ...(shot.melds[i] || []).map((meld) => row(meld, true, 'meld'))),
  })).filter((_, i) => present(i) || (shot.hands[i] || []).length > 0);
  const middle = [el('div', { class: 'score', id: 'replay-score' }, shot.score),
    ...shot.notes.map((n) => el('div', { class: 'muted' }, n))];
  // Four seats around the felt, from seat 1's side; other counts in a ring.
  if (n === 4 && seatParts.length === 4) return fourSeats(seatParts, 1, middle);
  return ringSeats(seatParts.map((s) => ({ ...s, me: false })), middle);
}

/** Whether a stored seat was ever sat in. Only a Warlords evening has places nobody took,
 * stored without a name (a Warlords name is never empty); a course Truco player who gave
 * no name still sat there. */
export const taken = (protocol, seat) => protocol !== 'wars' || !!(seat?.name || seat?.cpu);

/**
 * Shows `story` (hands of steps) for a game of `protocol` whose seats are `seats` (from
 * the game listing) in `root`.
 */
export function showReplay(root, story, protocol, seats) {
  const mahjong = protocol === 'mahjong';
  const hands = story.hands;
  let hand = 0;
  let step = 0;
  // Mahjong asks every other seat about every discard: its passes are hidden unless asked.
  let passes = !mahjong;
  const stepsOf = (h) => (passes ? h.steps : h.steps.filter((x) => !/ passes$/.test(x.text)));
  const name = (i) => seats[i]?.name || `seat ${i + 1}`;
  const table = (shot, actor) => drawShot(shot, mahjong, name, actor, (i) => taken(protocol, seats[i]));

  function draw() {
    const h = hands[hand];
    if (!h) return fill(root, el('p', {}, 'No hand of this game was played.'));
    const steps = stepsOf(h);
    const s = steps[step];
    fill(root,
      el('div', { class: 'actions replay-nav', role: 'group', 'aria-label': 'hands' },
        buttons([
          ['◀ Hand', () => go(hand - 1, 0), { disabled: hand === 0, 'data-key': 'prev-hand' }],
          ['Hand ▶', () => go(hand + 1, 0), { disabled: hand === hands.length - 1, 'data-key': 'next-hand' }],
        ]),
        el('strong', { id: 'replay-hand' }, `Hand ${h.number} of ${hands.length}`),
        buttons([
          ['◀ Step', () => go(hand, step - 1), { disabled: step === 0, 'data-key': 'prev-step' }],
          ['Step ▶', () => go(hand, step + 1), { disabled: step === steps.length - 1, 'data-key': 'next-step' }],
        ]),
        el('span', { class: 'hint' }, `step ${step + 1} of ${steps.length} · ← → step, PageUp/PageDown hand`),
        mahjong ? el('label', {}, el('input', { type: 'checkbox', id: 'show-passes', checked: passes,
          onchange: (e) => { passes = e.target.checked; go(hand, 0); } }), ' show every pass') : null),
      el('p', { class: 'status', id: 'replay-step', 'aria-live': 'polite' }, s.text),
      el('section', { class: 'table replay-table' }, table(s.table, s.seat)),
      step === steps.length - 1 ? el('p', { class: 'summary', id: 'replay-result' }, h.result) : null,
      el('h3', {}, 'This hand, step by step'),
      el('ol', { class: 'log replay-steps', id: 'replay-steps' }, steps.map((x, i) =>
        el('li', { class: i === step ? 'current' : '' },
          el('a', { href: '#', onclick: (e) => { e.preventDefault(); go(hand, i); } }, x.text)))));
  }

  function go(h, s) {
    hand = Math.max(0, Math.min(hands.length - 1, h));
    step = Math.max(0, Math.min(stepsOf(hands[hand]).length - 1, s));
    draw();
  }

  document.addEventListener('keydown', (e) => {
    if (e.target.closest && e.target.closest('input, textarea')) return;
    const moves = { ArrowRight: [hand, step + 1], ArrowLeft: [hand, step - 1], PageDown: [hand + 1, 0], PageUp: [hand - 1, 0] };
    if (!moves[e.key]) return;
    e.preventDefault();
    go(...moves[e.key]);
  });
  draw();
}
