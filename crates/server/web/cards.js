// Playing cards drawn as SVG by parlor (no card art is copied): a corner rank and suit,
// a large suit in the middle. Cards are buttons, so they can be played with the keyboard;
// cards the rules do not allow now are dimmed and disabled.

const SUITS = {
  hearts: { symbol: '♥', color: '#c0392b', name: 'hearts' },
  diamonds: { symbol: '♦', color: '#c0392b', name: 'diamonds' },
  clubs: { symbol: '♣', color: '#1b1b1b', name: 'clubs' },
  spades: { symbol: '♠', color: '#1b1b1b', name: 'spades' },
};
const RANKS = { 11: 'J', 12: 'Q', 13: 'K', 14: 'A' };
const NAMES = { 11: 'jack', 12: 'queen', 13: 'king', 14: 'ace' };
const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The face of a card as an SVG element. */
export function cardFace({ rank, suit }) {
  const s = SUITS[suit];
  const r = RANKS[rank] || String(rank);
  const face = svg('svg', { viewBox: '0 0 60 84', class: 'face', 'aria-hidden': 'true' });
  face.append(
    svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: '#fffdf7', stroke: '#555' }),
    svg('text', { x: 6, y: 18, 'font-size': 15, 'font-weight': 'bold', fill: s.color }, r),
    svg('text', { x: 6, y: 32, 'font-size': 13, fill: s.color }, s.symbol),
    svg('text', { x: 30, y: 58, 'font-size': 30, 'text-anchor': 'middle', fill: s.color }, s.symbol));
  return face;
}

/** A card's name for people and screen readers. */
export function cardName({ rank, suit }) {
  return `${NAMES[rank] || rank} of ${SUITS[suit].name}`;
}

/** A card as a button; `onClick` plays it, `disabled` dims it. */
export function cardElement(card, { disabled = false, onClick, label } = {}) {
  const button = document.createElement('button');
  button.className = 'card' + (disabled ? ' dimmed' : '');
  button.disabled = disabled || !onClick;
  button.setAttribute('aria-label', label || cardName(card));
  button.dataset.card = `${card.rank}-${card.suit}`;
  button.append(cardFace(card));
  if (onClick) button.addEventListener('click', () => onClick(card));
  return button;
}

/** The back of a card (another player's, or a closed one). */
export function cardBack() {
  const back = svg('svg', { viewBox: '0 0 60 84', class: 'face back', role: 'img', 'aria-label': 'card back' });
  back.append(
    svg('rect', { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: '#2c5d8f', stroke: '#123' }),
    svg('rect', { x: 7, y: 7, width: 46, height: 70, rx: 4, fill: 'none', stroke: '#9cc3e6', 'stroke-dasharray': '4 3' }));
  const wrap = document.createElement('span');
  wrap.className = 'card back';
  wrap.append(back);
  return wrap;
}
