/**
 * A slow mobile link on loopback, for measuring what a browser actually sees rather than what
 * Lighthouse simulates: a TCP relay that holds every chunk for half the round trip in each direction
 * and paces each connection to a fixed bandwidth (defaults: Lighthouse's mobile profile, 150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up). It sits in front of the TLS terminator, so the handshake,
 * HTTP/2 and everything the browser does before and between requests pay the same delays.
 *
 * Userspace because the kernel's traffic shapers (tc netem) are not available on every CI or dev
 * machine. Chunks leave in arrival order: one queue and one timer per direction.
 */
import net from 'node:net';

/** One direction of one connection: `from`'s chunks reach `to` after `delayMs`, at most `bytesPerMs`. */
function relay(from, to, delayMs, bytesPerMs) {
  const queue = [];
  let lineFreeAt = 0;
  let timer = null;
  let ended = false;
  const drain = () => {
    timer = null;
    const now = performance.now();
    while (queue.length > 0 && queue[0].at <= now) {
      const { chunk } = queue.shift();
      if (!to.destroyed) to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(drain, queue[0].at - now);
    else if (ended && !to.destroyed) to.end();
  };
  from.on('data', (chunk) => {
    const now = performance.now();
    // The chunk is on the wire once the ones before it are; its last byte arrives `delayMs` later.
    lineFreeAt = Math.max(now, lineFreeAt) + chunk.length / bytesPerMs;
    queue.push({ chunk, at: lineFreeAt + delayMs });
    timer ??= setTimeout(drain, queue[0].at - now);
  });
  from.on('end', () => {
    ended = true;
    if (queue.length === 0 && !to.destroyed) to.end();
  });
}

/**
 * Listens on `127.0.0.1:port` (0: any free port) and relays every connection to
 * `127.0.0.1:upstreamPort` through the shaped link. Answers `{ port, close }`.
 */
export async function startLinkShaper({ port, upstreamPort, rttMs = 150, downKbps = 1638.4, upKbps = 750 }) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    // kbit/s to bytes per millisecond: × 1000 bits ÷ 8 bits ÷ 1000 ms.
    relay(client, upstream, rttMs / 2, upKbps / 8);
    relay(upstream, client, rttMs / 2, downKbps / 8);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
