/**
 * Listening and graceful shutdown for an app built by createApp(deps): on SIGTERM/SIGINT stop accepting
 * connections, let in-flight requests finish (idle keep-alive sockets are closed so they do not hold the
 * server open), release resources, exit 0. If that takes longer than the bound, remaining sockets are
 * destroyed and the process exits 1, so an orchestrator never waits forever.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Logger } from 'winston';

export interface ServeOptions {
  app: RequestListener;
  port: number;
  host: string;
  logger: Logger;
  shutdownTimeoutMs: number;
  /** Releases what the app holds (store, data source); runs after the last request finished. */
  onShutdown: () => Promise<void>;
}

export function listen(app: RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/** A URL people can click: 0.0.0.0 / :: are bind-all addresses, not something to browse to. */
export function displayUrl(server: Server, host: string): string {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // Sockets that finish a response while we wait become idle; keep closing them until close completes.
    const sweeper = setInterval(() => server.closeIdleConnections(), 100);
    server.close(() => {
      clearInterval(sweeper);
      resolve();
    });
  });
}

export async function serve(options: ServeOptions): Promise<Server> {
  const { logger } = options;
  const server = await listen(options.app, options.port, options.host);
  const url = displayUrl(server, options.host);
  logger.info('listening', { url });
  // A parent that started this process with an IPC channel (root `npm start`) learns that this process,
  // and not another one on the same port, is the one listening.
  process.send?.({ type: 'askdata:listening', url });
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal, timeoutMs: options.shutdownTimeoutMs });
    const force = setTimeout(() => {
      logger.error('shutdown timed out; closing remaining connections');
      server.closeAllConnections();
      process.exit(1);
    }, options.shutdownTimeoutMs);
    force.unref();
    try {
      await closeServer(server);
      await options.onShutdown();
      logger.info('stopped');
      process.exit(0);
    } catch (error) {
      logger.error('shutdown failed', { error });
      process.exit(1);
    }
  };
  process.once('SIGTERM', (signal) => void stop(signal));
  process.once('SIGINT', (signal) => void stop(signal));
  return server;
}
