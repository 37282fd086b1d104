// The miniTruco page's tables in the style of today's miniTruco app: a public table of a
// mode (anyone may join it) or a private one (only those given its 5-digit code), made
// when asked for. Such a table is reached on its own WebSocket to /ws/minitruco, which
// speaks the app's dialect of the protocol: the first line, `B <build>`, tells the
// server so (docs/protocols/minitruco.md, "Today's app"). This module keeps
// that connection (echoing the server's keep-alive `K`), the table's seats, mode and
// code, and draws the "Play with friends" part of the lounge and the table before a
// game. The game itself is drawn by the page's own game view: the app's game lines are
// handed to it in the 2008 form it reads, which differs only in that the app names the
// opener first in `M` and adds a number (for the app's speech balloons) to `T`, `D`,
// `C`, `H`, `G` and `A`; both are dropped here.

import { buttons, connect, el, playerName, showError, showNotice } from '/common.js';
import { paced } from '/tables.js';

// The app build this page says it is (5 digits, newer than the oldest the server takes).
const BUILD = '30000';
const MODE_KEY = 'parlor.minitruco.mode';

/** The four modes, by the letter the protocol uses. */
export const MODES = {
  P: 'Paulista',
  M: 'Mineiro',
  V: 'Manilha velha (fixed manilhas)',
  L: 'Baralho limpo (24-card clean deck)',
};

/**
 * What a hand is worth in `mode`, as the game view needs it: the value a hand starts
 * at, the next value of each raise, the score of the hand of 11 (10 in Mineiro), what
 * that hand is worth when played and what the other team scores when it is given up,
 * the deck (for the manilha in words), and whether a raise is allowed when a team is at
 * that score (never in these modes).
 */
export function rulesOf(mode) {
  if (mode === 'M') {
    return { start: 2, next: { 2: 4, 4: 6, 6: 10, 10: 12 }, x: 10, xWorth: 4, xRefused: 2, deck: 'dirty', raiseAtX: false };
  }
  return { start: 1, next: { 1: 3, 3: 6, 6: 9, 9: 12 }, x: 11, xWorth: 3, xRefused: 1, deck: mode === 'L' ? 'clean' : 'dirty', raiseAtX: false };
}

const ERRORS = {
  SI: 'No private table has that code, or it is full, or its game has started.',
  FS: 'You are not at a table.',
  CI: 'The server did not understand that command.',
};

// How many arguments of each game line the page reads: the app's speech-balloon number
// follows them.
const PHRASED = { T: 2, D: 2, C: 1, H: 2, G: 1 };
const team = (pos) => (pos % 2 === 1 ? 1 : 2);

/**
 * The app tables of the page. `page` lends what the game view owns:
 * `startGame(pos, names, cpu, rules)`, `gameLine(cmd, args)` (one game line in the 2008
 * form), `game()` (the game on show or null), `endGame()`, `note(text)` (the game's log),
 * `render()` and `holdAfter(line)` (how long the table stays as a line leaves it).
 */
