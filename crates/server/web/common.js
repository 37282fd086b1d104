// Shared by every page of parlor's web client: the player's name, the WebSocket to a
// game's own protocol (`/ws/<protocol>`, one protocol message per text frame), a tiny
// DOM builder, the page header, and the error banner every server error is shown in.

/** The name the player chose on the home page (or "guest"). */
export function playerName() {
  return (localStorage.getItem('parlor.name') || 'guest').trim() || 'guest';
}

export function setPlayerName(name) {
  localStorage.setItem('parlor.name', name.trim());
}

/** Builds an element: `el('button', { class: 'x', onclick }, 'text', child...)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else node.setAttribute(key, value === true ? '' : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
}

/** The page's top bar: title, a link home, the player's name. */
export function header(title) {
  const bar = el('header', { class: 'top' },
    el('a', { href: '/', class: 'home' }, 'parlor'),
    el('h1', {}, title),
    el('span', { class: 'who' }, playerName()));
  document.body.prepend(bar);
  return bar;
}

/** Shows a server error (or any problem) in words until dismissed. */
export function showError(text) {
  let box = document.getElementById('errors');
  if (!box) {
    box = el('div', { id: 'errors', role: 'alert' });
    document.body.append(box);
  }
  const item = el('div', { class: 'error' }, el('span', {}, text),
    el('button', { class: 'dismiss', 'aria-label': 'dismiss', onclick: () => item.remove() }, '×'));
  box.append(item);
  setTimeout(() => item.remove(), 15000);
}

/** Opens the game's WebSocket; `onMessage(text)` gets each protocol message. */
export function connect(protocol, { onMessage, onOpen, onClose } = {}) {
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  const ws = new WebSocket(scheme + location.host + '/ws/' + protocol);
  ws.addEventListener('open', () => onOpen && onOpen());
  ws.addEventListener('message', (e) => onMessage && onMessage(String(e.data)));
  ws.addEventListener('close', () => onClose && onClose());
  return {
    send(text) {
      if (ws.readyState === WebSocket.OPEN) ws.send(text);
      else showError('not connected to the server');
    },
    close() { ws.close(); },
  };
}

/** A row of action buttons: `[[label, handler], ...]`. */
export function buttons(actions) {
  return el('div', { class: 'actions' },
    actions.map(([label, handler]) => el('button', { onclick: handler }, label)));
}
