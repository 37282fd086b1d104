// The card tables of the Truco pages and Warlords: the players seated around a felt as
// the viewer sees them (you at the bottom, the next player in turn order on the right,
// your partner across), each one's played card in front of them, the turn on the seat,
// cards sliding in from their player, and a hand that keeps its shape while cards leave
// it. The pages' protocols and rules stay theirs; this draws the table only.

import { el } from '/common.js';

const FOUR = ['bottom', 'right', 'top', 'left'];

/** Where seat `pos` sits as `viewer` sees a table of four (seats numbered alike). */
export function around(pos, viewer) {
  return FOUR[(((pos - viewer) % 4) + 4) % 4];
}

// Cards already shown on the table: only a card seen for the first time slides in, so a
// redraw (every server line redraws the page) does not replay the movement.
const seen = new Set();

/**
 * A played card (`node`, built by the page) in front of a seat; `key` names that play
 * uniquely (hand and order), so it slides in from `from` once.
 */
export function playedCard(node, key, from) {
  const fresh = !seen.has(key);
  seen.add(key);
  return el('div', { class: 'in-front' + (fresh ? ` arrive from-${from}` : '') }, node);
}

/**
 * Four seats around the middle. Each seat is `{ pos, title, badges, turn, acted, me, played,
 * detail }`
 * (`played` from `playedCard`, or null); `middle` is what lies in the middle (vira,
 * rounds). The seats keep their `.seat` class (and `.turn`, `.me`).
 */
export function fourSeats(seats, viewer, middle) {
  return el('div', { class: 'felt four', 'aria-label': 'the table' },
    seats.map((s) => {
      const at = around(s.pos, viewer);
      return el('div', { class: `seat at-${at}` + (s.turn ? ' turn' : '') + (s.acted ? ' acted' : '') + (s.me ? ' me' : ''), 'data-seat': s.pos },
        el('div', { class: 'who' }, s.title, ...(s.badges || [])),
        s.detail ? el('div', { class: 'detail' }, s.detail) : null,
        s.played || el('div', { class: 'in-front empty' }));
    }),
    el('div', { class: 'middle', id: 'table-cards' }, middle));
}

/**
 * Any number of seats: everyone else across the top in turn order after you, you at the
 * bottom, `middle` between. Each seat is `{ title, badges, turn, me, played, detail }`.
 */
export function ringSeats(seats, middle) {
  const me = seats.find((s) => s.me);
  const others = seats.filter((s) => !s.me);
  const seat = (s, at) => el('div', { class: `seat at-${at}` + (s.turn ? ' turn' : '') + (s.acted ? ' acted' : '') + (s.me ? ' me' : '') },
    el('div', { class: 'who' }, s.title, ...(s.badges || [])),
    s.detail ? el('div', { class: 'detail' }, s.detail) : null,
    s.played || null);
  return el('div', { class: 'felt ring', 'aria-label': 'the table' },
    el('div', { class: 'ring-top' }, others.map((s) => seat(s, 'top'))),
    el('div', { class: 'middle', id: 'table-cards' }, middle),
    me ? seat(me, 'bottom') : null);
}

/**
 * The hand as dealt, with a place kept for each card already played, so the cards left do
 * not jump when one leaves. `dealt` and `held` are cards with a `code`; `button(card)`
 * draws a held one.
 */
export function steadyHand(dealt, held, button, attrs = {}) {
  const left = held.map((c) => c.code.toUpperCase());
  const slots = dealt.map((c) => {
    const at = left.indexOf(c.code.toUpperCase());
    if (at < 0) return el('span', { class: 'card-slot', 'aria-hidden': 'true' });
    left[at] = null;
    return button(c);
  });
  return el('div', { class: 'hand', id: 'my-hand', 'aria-label': 'your hand', ...attrs }, slots);
}
