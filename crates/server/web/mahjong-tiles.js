// Mahjong tiles drawn as SVG by parlor (no tile art or font is needed, so they look the
// same on every machine): dots as coloured circles, bamboo as sticks, characters as a
// numeral, winds as their letter, the red dragon as a boxed stroke, the green as a sprig,
// the white as an empty frame. Red fives are red. Names are mmj1's (`c5`, `d0`, `we`,
// `dr`, `?` for a face not shown); every tile carries a spoken name.

import { el } from '/common.js';

const SVG = 'http://www.w3.org/2000/svg';
const INK = { b: '#1d4f91', g: '#23804a', r: '#c0392b', k: '#1b1b1b' };
const SUIT = { c: 'characters', d: 'dots', b: 'bamboo' };
const WIND = { e: 'east', s: 'south', w: 'west', n: 'north' };
const DRAGON = { r: 'red', g: 'green', w: 'white' };

// Pip centres in the 30 x 40 face, and each pip's colour, per count.
const DOTS = {
  1: [[15, 20]], 2: [[15, 11], [15, 29]], 3: [[8, 9], [15, 20], [22, 31]],
  4: [[9, 11], [21, 11], [9, 29], [21, 29]], 5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]],
  6: [[10, 9], [20, 9], [10, 20], [20, 20], [10, 31], [20, 31]],
  7: [[7, 7], [15, 11], [23, 15], [10, 24], [20, 24], [10, 33], [20, 33]],
  8: [[10, 7], [20, 7], [10, 15.7], [20, 15.7], [10, 24.3], [20, 24.3], [10, 33], [20, 33]],
  9: [[8, 9], [15, 9], [22, 9], [8, 20], [15, 20], [22, 20], [8, 31], [15, 31], [22, 31]],
};
const DOT_INK = { 1: 'r', 2: 'gb', 3: 'brg', 4: 'bggb', 5: 'bgrgb', 6: 'ggrrrr', 7: 'gggrrrr', 8: 'bbbbbbbb', 9: 'bbbrrrggg' };
const DOT_SIZE = { 1: 8, 2: 5.5, 3: 4.5, 4: 4.5, 5: 4.2, 6: 4.2, 7: 3.5, 8: 3.4, 9: 3.5 };
const STICKS = {
  2: [[15, 12], [15, 28]], 3: [[15, 12], [10, 28], [20, 28]], 4: [[10, 12], [20, 12], [10, 28], [20, 28]],
  5: [[9, 10], [21, 10], [15, 20], [9, 30], [21, 30]], 6: [[8, 12], [15, 12], [22, 12], [8, 28], [15, 28], [22, 28]],
  7: [[15, 8], [8, 20], [15, 20], [22, 20], [8, 32], [15, 32], [22, 32]],
  8: [[6, 12], [12, 12], [18, 12], [24, 12], [6, 28], [12, 28], [18, 28], [24, 28]],
  9: [[8, 8], [15, 8], [22, 8], [8, 20], [15, 20], [22, 20], [8, 32], [15, 32], [22, 32]],
};
const STICK_INK = { 2: 'gb', 3: 'bgg', 4: 'gbbg', 5: 'ggrgg', 6: 'gggbbb', 7: 'rgggggg', 8: 'gbbggbbg', 9: 'grggrggrg' };

