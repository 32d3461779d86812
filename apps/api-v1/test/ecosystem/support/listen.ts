/** Serves an Express app on a free port of 127.0.0.1, for tests that need a real URL (the client, a browser). */
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface Listening {
  baseUrl: string;
  close(): Promise<void>;
}

export function listen(app: Express): Promise<Listening> {
  return new Promise((resolve, reject) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.closeAllConnections();
            server.close((error) => (error ? fail(error) : done()));
          }),
      });
    });
    server.on('error', reject);
  });
}
