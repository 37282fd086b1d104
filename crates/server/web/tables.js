// Shared by the four-seat table games (jass.js, mahjong.js). Those pages redraw their
// whole view on every server message, which is simple but would throw away the keyboard
// focus; `redraw` puts it back on the control with the same `data-key`. Seats are placed
// around the table from the viewer's point of view, in play order.

import { el, fill } from '/common.js';

const POSITIONS = ['bottom', 'right', 'top', 'left'];

/** Where `seat` sits as `viewer` sees it: the viewer at the bottom, the next player right. */
export function position(seat, viewer) {
  return POSITIONS[(((seat - viewer) % 4) + 4) % 4];
}

/**
 * Replaces the children of `root` with `view`, keeping the focus on the control with the
 * same `data-key`; when the focus is lost and `preferred` (selectors, tried in order) is
 * given, the first enabled match gets it (a new prompt: what to do next has the focus).
 */
export function redraw(root, view, preferred) {
  const active = document.activeElement;
  const key = active && root.contains(active) ? active.dataset.key : undefined;
  fill(root, view);
  let target = key ? root.querySelector(`[data-key="${CSS.escape(key)}"]`) : null;
  const lost = !document.activeElement || document.activeElement === document.body;
  if ((!target || target.disabled) && preferred && lost) {
    // A selector list is tried in its order (the first choice first), not document order.
    for (const selector of preferred.split(',')) {
      target = [...root.querySelectorAll(selector)].find((b) => !b.disabled);
      if (target) break;
    }
  }
  if (target && !target.disabled) target.focus({ preventScroll: true });
}

/**
 * Paces a connection's lines for the eye: each goes to `handle` in order, but after a
 * line for which `holdFor(line)` gives a time in milliseconds (the end of a round, of a
 * hand), the next ones wait that long, so the last cards played and the result stay on
 * the table long enough to read. Only the page waits: the server, the other players and
 * bots go on at their pace, and a line sent meanwhile is read when the hold ends.
 */
export function paced(handle, holdFor) {
  const queue = [];
  let until = 0;
  let timer = null;
  const pump = () => {
    timer = null;
    while (queue.length) {
      const wait = until - Date.now();
      if (wait > 0) { timer = setTimeout(pump, wait); return; }
      const line = queue.shift();
      handle(line);
      // `parlor.hold` = `0` in the browser's storage turns the holds off (the browser
      // tests that play whole games set it).
      const hold = localStorage.getItem('parlor.hold') === '0' ? 0 : holdFor(line);
      if (hold > 0) until = Date.now() + hold;
    }
  };
  return (line) => { queue.push(line); if (!timer) pump(); };
}

/** A row of buttons: `[label, handler, key?]`; each gets a `data-key` (focus survives redraws). */
export function actionRow(actions, attrs = {}) {
  return el('div', { class: 'actions', ...attrs }, actions.map(([label, handler, key]) =>
    el('button', { type: 'button', onclick: handler, 'data-key': key || 'act-' + label }, label)));
}

/** A small labelled tag next to a name (`bot`, `you`, `riichi`...). */
export function badge(text, kind = '') {
  return el('span', { class: 'badge ' + kind }, text);
}

/** The last `limit` protocol messages, for a collapsible "Messages" panel. */
export function wireLog(limit = 60) {
  const lines = [];
  const pre = el('pre', { class: 'log', 'aria-live': 'off' });
  const panel = el('details', { class: 'wire' }, el('summary', {}, 'Protocol messages'), pre);
  return {
    panel,
    add(line) {
      lines.push(line);
      if (lines.length > limit) lines.shift();
      pre.textContent = lines.join('\n');
    },
  };
}