function svg(tag, attrs, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Whether `t` names a numbered tile (`c1`-`c9`, `d0`-`d9`, `b0`-`b9`). */
export const numbered = (t) => /^[cdb][0-9]$/.test(t);

/** A tile's spoken name: "red 5 of dots", "east wind", "hidden tile". */
export function tileName(t) {
  if (!t || t === '?') return 'hidden tile';
  if (numbered(t)) return `${t[1] === '0' ? 'red 5' : t[1]} of ${SUIT[t[0]]}`;
  if (t[0] === 'w') return `${WIND[t[1]]} wind`;
  return `${DRAGON[t[1]]} dragon`;
}

function pips(face, t) {
  const n = t[1] === '0' ? 5 : Number(t[1]);
  const red = t[1] === '0';
  if (t[0] === 'd') {
    DOTS[n].forEach(([x, y], i) => {
      const ink = INK[red ? 'r' : DOT_INK[n][i]];
      const r = DOT_SIZE[n];
      face.append(svg('circle', { cx: x, cy: y, r, fill: 'none', stroke: ink, 'stroke-width': r > 5 ? 2.2 : 1.6 }),
        svg('circle', { cx: x, cy: y, r: r / 2.6, fill: ink }));
    });
  } else if (t[0] === 'b' && n === 1) {
    face.append(svg('rect', { x: 12.5, y: 6, width: 5, height: 28, rx: 2.5, fill: INK.g }),
      svg('circle', { cx: 15, cy: 9, r: 3.2, fill: INK.r }),
      svg('line', { x1: 12.5, y1: 20, x2: 17.5, y2: 20, stroke: '#fff', 'stroke-width': 1 }));
  } else if (t[0] === 'b') {
    STICKS[n].forEach(([x, y], i) => {
      face.append(svg('rect', { x: x - 1.8, y: y - 5, width: 3.6, height: 10, rx: 1.6, fill: INK[red ? 'r' : STICK_INK[n][i]] }),
        svg('line', { x1: x - 1.8, y1: y, x2: x + 1.8, y2: y, stroke: '#fff', 'stroke-width': 0.7 }));
    });
  } else {
    face.append(svg('text', { x: 15, y: 22, 'font-size': 17, 'font-weight': 'bold', 'text-anchor': 'middle', fill: red ? INK.r : INK.b, 'font-family': 'serif' }, String(n)),
      svg('text', { x: 15, y: 34, 'font-size': 7.5, 'text-anchor': 'middle', fill: INK.r, 'font-family': 'sans-serif', 'letter-spacing': 0.5 }, 'MAN'));
  }
  if (red) face.append(svg('circle', { cx: 25.5, cy: 4.5, r: 2, fill: INK.r }));
}

function honour(face, t) {
  if (t[0] === 'w') {
    face.append(svg('text', { x: 15, y: 28, 'font-size': 21, 'font-weight': 'bold', 'text-anchor': 'middle', fill: INK.k, 'font-family': 'serif' }, t[1].toUpperCase()));
  } else if (t[1] === 'r') {
    face.append(svg('rect', { x: 7.5, y: 13, width: 15, height: 11, fill: 'none', stroke: INK.r, 'stroke-width': 2.6 }),
      svg('line', { x1: 15, y1: 6, x2: 15, y2: 34, stroke: INK.r, 'stroke-width': 2.6 }));
  } else if (t[1] === 'g') {
    face.append(svg('line', { x1: 15, y1: 7, x2: 15, y2: 34, stroke: INK.g, 'stroke-width': 2 }));
    for (const [y, s] of [[12, 1], [19, 1.2], [26, 1.4]]) {
      face.append(svg('ellipse', { cx: 15 - 4 * s, cy: y, rx: 4 * s, ry: 2, fill: INK.g, transform: `rotate(-25 ${15 - 4 * s} ${y})` }),
        svg('ellipse', { cx: 15 + 4 * s, cy: y, rx: 4 * s, ry: 2, fill: INK.g, transform: `rotate(25 ${15 + 4 * s} ${y})` }));
    }
  } else {
    face.append(svg('rect', { x: 6, y: 7, width: 18, height: 26, rx: 1, fill: 'none', stroke: INK.b, 'stroke-width': 2 }),
      svg('rect', { x: 9, y: 10, width: 12, height: 20, fill: 'none', stroke: INK.b, 'stroke-width': 0.8 }));
  }
}

/** The SVG drawing of a tile (its back for `?`). */
export function tileSvg(t) {
  const face = svg('svg', { viewBox: '0 0 30 40', 'aria-hidden': 'true', focusable: 'false' });
  if (!t || t === '?') {
    face.append(svg('rect', { x: 0.5, y: 0.5, width: 29, height: 39, rx: 4, fill: '#d9822b', stroke: '#7a4210' }),
      svg('rect', { x: 3.5, y: 3.5, width: 23, height: 33, rx: 3, fill: 'none', stroke: '#f4c38a', 'stroke-width': 1 }));
    return face;
  }
  face.append(svg('rect', { x: 0.5, y: 0.5, width: 29, height: 39, rx: 4, fill: '#fffdf4', stroke: '#8a8470' }));
  if (numbered(t)) pips(face, t);
  else honour(face, t);
  return face;
}

/**
 * A tile as a button (with `onClick`, disabled when it is null) or as an image.
 * Options: `size` ('' | 'small' | 'mini'), `sideways` (a riichi discard), `drawn`, `label`.
 */
export function tileElement(t, { onClick, size = '', sideways = false, drawn = false, label, key } = {}) {
  const cls = ['mj-tile', size, sideways && 'sideways', drawn && 'drawn', t === '?' && 'back'].filter(Boolean).join(' ');
  const name = label || tileName(t);
  if (onClick !== undefined) {
    return el('button', { type: 'button', class: cls, 'aria-label': name, title: name, 'data-tile': t, 'data-key': key,
      disabled: !onClick, onclick: onClick ? () => onClick(t) : undefined }, tileSvg(t));
  }
  return el('span', { class: cls, role: 'img', 'aria-label': name, title: name, 'data-tile': t }, tileSvg(t));
}
