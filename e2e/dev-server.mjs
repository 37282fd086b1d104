// A development helper, not used by the tests: serves the web client's files straight
// from crates/server/web/ (so a changed page needs no `cargo build`, as the real server
// builds them into the binary) and passes everything else — /healthz, the API and the
// /ws/<protocol> WebSockets — through to a running `parlor serve`.
//
//   node e2e/dev-server.mjs [port=8090] [backend=127.0.0.1:8080]
//   PARLOR_URL=http://127.0.0.1:8090 node e2e/minitruco.mjs

import http from 'node:http';
import net from 'node:net';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

const port = Number(process.argv[2] ?? 8090);
const [backHost, backPort] = (process.argv[3] ?? '127.0.0.1:8080').split(':');
const WEB = new URL('../crates/server/web/', import.meta.url).pathname;
const TYPES = { html: 'text/html; charset=utf-8', js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8' };

/** The web file for a path, as web.rs maps them (`/minitruco` is minitruco.html). */
function fileFor(path) {
  if (path === '/') return 'index.html';
  const name = path.slice(1);
  if (!/^[a-z0-9-]+(\.(js|css))?$/.test(name)) return null;
  return name.includes('.') ? name : name + '.html';
}

const server = http.createServer(async (req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  const file = fileFor(path);
  if (file) {
    try {
      const body = await readFile(join(WEB, file));
      res.writeHead(200, { 'content-type': TYPES[file.split('.').pop()], 'cache-control': 'no-cache' });
      res.end(body);
      return;
    } catch {
      // Not a web file: the backend answers.
    }
  }
  const back = http.request({ host: backHost, port: backPort, path: req.url, method: req.method, headers: req.headers },
    (answer) => { res.writeHead(answer.statusCode, answer.headers); answer.pipe(res); });
  back.on('error', (e) => { res.writeHead(502); res.end(String(e)); });
  req.pipe(back);
});

// WebSockets: replay the upgrade request to the backend and splice the two sockets.
server.on('upgrade', (req, socket, head) => {
  const back = net.connect(Number(backPort), backHost, () => {
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
    back.write(lines.join('\r\n') + '\r\n\r\n');
    if (head.length) back.write(head);
    back.pipe(socket);
    socket.pipe(back);
  });
  // One side gone (closed or reset): finish the other gracefully, so what it still has
  // buffered goes out first.
  for (const [one, other] of [[back, socket], [socket, back]]) {
    one.on('close', () => other.end());
    one.on('error', () => other.end());
  }
});

server.listen(port, '127.0.0.1', () => console.log(`web client from ${WEB} on http://127.0.0.1:${port}`));
