// @ts-check
/**
 * The apps root `npm start` runs and the ports they take, and the check that those ports are free, made
 * before `npm start` prints anything (scripts/start.cjs). Plain CommonJS, so it runs before any build.
 *
 * A port is tried the way the app will bind it (HOST, default 0.0.0.0). When it is taken, /healthz on it
 * says who holds it: askdata's apps answer with their name (`{"status":"ok","service":"askdata api-v1"}`),
 * anything else is named as another program.
 */
'use strict';
const net = require('node:net');

/**
 * @typedef {{ name: string, dir: string, defaultPort: number, portVariable: string, paths: string[] }} AppSpec
 * @typedef {{ app: AppSpec, port: number, holder: string }} TakenPort
 */

/** @type {AppSpec[]} */
const APPS = [
  { name: 'api-v1', dir: 'apps/api-v1', defaultPort: 3000, portVariable: 'PORT', paths: ['POST /api/v1/conversations/answer'] },
  { name: 'ask-legacy', dir: 'apps/ask-legacy', defaultPort: 3001, portVariable: 'LEGACY_PORT', paths: ['POST /ask'] },
];

/** Each app reads PORT; under root `npm start` each has its own variable (PORT, LEGACY_PORT), so both can be chosen at once. */
const portOf = (/** @type {AppSpec} */ app, env = process.env) => Number(env[app.portVariable] ?? app.defaultPort);

/**
 * Resolves with null when the port can be bound, or with the bind error's code (EADDRINUSE, EACCES).
 * @param {number} port @param {string} host
 * @returns {Promise<string | null>}
 */
function tryBind(port, host) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (/** @type {NodeJS.ErrnoException} */ error) => resolve(error.code ?? 'error'));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(null)));
  });
}

/**
 * Who answers /healthz on the port: "another askdata (askdata api-v1)" or "another program".
 * @param {number} port
 * @returns {Promise<string>}
 */
async function holderOf(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(3000) });
    const body = /** @type {unknown} */ (await res.json());
    const service = typeof body === 'object' && body !== null && 'service' in body ? String(body.service) : '';
    if (service.startsWith('askdata')) return `another askdata (its /healthz says "${service}")`;
  } catch {
    // No HTTP answer, or not JSON: not askdata.
  }
  return 'another program (it does not answer /healthz as askdata)';
}

/**
 * The apps' ports that cannot be bound, each with who holds it; empty when all are free.
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<TakenPort[]>}
 */
async function takenPorts(env = process.env) {
  const host = env.HOST || '0.0.0.0';
  const taken = await Promise.all(
    APPS.map(async (app) => {
      const port = portOf(app, env);
      const code = await tryBind(port, host);
      if (code === null) return null;
      const holder = code === 'EADDRINUSE' ? await holderOf(port) : `the system (${code})`;
      return { app, port, holder };
    }),
  );
  return taken.filter((entry) => entry !== null);
}

/** @param {TakenPort} taken */
const describeTaken = ({ app, port, holder }) =>
  `port ${port} (${app.name}, ${app.portVariable}) is taken by ${holder}; stop it, or choose another port with ${app.portVariable}=<port>`;

module.exports = { APPS, portOf, takenPorts, describeTaken };
