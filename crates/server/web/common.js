// Shared by every page of parlor's web client: the player's name (kept in the browser),
// the WebSocket to a game's own protocol (`/ws/<protocol>`, one protocol message per
// text frame, exactly what a TCP client sends and gets, without line ends), a tiny DOM
// builder, the page header, and the error banner every server error is shown in.
// Pages re-render from their state on every message; `fill` keeps the keyboard focus.

/** The name the player chose on the home page (or "guest"). */
export function playerName() {
  return (localStorage.getItem('parlor.name') || 'guest').trim() || 'guest';
}

export function setPlayerName(name) {
  localStorage.setItem('parlor.name', String(name).trim());
}

/**
 * Builds an element: `el('button', { class: 'x', onclick }, 'text', child...)`.
 * `on*` attributes become listeners; false, null and undefined attributes and children
 * are left out; `true` gives an empty attribute (`disabled: true`).
 */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Finds, in `root`, the element that stands for `node` after a re-render: the same id,
 * data-key or aria-label, or else the same kind of element with the same text. */
function counterpart(root, node) {
  const tag = node.tagName.toLowerCase();
  if (node.id) return root.querySelector(`#${CSS.escape(node.id)}`);
  if (node.dataset.key) return root.querySelector(`[data-key="${CSS.escape(node.dataset.key)}"]`);
  const label = node.getAttribute('aria-label');
  if (label) return root.querySelector(`${tag}[aria-label="${CSS.escape(label)}"]`);
  const text = node.textContent;
  return [...root.querySelectorAll(tag)].find((n) => n.textContent === text) || null;
}

/**
 * Replaces the children of `node`. If the focus was inside it, the new element standing
 * for the focused one gets it back, so keyboard players do not lose their place when
 * the page re-renders.
 */
export function fill(node, ...children) {
  const active = document.activeElement;
  const inside = active && active !== document.body && node.contains(active) ? active : null;
  node.replaceChildren();
  append(node, children);
  if (!inside) return;
  const again = counterpart(node, inside);
  if (!again) return;
  again.focus({ preventScroll: true });
  // A text field redrawn while someone types in it keeps its caret where it was.
  if (inside.tagName === 'INPUT' && again.tagName === 'INPUT' && again.value === inside.value) {
    try { again.setSelectionRange(inside.selectionStart, inside.selectionEnd); } catch { /* not a text field */ }
  }
}

/**
 * Re-renders `root` with `render()`, then guides the keyboard: a dialog that just
 * appeared (a raise to answer, a swap) gets the focus, and so does the first playable
 * card (in `#my-hand`) when your turn just came and the focus was nowhere in particular.
 * The focus is never taken from a text field (someone typing in the chat).
 */
export function renderGuided(root, render) {
  const dialogId = (d) => (d ? d.id || 'dialog' : null);
  const dialogBefore = dialogId(root.querySelector('[role=dialog]'));
  const playableBefore = Boolean(root.querySelector('#my-hand button.card:not(:disabled)'));
  render();
  const active = document.activeElement;
  const free = !active || active === document.body || (root.contains(active) && active.tagName !== 'INPUT');
  if (!free) return;
  const dialog = root.querySelector('[role=dialog]');
  if (dialog && dialogId(dialog) !== dialogBefore) {
    dialog.querySelector('button:not(:disabled)')?.focus();
  } else if (!playableBefore && (!active || active === document.body || !root.contains(active))) {
    root.querySelector('#my-hand button.card:not(:disabled)')?.focus({ preventScroll: true });
  }
}

/** The page's top bar: a link home, the title, the player's name. */
export function header(title) {
  const bar = el('header', { class: 'top' },
    el('a', { href: '/', class: 'home' }, 'parlor'),
    el('h1', {}, title),
    el('span', { class: 'who', title: 'your name (change it on the home page)' }, playerName()));
  document.body.prepend(bar);
  return bar;
}

/** Shows a server error (or any problem) in words, until dismissed or 20 s pass. */
export function showError(text) {
  banner(text, 'error');
}

