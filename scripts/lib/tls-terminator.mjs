/**
 * A loopback stand-in for the TLS terminator a deployment puts in front of the server (DESIGN.md:
 * "served over HTTPS only behind a TLS terminator" — a load balancer, a CDN or nginx), for benchmarks
 * that should see what a borrower's browser sees: HTTPS with HTTP/2 (one connection, requests
 * multiplexed, headers compressed) to the terminator, plain HTTP/1.1 from it to the server.
 *
 * The certificate is made for 127.0.0.1 at start (`openssl`, a throwaway key in `dir`); a browser trusts
 * it through `--ignore-certificate-errors-spki-list=<spkiHash>`, which keeps its cache and connection
 * behaviour that of a valid certificate (a plain `--ignore-certificate-errors` would not cache).
 * Requests and answers only: no WebSocket upgrade (the measured pages open none).
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import path from 'node:path';

// Connection-level headers: meaningful for one hop only, and forbidden in HTTP/2 answers.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate(dir) {
  const key = path.join(dir, 'tls-key.pem');
  const cert = path.join(dir, 'tls-cert.pem');
  const request =
    'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=127.0.0.1';
  try {
    execFileSync(
      'openssl',
      [...request.split(' '), '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
      // openssl reports its progress on stderr: shown only when it fails.
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    throw new Error(
      `openssl could not make the certificate (apt-get install -y openssl): ${error.stderr ?? error}`,
    );
  }
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/**
 * Listens on `127.0.0.1:port` (HTTPS, HTTP/2 or HTTP/1.1 as the client offers) and forwards every
 * request to the plain-HTTP server at `127.0.0.1:upstreamPort`. Answers `{ origin, spkiHash, close }`.
 */
export async function startTlsTerminator({ port, upstreamPort, dir }) {
  const { key, cert } = selfSignedCertificate(dir);
  const spkiHash = createHash('sha256')
    .update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
  const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

  const server = http2.createSecureServer({ key, cert, allowHTTP1: true }, (request, response) => {
    const headers = { 'x-forwarded-proto': 'https' };
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = request.headers[':authority'] ?? request.headers.host;
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: upstreamPort,
        method: request.method,
        path: request.url,
        headers,
        agent: upstreamAgent,
      },
      (answer) => {
        const forwarded = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) forwarded[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, forwarded);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  // HTTP/2 sessions outlive their requests; closing the server waits for them, so they are ended too.
  const sessions = new Set();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    origin: `https://127.0.0.1:${port}`,
    spkiHash,
    close: () =>
      new Promise((resolve) => {
        upstreamAgent.destroy();
        server.close(() => resolve());
        for (const session of sessions) session.destroy();
      }),
  };
}
