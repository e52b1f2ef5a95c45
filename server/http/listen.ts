import type { Server as HttpServer } from 'node:http';
import { createSecureServer, type Http2SecureServer, type Http2ServerRequest, type Http2ServerResponse, type ServerHttp2Session } from 'node:http2';
import type { Socket } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * The server's listening socket (ADR 198). Without TLS it is Node's HTTP/1.1 server, for a proxy
 * that terminates TLS and speaks HTTP/2 to browsers (docs/deploy.md). With TLS_CERT_FILE and
 * TLS_KEY_FILE it is an HTTP/2 server that also answers HTTP/1.1 over TLS on the same port
 * (`allowHTTP1`), so a browser fetches a page's scripts over one connection without a proxy.
 *
 * Both answer the same three calls of the graceful shutdown: stop taking connections, close the
 * idle ones now (and each busy one once its last request is answered), cut what is left.
 */
export type Listener = {
  scheme: 'http' | 'https';
  /** Stops listening; `done` runs when every connection has closed. */
  close(done: () => void): void;
  /** Closes idle connections now, and each busy one once its requests are answered. */
  closeIdle(): void;
  /** Cuts every connection (the shutdown's time limit). */
  closeAll(): void;
};

type Options = {
  fetch: Parameters<typeof serve>[0]['fetch'];
  port: number;
  hostname: string;
  tls: { cert: Buffer; key: Buffer } | null;
  keepAliveTimeoutMs: number;
  onListening: (port: number) => void;
};

export function listen(options: Options): Listener {
  if (!options.tls) return listenHttp1(options);
  return listenHttp2(options, options.tls);
}

function listenHttp1(options: Options): Listener {
  const server = serve({ fetch: options.fetch, port: options.port, hostname: options.hostname }, (info) => options.onListening(info.port)) as unknown as HttpServer;
  // Idle keep-alive connections: longer than a balancer's idle timeout when one keeps connections (ADR 135).
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  server.headersTimeout = Math.max(server.headersTimeout, options.keepAliveTimeoutMs + 1000);
  return {
    scheme: 'http',
    close: (done) => server.close(() => done()),
    closeIdle: () => server.closeIdleConnections(),
    closeAll: () => server.closeAllConnections(),
  };
}

function listenHttp2(options: Options, tls: { cert: Buffer; key: Buffer }): Listener {
  const server = serve(
    {
      fetch: options.fetch,
      port: options.port,
      hostname: options.hostname,
      createServer: createSecureServer,
      serverOptions: { cert: tls.cert, key: tls.key, allowHTTP1: true },
    },
    (info) => options.onListening(info.port),
  ) as unknown as Http2SecureServer;

  // HTTP/2 sessions close gracefully with GOAWAY (streams in flight finish). HTTP/1.1 connections
  // over TLS have no idle list of their own here: count each one's open requests.
  const sessions = new Set<ServerHttp2Session>();
  const http1 = new Map<Socket, number>();
  let closing = false;
  server.on('session', (session: ServerHttp2Session) => {
    sessions.add(session);
    session.on('close', () => sessions.delete(session));
    if (closing) session.close();
  });
  server.on('secureConnection', (socket: Socket & { alpnProtocol?: string | false }) => {
    if (socket.alpnProtocol === 'h2') return;
    http1.set(socket, 0);
    socket.on('close', () => http1.delete(socket));
    socket.setTimeout(options.keepAliveTimeoutMs, () => {
      if (http1.get(socket) === 0) socket.end();
    });
  });
  server.on('request', (request: Http2ServerRequest, response: Http2ServerResponse) => {
    if (request.httpVersionMajor >= 2) return;
    const socket = request.socket as Socket;
    http1.set(socket, (http1.get(socket) ?? 0) + 1);
    response.on('close', () => {
      const open = (http1.get(socket) ?? 1) - 1;
      if (http1.has(socket)) http1.set(socket, open);
      if (closing && open === 0) socket.end();
    });
  });
  return {
    scheme: 'https',
    close: (done) => {
      closing = true;
      server.close(() => done());
    },
    closeIdle: () => {
      closing = true;
      for (const session of sessions) session.close();
      for (const [socket, open] of http1) if (open === 0) socket.end();
    },
    closeAll: () => {
      for (const session of sessions) session.destroy();
      for (const socket of http1.keys()) socket.destroy();
    },
  };
}
