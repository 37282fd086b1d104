// The little Schieber Jass knowledge the page needs: which cards may be played now (so the
// others can be dimmed; the same rule as `legal_cards` in crates/jass/src/rules.rs, and
// the server's REJECT_CARD still has the last word), how to sort a hand, and names for
// cards and trumpf modes. Cards are the protocol's `{number: 6..14, color: "HEARTS"...}`.

export const COLORS = ['HEARTS', 'SPADES', 'DIAMONDS', 'CLUBS'];
const SYMBOL = { HEARTS: '♥', SPADES: '♠', DIAMONDS: '♦', CLUBS: '♣' };
const RANK = { 11: 'jack', 12: 'queen', 13: 'king', 14: 'ace' };
// A trump's place: 6 < 7 < 8 < 10 < Q < K < A < Nell (9) < Buur (J).
const TRUMP_ORDER = { 6: 0, 7: 1, 8: 2, 10: 3, 12: 4, 13: 5, 14: 6, 9: 7, 11: 8 };

export const sameCard = (a, b) => a.number === b.number && a.color === b.color;

/** `{rank, suit}` for cards.js. */
export const face = (c) => ({ rank: c.number, suit: c.color.toLowerCase() });

export function cardLabel(c) {
  return `${RANK[c.number] || c.number} of ${c.color.toLowerCase()}`;
}

/** The trump suit of a BROADCAST_TRUMPF mode, or null (obeabe, undeufe). */
export function trumpfOf(mode) {
  return mode && mode.mode === 'TRUMPF' ? mode.trumpfColor : null;
}

export function modeLabel(mode) {
  if (!mode) return 'not chosen yet';
  if (mode.mode === 'TRUMPF') return `trumpf ${SYMBOL[mode.trumpfColor]} ${mode.trumpfColor.toLowerCase()}`;
  if (mode.mode === 'OBEABE') return 'obeabe (top down)';
  if (mode.mode === 'UNDEUFE') return 'undeufe (bottom up)';
  return mode.mode.toLowerCase();
}

/** How many times a mode's points count with the multipliers on (the reference's rule). */
export function multiplier(data) {
  if (data.mode === 'OBEABE' || data.mode === 'UNDEUFE') return 3;
  return data.trumpfColor === 'SPADES' || data.trumpfColor === 'CLUBS' ? 2 : 1;
}

/**
 * Every choice a REQUEST_TRUMPF allows: `[label, CHOOSE_TRUMPF data]`; with
 * `multipliers`, the modes that count double or triple say so.
 */
export function trumpfChoices(pushed, multipliers = false) {
  const choices = COLORS.map((c) => [`${SYMBOL[c]} ${c[0]}${c.slice(1).toLowerCase()}`, { mode: 'TRUMPF', trumpfColor: c }]);
  choices.push(['Obeabe', { mode: 'OBEABE' }], ['Undeufe', { mode: 'UNDEUFE' }]);
  if (multipliers) {
    for (const choice of choices) {
      const times = multiplier(choice[1]);
      if (times > 1) choice[0] += ` (×${times})`;
    }
  }
  if (!pushed) choices.push(['Schiebe (partner chooses)', { mode: 'SCHIEBE' }]);
  return choices;
}

/**
 * The hand by suit (alternating colours), each suit low to high; once a trumpf is chosen
 * (`mode`), its suit comes first, in trump order (the Nell and the Buur highest).
 */
export function sortHand(hand, mode = null) {
  const trumpf = trumpfOf(mode);
  const suit = (c) => (c.color === trumpf ? -1 : COLORS.indexOf(c.color));
  const rank = (c) => (c.color === trumpf ? TRUMP_ORDER[c.number] : c.number);
  return [...hand].sort((a, b) => suit(a) - suit(b) || rank(a) - rank(b));
}

/**
 * The cards of `hand` that may be played onto `table` in `mode`: any card on an empty
 * table; else follow the led suit if you can, a trump is always allowed, and when trumpf
 * is led and your only trump is the Buur anything goes. When another suit was led, a
 * trump lower than one already on the table is refused unless you hold only trumps.
 */
export function legalCards(hand, table, mode) {
  if (!table.length) return hand.slice();
  const lead = table[0].color;
  const trumpf = trumpfOf(mode);
  const follow = hand.filter((c) => c.color === lead);
  const trumps = hand.filter((c) => c.color === trumpf);
  const buurOnly = trumpf === lead && follow.length === 1 && follow[0].number === 11;
  let legal = follow.length === 0 || buurOnly ? hand.slice() : hand.filter((c) => c.color === lead || c.color === trumpf);
  if (trumpf && lead !== trumpf && trumps.length < hand.length) {
    const onTable = table.filter((c) => c.color === trumpf).map((c) => TRUMP_ORDER[c.number]);
    if (onTable.length) {
      const highest = Math.max(...onTable);
      legal = legal.filter((c) => c.color !== trumpf || TRUMP_ORDER[c.number] > highest);
    }
  }
  return legal;
}
