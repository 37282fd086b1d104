// Playing cards for every card game page, drawn here as SVG (no card art is copied): a
// rank and suit in two corners, pips for 2-10, a framed letter for J/Q/K, one large suit
// for an ace. A card you may play is a real <button> (keyboard and screen reader work
// as for any button); one the rules do not allow now is dimmed and disabled; a card that
// is only shown (on the table, a partner's hand) is an image with a spoken name.
//
// A card is `{ rank, suit }`: rank 2-14 (11 J, 12 Q, 13 K, 14 A), suit one of
// 'hearts', 'diamonds', 'clubs', 'spades'. Each page maps its protocol's codes to this.

const SUITS = {
  hearts: { symbol: '♥', color: '#c0392b' },
  diamonds: { symbol: '♦', color: '#c0392b' },
  clubs: { symbol: '♣', color: '#1b1b1b' },
  spades: { symbol: '♠', color: '#1b1b1b' },
};
const LETTERS = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
const NAMES = { 11: 'jack', 12: 'queen', 13: 'king', 14: 'ace' };
const SVG = 'http://www.w3.org/2000/svg';

// Pip positions for 2-10 on the 60×84 face: columns L, C, R and rows as y values.
const L = 19, C = 30, R = 41;
const PIPS = {
  2: [[C, 22], [C, 62]],
  3: [[C, 22], [C, 42], [C, 62]],
  4: [[L, 22], [R, 22], [L, 62], [R, 62]],
  5: [[L, 22], [R, 22], [C, 42], [L, 62], [R, 62]],
  6: [[L, 22], [R, 22], [L, 42], [R, 42], [L, 62], [R, 62]],
  7: [[L, 22], [R, 22], [C, 32], [L, 42], [R, 42], [L, 62], [R, 62]],
  8: [[L, 22], [R, 22], [C, 32], [L, 42], [R, 42], [C, 52], [L, 62], [R, 62]],
  9: [[L, 20], [R, 20], [L, 35], [R, 35], [C, 42], [L, 49], [R, 49], [L, 64], [R, 64]],
  10: [[L, 20], [R, 20], [C, 28], [L, 35], [R, 35], [L, 49], [R, 49], [C, 56], [L, 64], [R, 64]],
};

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The rank as printed in a corner: 2-10, J, Q, K, A. */
export function rankLabel(rank) {
  return LETTERS[rank] || String(rank);
}

/** A card's name for people and screen readers: "queen of hearts", "7 of clubs". */
export function cardName({ rank, suit }) {
  return `${NAMES[rank] || rank} of ${suit}`;
}

/** The face of a card as an SVG element (decorative: the wrapper carries the name). */
export function cardFace({ rank, suit }) {
  const s = SUITS[suit] || { symbol: '?', color: '#555' };
  const r = rankLabel(rank);
  const face = svg('svg', { viewBox: '0 0 60 84', class: 'face', 'aria-hidden': 'true' });
  const text = (x, y, size, value, extra = {}) => svg('text', {
    x, y, 'font-size': size, 'text-anchor': 'middle', 'dominant-baseline': 'central', fill: s.color, ...extra,
  }, value);
  face.append(svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: '#fffdf7', stroke: '#666' }));
  // Corners: top left, and the same turned round at bottom right.
  for (const turn of ['', 'rotate(180 30 42)']) {
    const corner = svg('g', turn ? { transform: turn } : {});
    corner.append(text(8, 10, r.length > 1 ? 10 : 12, r, { 'font-weight': 'bold' }), text(8, 21, 10, s.symbol));
    face.append(corner);
  }
  if (PIPS[rank]) {
    for (const [x, y] of PIPS[rank]) face.append(text(x, y, 12, s.symbol));
  } else if (rank >= 11 && rank <= 13) {
    face.append(svg('rect', { x: 15, y: 15, width: 30, height: 54, rx: 3, fill: 'none', stroke: s.color }),
      text(30, 37, 22, r, { 'font-weight': 'bold', 'font-family': 'Georgia, serif' }), text(30, 56, 12, s.symbol));
  } else {
    face.append(text(30, 43, rank === 14 ? 30 : 22, rank === 14 ? s.symbol : r));
  }
  return face;
}

/**
 * A card. With `onClick` (or `disabled`) it is a button: `onClick(card)` plays it,
 * `disabled` dims it, `selected` marks it picked (aria-pressed). Without either it is
 * an image, for cards that are only shown. `label` overrides the spoken name.
 */
export function cardElement(card, { disabled = false, onClick, label, selected } = {}) {
  const name = label || cardName(card);
  if (!onClick && !disabled) return cardImage(card, name);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'card' + (disabled ? ' dimmed' : '') + (selected ? ' selected' : '');
  button.disabled = disabled || !onClick;
  button.setAttribute('aria-label', name);
  if (selected !== undefined) button.setAttribute('aria-pressed', String(Boolean(selected)));
  button.title = name;
  button.dataset.card = `${card.rank}-${card.suit}`;
  button.append(cardFace(card));
  if (onClick) button.addEventListener('click', () => onClick(card));
  return button;
}

/** A card that is only shown, not played: an image named for screen readers. */
export function cardImage(card, label = cardName(card)) {
  const span = document.createElement('span');
  span.className = 'card';
  span.setAttribute('role', 'img');
  span.setAttribute('aria-label', label);
  span.title = label;
  span.dataset.card = `${card.rank}-${card.suit}`;
  span.append(cardFace(card));
  return span;
}

/** The back of a card: another player's card, or one played face down. */
export function cardBack(label = 'face-down card') {
  const back = svg('svg', { viewBox: '0 0 60 84', class: 'face', 'aria-hidden': 'true' });
  back.append(
    svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: '#2c5d8f', stroke: '#123' }),
    svg('rect', { x: 6, y: 6, width: 48, height: 72, rx: 4, fill: 'none', stroke: '#9cc3e6', 'stroke-dasharray': '4 3' }),
    svg('path', { d: 'M30 26 L42 42 L30 58 L18 42 Z', fill: 'none', stroke: '#9cc3e6', 'stroke-width': 2 }));
  const wrap = document.createElement('span');
  wrap.className = 'card back';
  wrap.setAttribute('role', 'img');
  wrap.setAttribute('aria-label', label);
  wrap.append(back);
  return wrap;
}
