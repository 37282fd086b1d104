// mmj1 as the mahjong page reads and writes it, and the few hints it shows. Messages are
// words and counted strings (`N:DATA`, N counted in UTF-8 bytes, so the line is read as
// bytes). The hints only decide which buttons to offer (a hand that has a winning shape
// gets "Tsumo" or "Ron", two matching tiles "Pon", a tenpai hand "Riichi"...): the server still decides what is
// legal (yaku, furiten, riichi...) and rejects the rest with its reason.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** One message as its words (lower case) and counted strings (`{ text }`). */
export function tokens(line) {
  const b = encoder.encode(line);
  const out = [];
  let i = 0;
  while (i < b.length) {
    while (i < b.length && b[i] <= 32) i++;
    if (i >= b.length) break;
    let j = i;
    while (j < b.length && b[j] >= 48 && b[j] <= 57) j++;
    if (j > i && b[j] === 58) {
      const n = Number(decoder.decode(b.subarray(i, j)));
      out.push({ text: decoder.decode(b.subarray(j + 1, j + 1 + n)) });
      i = j + 1 + n;
      continue;
    }
    while (j < b.length && b[j] > 32) j++;
    out.push(decoder.decode(b.subarray(i, j)).toLowerCase());
    i = j;
  }
  return out;
}

/** A counted string for a client message. */
export const counted = (text) => `${encoder.encode(text).length}:${text}`;

/** An mmj1 number (`25000.`, `-100.`). */
export const number = (word) => parseFloat(String(word));

/** The kind of a tile: a red five is a five. */
export const kindOf = (t) => (/^[cdb]0$/.test(t) ? t[0] + '5' : t);

const KINDS = ['c', 'd', 'b'].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => s + n))
  .concat(['we', 'ws', 'ww', 'wn', 'dw', 'dg', 'dr']);
const TERMINALS = new Set(['c1', 'c9', 'd1', 'd9', 'b1', 'b9', 'we', 'ws', 'ww', 'wn', 'dw', 'dg', 'dr']);

/** Tiles in display order (suits, then winds and dragons; a red five after the plain ones). */
export function sortTiles(tiles) {
  const rank = (t) => KINDS.indexOf(kindOf(t)) * 2 + (t[1] === '0' ? 1 : 0);
  return [...tiles].sort((a, b) => rank(a) - rank(b));
}

function counts(tiles) {
  const c = new Array(KINDS.length).fill(0);
  for (const t of tiles) {
    const i = KINDS.indexOf(kindOf(t));
    if (i < 0) return null;
    c[i] += 1;
  }
  return c;
}

/** Whether the counts split into sets (triplets, and runs within a suit). */
function sets(c) {
  const i = c.findIndex((n) => n > 0);
  if (i < 0) return true;
  if (c[i] >= 3) {
    c[i] -= 3;
    const ok = sets(c);
    c[i] += 3;
    if (ok) return true;
  }
  if (i < 27 && i % 9 <= 6 && c[i + 1] && c[i + 2]) {
    c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1;
    const ok = sets(c);
    c[i] += 1; c[i + 1] += 1; c[i + 2] += 1;
    if (ok) return true;
  }
  return false;
}

/**
 * Whether the concealed `tiles` (3n + 2 of them; melds are already set aside) have a
 * winning shape: sets and a pair, seven pairs, or thirteen orphans. Says nothing of yaku.
 */
export function winningShape(tiles) {
  const c = counts(tiles);
  if (!c || tiles.length % 3 !== 2) return false;
  if (tiles.length === 14) {
    if (c.filter((n) => n === 2).length === 7) return true;
    const orphans = KINDS.filter((k) => TERMINALS.has(k));
    if (orphans.every((k) => c[KINDS.indexOf(k)] >= 1) && c.reduce((a, n, i) => a + (TERMINALS.has(KINDS[i]) ? n : 0), 0) === 14) return true;
  }
  for (let i = 0; i < c.length; i++) {
    if (c[i] < 2) continue;
    c[i] -= 2;
    const ok = sets(c);
    c[i] += 2;
    if (ok) return true;
  }
  return false;
}

/**
 * The tiles of a 14-tile (3n + 2) concealed hand whose discard leaves it one tile from a
 * winning shape (tenpai): the discards a riichi declaration can go with.
 */
export function tenpaiDiscards(tiles) {
  const result = new Set();
  for (const t of new Set(tiles)) {
    const rest = [...tiles];
    rest.splice(rest.indexOf(t), 1);
    if (KINDS.some((k) => winningShape([...rest, k]))) result.add(t);
  }
  return result;
}

/** How many different terminals and honours `tiles` hold (nine or more may abort the hand). */
export const terminalKinds = (tiles) => new Set(tiles.map(kindOf).filter((k) => TERMINALS.has(k))).size;

/** Tiles of `hand` of the same kind as `t`. */
export const sameKind = (hand, t) => hand.filter((h) => kindOf(h) === kindOf(t));

/**
 * The chi (run) claims `hand` allows on the numbered tile `t`: pairs of tiles from the
 * hand, each distinct pair of faces once (a red five and a plain one differ).
 */
export function chiOptions(hand, t) {
  if (!/^[cdb][0-9]$/.test(t)) return [];
  const suit = t[0];
  const n = Number(kindOf(t)[1]);
  const faces = (m) => [...new Set(hand.filter((h) => h[0] === suit && kindOf(h) === suit + m))];
  const options = [];
  for (const [a, b] of [[n - 2, n - 1], [n - 1, n + 1], [n + 1, n + 2]]) {
    if (a < 1 || b > 9) continue;
    for (const x of faces(a)) for (const y of faces(b)) options.push([x, y]);
  }
  return options;
}