/** Shows news that is not a problem (someone left, a CPU took a seat) the same way. */
export function showNotice(text) {
  banner(text, 'error notice');
}

/**
 * Coming back to a seat by reloading the page, for up to a minute after the connection
 * dropped mid-game (on a cluster, another node carries the table on within seconds): the
 * reloaded page says hello as it always does, which takes the seat back. `key` keeps the
 * minute's end across reloads in this tab; the notice says what is going on meanwhile.
 */
export function reloadingBack(key) {
  const comingBack = 'The connection dropped: coming back to your seat…';
  const coming = () => Number(sessionStorage.getItem(key) || 0) > Date.now();
  if (coming()) showNotice(comingBack);
  return {
    /** Whether this tab is coming back now. */
    coming,
    /** Tries again in a second (the minute counted from the first try). */
    retry() {
      if (!coming()) sessionStorage.setItem(key, String(Date.now() + 60_000));
      showNotice(comingBack);
      setTimeout(() => location.reload(), 1000);
    },
    /** No more trying (the connection closed for good, or it is over). */
    stop() {
      sessionStorage.removeItem(key);
      dismiss(comingBack);
    },
    /** Back in the seat (`gone` unset), or the game is gone (`gone` says so), if this
     * tab was coming back. */
    done(gone) {
      if (!coming()) return;
      this.stop();
      if (gone) showError(gone);
      else showNotice('Back in your seat after the connection dropped.');
    },
  };
}

/** Takes down a message shown with `text`, once what it said is over. */
export function dismiss(text) {
  const box = document.getElementById('errors');
  for (const shown of box ? [...box.children] : []) if (shown.firstChild?.textContent === text) shown.remove();
}

function banner(text, kind) {
  let box = document.getElementById('errors');
  if (!box) {
    box = el('div', { id: 'errors', role: 'alert', 'aria-live': 'assertive' });
    document.body.append(box);
  }
  // The same message again replaces the one shown: refusals never pile up.
  dismiss(text);
  const item = el('div', { class: kind }, el('span', {}, text),
    el('button', { class: 'dismiss', 'aria-label': 'dismiss this message', onclick: () => item.remove() }, '×'));
  box.append(item);
  // A phone shows the newest two, a desktop four.
  const most = matchMedia('(max-width: 600px)').matches ? 2 : 4;
  while (box.children.length > most) box.firstChild.remove();
  setTimeout(() => item.remove(), 20000);
}

/**
 * This tab's seat token: a random secret the server ties to the seats this tab sits
 * in, so that a reload (or a lost connection) takes the seat back, also while the old
 * connection still seems open, and nobody else can (the server never shows it).
 */
function seatToken() {
  const KEY = 'parlor.seat-token';
  let token = sessionStorage.getItem(KEY);
  if (!token) {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    token = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    sessionStorage.setItem(KEY, token);
  }
  return token;
}

/**
 * Opens the game's WebSocket. `onMessage(text)` gets each protocol message, `onOpen()`
 * runs once connected, `onClose(event)` when the server or the network ends it (the
 * CloseEvent says whether the server closed it normally: code 1000).
 * Returns `{ send(text), close() }`; sending while not connected shows an error.
 */
export function connect(protocol, { onMessage, onOpen, onClose } = {}) {
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  const ws = new WebSocket(scheme + location.host + '/ws/' + protocol + '?token=' + seatToken());
  let closing = false;
  ws.addEventListener('open', () => onOpen && onOpen());
  ws.addEventListener('message', (e) => onMessage && onMessage(String(e.data)));
  ws.addEventListener('close', (e) => { if (!closing && onClose) onClose(e); });
  // Leaving the page is not a lost connection.
  addEventListener('pagehide', () => { closing = true; });
  return {
    send(text) {
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
      else showError('Not connected to the server: reload the page to try again.');
    },
    close() { closing = true; ws.close(); },
  };
}

/** A row of action buttons: `[[label, handler, extra attributes?], ...]`. */
export function buttons(actions) {
  return el('div', { class: 'actions' },
    actions.filter(Boolean).map(([label, handler, attrs]) => el('button', { type: 'button', onclick: handler, ...attrs }, label)));
}
