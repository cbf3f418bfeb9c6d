/**
 * The benchmark's slow link: bytes arrive whole and in order, never sooner than the round trip, and
 * never faster than the bandwidth allows. Only lower bounds are asserted: a loaded machine may be slower
 * than the link it imitates, never faster.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startLinkShaper } from './link-shaper.mjs';

const listening = [];
afterEach(async () => {
  await Promise.all(listening.splice(0).map((close) => close()));
});

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  listening.push(() => new Promise((resolve) => server.close(() => resolve())));
  return server.address().port;
}

async function shaperTo(upstreamPort, options) {
  const shaper = await startLinkShaper({ port: 0, upstreamPort, ...options });
  listening.push(shaper.close);
  return shaper.port;
}

/** Connects to `port`, sends `chunks` one write each, and answers what came back and when it was all there. */
function exchange(port, chunks, expectedBytes) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const received = [];
    let length = 0;
    const socket = net.connect(port, '127.0.0.1', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    socket.on('data', (data) => {
      received.push(data);
      length += data.length;
      if (length >= expectedBytes) {
        socket.destroy();
        resolve({ body: Buffer.concat(received), elapsedMs: performance.now() - started });
      }
    });
    socket.on('error', reject);
  });
}

describe('startLinkShaper', () => {
  it('delivers every byte in order, a round trip later', async () => {
    const echo = net.createServer((socket) => socket.pipe(socket));
    const port = await shaperTo(await listen(echo), { rttMs: 120, downKbps: 100_000, upKbps: 100_000 });
    const chunks = Array.from({ length: 500 }, (_, i) => Buffer.from(`${i};`));
    const sent = Buffer.concat(chunks);

    const { body, elapsedMs } = await exchange(port, chunks, sent.length);

    expect(body.toString()).toBe(sent.toString());
    // Half the round trip each way; the connection's own set-up is not counted here.
    expect(elapsedMs).toBeGreaterThanOrEqual(120);
  });

  it('paces the way down to its bandwidth', async () => {
    const answer = Buffer.alloc(50_000, 'x');
    const server = net.createServer((socket) => socket.once('data', () => socket.end(answer)));
    // 800 kbit/s: 100 bytes a millisecond, so 50,000 bytes take at least half a second.
    const port = await shaperTo(await listen(server), { rttMs: 2, downKbps: 800, upKbps: 100_000 });

    const { body, elapsedMs } = await exchange(port, [Buffer.from('go')], answer.length);

    expect(body.length).toBe(answer.length);
    expect(elapsedMs).toBeGreaterThanOrEqual(500);
  });
});