export function appTables(page) {
  // While at a table: { link, seats, mode, pos, room, countdown, copied }.
  let table = null;
  const drafts = { mode: MODES[localStorage.getItem(MODE_KEY)] ? localStorage.getItem(MODE_KEY) : 'P', code: '' };

  /** Opens a connection in the app's dialect and asks for a table with `command` (`E ...`). */
  function enter(command) {
    if (table) return;
    const t = { seats: null, countdown: null, copied: false };
    t.link = connect('minitruco', {
      onOpen: () => {
        t.link.send('B ' + BUILD);
        t.link.send('N ' + playerName());
        t.link.send(command);
      },
      onMessage: paced((line) => receive(t, line), page.holdAfter),
      onClose: () => {
        if (t !== table) return;
        leave();
        showError('The connection to the table closed.');
        page.render();
      },
    });
    table = t;
    page.render();
  }

  /** Closes the table's connection and goes back to the lounge. */
  function leave() {
    if (!table) return;
    clearTimeout(table.countdown);
    table.link.close();
    table = null;
    page.endGame();
  }

  function receive(t, line) {
    if (t !== table) return;
    const [cmd, ...a] = line.split(' ');
    if (cmd === 'K') { t.link.send(line); return; } // keep-alive: echoed exactly
    // A full public table starts on its own unless something happens first, as in the app.
    clearTimeout(t.countdown);
    t.countdown = null;
    switch (cmd) {
      case 'N': break; // the name as the server cleaned it: the seats show it
      case 'I': seated(t, a); break;
      case 'S': leave(); break;
      case 'X':
        showError(ERRORS[a[0]] || `The server refused that (${line}).`);
        if (a[0] !== 'CI') leave(); // not at a table (any more)
        break;
      case '!': notice(a.slice(1).join(' ')); break;
      case 'P': {
        const names = t.seats.map((n, i) => (n === 'bot' ? `CPU${i + 1}` : n));
        page.startGame(Number(a[0]), names, t.seats.map((n) => n === 'bot'), rulesOf(t.mode));
        break;
      }
      case 'M': page.gameLine('M', a.slice(1)); break;
      case 'A': aborted(t, Number(a[0])); break;
      default:
        if (PHRASED[cmd]) page.gameLine(cmd, a.slice(0, PHRASED[cmd]));
        else if ('VJROF'.includes(cmd) && cmd.length === 1) page.gameLine(cmd, a);
    }
    page.render();
  }

  // `I <names> <mode> <pos> <room>`: the table outside a game (an `I` means none is on).
  function seated(t, a) {
    Object.assign(t, { seats: a[0].split('|'), mode: a[1], pos: Number(a[2]), room: a[3] });
    page.endGame();
    if (t.room === 'PUB' && t.pos === 1 && t.seats.every((n) => n !== 'bot')) {
      t.countdown = setTimeout(() => { if (t === table) t.link.send('Q'); }, 5000);
    }
  }

  // The server's notices are in Portuguese, as the app shows them; the one that comes
  // during a public game, `<name> saiu; bot🤖 entrou no lugar.` (someone left and a CPU
  // player took the seat), is said in English and marks that seat as a CPU player's.
  function notice(text) {
    const left = /^(.+) saiu; bot\S* entrou no lugar\.$/u.exec(text)?.[1];
    const words = left ? `${left} left: a CPU player took the seat.` : text;
    showNotice(words);
    const g = page.game();
    if (!g) return;
    page.note(words);
    const seats = g.names.map((n, i) => (n === left ? i : -1)).filter((i) => i >= 0);
    if (seats.length === 1) g.cpu[seats[0]] = true;
  }

  function aborted(t, pos) {
    const who = pos === t.pos ? 'You' : pos >= 1 && pos <= 4 ? page.game()?.names[pos - 1] || `Seat ${pos}` : 'The server';
    showNotice(`${who} stopped the game.`);
    page.endGame();
  }

  function send(text) {
    table?.link.send(text);
  }

  async function copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      table.copied = true;
    } catch {
      document.getElementById('share-link')?.select();
      showNotice('The browser did not let the page copy: the link is selected, copy it from there.');
    }
    page.render();
  }

  /** The "Play with friends" part of the lounge. */
  function lounge() {
    const choose = (e) => { drafts.mode = e.target.value; localStorage.setItem(MODE_KEY, drafts.mode); };
    const joinByCode = (e) => {
      e.preventDefault();
      const code = drafts.code.trim();
      if (/^[0-9]{5}$/.test(code)) enter('E PRI-' + code);
      else showError('A table code has 5 digits.');
    };
    return el('section', { id: 'friends', 'aria-labelledby': 'friends-title' },
      el('h2', { id: 'friends-title' }, 'Play with friends'),
      el('p', { class: 'hint' }, 'Tables as in today\'s miniTruco app: join a public table, or make a private one and give '
        + 'your friends its code. CPU players take the empty seats when the game starts.'),
      el('div', { class: 'name-row' },
        el('label', { for: 'app-mode' }, 'Mode'),
        el('select', { id: 'app-mode', onchange: choose },
          Object.entries(MODES).map(([k, name]) => el('option', { value: k, selected: k === drafts.mode }, name)))),
      buttons([
        ['Join a public table', () => enter('E PUB ' + drafts.mode), { 'data-key': 'public' }],
        ['New private table', () => enter('E PRI ' + drafts.mode), { 'data-key': 'private' }],
      ]),
      el('form', { class: 'name-row', onsubmit: joinByCode },
        el('label', { for: 'table-code' }, 'Code of a private table'),
        el('input', {
          id: 'table-code', value: drafts.code, inputmode: 'numeric', maxlength: 5, size: 6, placeholder: '12345',
          autocomplete: 'off', oninput: (e) => { drafts.code = e.target.value; },
        }),
        el('button', {}, 'Join private table')));
  }

  /** The table before (and between) games: seats, mode, the code to share, controls. */
  function room() {
    const t = table;
    if (!t.seats) {
      return el('section', { class: 'table', id: 'app-room' },
        el('h2', {}, 'Finding a table…'), buttons([['Cancel', () => { leave(); page.render(); }]]));
    }
    const code = t.room.startsWith('PRI-') ? t.room.slice(4) : null;
    const seat = (name, i) => {
      const pos = i + 1;
      const empty = name === 'bot';
      const partner = pos !== t.pos && team(pos) === team(t.pos) ? ' · your partner' : '';
      return el('div', { class: 'seat' + (pos === t.pos ? ' me' : ''), 'data-seat': pos },
        el('strong', {}, `Seat ${pos}: `, empty ? 'empty' : pos === t.pos ? `${name} (you)` : name),
        pos === 1 && !empty ? el('span', { class: 'badge manager' }, 'manager') : null,
        el('div', {}, `team ${team(pos)}${partner}`),
        empty ? el('div', { class: 'hint' }, 'a CPU player will sit here') : null);
    };
    const link = `${location.origin}/minitruco?code=${code}`;
    return el('section', { class: 'table', id: 'app-room' },
      el('h2', {}, code ? 'Private table' : 'Public table'),
      el('p', {}, `Mode: ${MODES[t.mode] || t.mode}. Team 1 is seats 1 and 3, team 2 seats 2 and 4.`),
      code ? el('div', { class: 'share', id: 'share' },
        el('div', {}, 'Code of this table ', el('strong', { class: 'table-code', id: 'private-code' }, code)),
        el('label', { for: 'share-link' }, 'Give your friends the code, or this link:'),
        el('div', { class: 'name-row' },
          el('input', { id: 'share-link', readonly: true, value: link, onfocus: (e) => e.target.select() }),
          el('button', { type: 'button', 'data-key': 'copy', onclick: () => copy(link) }, t.copied ? 'Copied' : 'Copy the link')))
        : el('p', { class: 'hint' }, 'Anyone who joins a public table of this mode may sit here.'),
      el('div', { class: 'seats' }, t.seats.map(seat)),
      t.pos === 1
        ? el('div', { role: 'group', 'aria-label': 'manager controls' },
          el('h3', {}, 'You manage this table'),
          buttons([
            ['Start the game', () => send('Q'), { class: 'primary', 'data-key': 'start' }],
            ['Rotate partners', () => send('R T'), { 'data-key': 'rotate' }],
            ['Swap opponents', () => send('R I'), { 'data-key': 'swap' }],
          ]))
        : el('p', { class: 'hint' }, `${t.seats[0]} (seat 1) manages this table and starts the game.`),
      t.countdown ? el('p', { class: 'status' }, 'The table is full: the game starts in a few seconds.') : null,
      buttons([['Leave the table', () => send('S'), { 'data-key': 'leave' }]]));
  }

  /** Opens the private table named by the page's address (`/minitruco?code=12345`). */
  function fromAddress() {
    const code = new URLSearchParams(location.search).get('code');
    if (code === null) return;
    history.replaceState(null, '', location.pathname);
    if (/^[0-9]{5}$/.test(code.trim())) enter('E PRI-' + code.trim());
    else showError('That link has no valid table code (5 digits).');
  }

  return {
    active: () => Boolean(table),
    send,
    lounge,
    room,
    fromAddress,
    /** The game's table, named for screen readers. */
    label: () => (table?.room?.startsWith('PRI-') ? `private table ${table.room.slice(4)}` : 'public table'),
    /** The buttons at the end of a game: `A` brings everyone back to the table. */
    afterGame: () => [
      ['Back to the room', () => send('A'), { class: 'primary', 'data-key': 'back' }],
      ['Leave the table', () => send('S'), { 'data-key': 'leave' }],
    ],
    /** The button to leave during a game: a private game stops; in a public one a CPU takes over. */
    leaveGame: () => (table?.room === 'PUB'
      ? ['Leave (a CPU player takes your seat)', () => {
        if (!confirm('A CPU player will play your cards. Leave?')) return;
        send('A');
        leave();
        page.render();
      }]
      : ['Stop the game (for everyone)', () => { if (confirm('Stopping ends the game for everyone. Stop it?')) send('A'); }]),
  };
}
