// Truco's card notation (both Truco protocols): rank then suit letter, `4c`, `Qe`,
// `10o`; suits o (ouros, diamonds), e (espadas, spades), c (copas, hearts), p (paus,
// clubs), ranks A 2-10 Q J K.

const SUIT = { o: 'diamonds', e: 'spades', c: 'hearts', p: 'clubs' };
const RANK = { A: 14, K: 13, J: 11, Q: 12 };

/** `{rank, suit}` for a card code, or null. */
export function parseCard(code) {
  const m = /^(10|[2-9AKJQ])([oecp])$/i.exec(code || '');
  if (!m) return null;
  const r = m[1].toUpperCase();
  return { rank: RANK[r] || Number(r), suit: SUIT[m[2].toLowerCase()], code };
}

// The ranks of each deck, weakest first (before manilhas): the manilha is the rank after
// the vira's, going round to the first after the last.
const DECKS = {
  dirty: [4, 5, 6, 7, 12, 11, 13, 14, 2, 3],
  clean: [12, 11, 13, 14, 2, 3],
  full: [4, 5, 6, 7, 8, 9, 10, 12, 11, 13, 14, 2, 3],
};
const RANK_LETTER = { 14: 'A', 13: 'K', 12: 'Q', 11: 'J' };

/** Which cards are the manilhas, in words: after `vira` in `deck` ('dirty', 'clean' or
 * 'full'), or the four fixed ones when there is no vira (the old manilha). */
export function manilhaText(vira, deck) {
  if (!vira) return 'manilhas: 4 of clubs, 7 of hearts, A of spades, 7 of diamonds';
  const order = DECKS[deck];
  const rank = order[(order.indexOf(vira.rank) + 1) % order.length];
  return `manilhas: the ${RANK_LETTER[rank] || rank}s`;
}
