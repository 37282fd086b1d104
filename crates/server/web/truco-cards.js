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
