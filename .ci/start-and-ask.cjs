#!/usr/bin/env node
// @ts-check
/**
 * What a new user does after `npm install`, as one CI check: `npm start` in this checkout (on the Node and
 * npm first on PATH), then one question to each app, then SIGTERM to the npm process, which must exit and
 * leave both ports free. It proves on each Node line that the install built what the apps load (the native
 * SQLite driver above all), that the demo answers, and that npm forwards the stop to the servers.
 *
 * Plain Node with no dependencies: CI runs it on lines whose node_modules it has just installed, and a
 * failure here must name what failed, not a missing module. Exit 0 when everything held, 1 otherwise.
 */
'use strict';
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');

/** @returns {Promise<number>} a port free on 127.0.0.1 right now */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** @param {number} port @returns {Promise<boolean>} whether nothing listens there any more */
function portIsFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** @param {string} url @param {unknown} body @param {Record<string, string>} headers */
async function postJson(url, body, headers) {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: /** @type {Record<string, unknown>} */ (await response.json().catch(() => ({}))) };
}

async function main() {
  const ports = { v1: await freePort(), legacy: await freePort() };
  // Bounded: a first start generates the demo warehouse; a stop drains within SHUTDOWN_TIMEOUT_MS (10 s).
  const startLimitMs = Number(process.env.CI_START_LIMIT_MS ?? 300_000);
  const stopLimitMs = Number(process.env.CI_STOP_LIMIT_MS ?? 30_000);
  const npm = spawn('npm', ['start'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(ports.v1), LEGACY_PORT: String(ports.legacy), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  npm.stdout.on('data', (chunk) => (output += chunk.toString()));
  npm.stderr.on('data', (chunk) => (output += chunk.toString()));
  const exited = new Promise((resolve) => npm.on('exit', (code, signal) => resolve({ code, signal })));
  /** @type {string[]} */
  const failures = [];
  try {
    const startedAt = Date.now();
    while (!/ask-legacy:\s+http/.test(output) || !/dev key:\s+\S+/.test(output)) {
      if (npm.exitCode !== null) throw new Error(`npm start exited (${npm.exitCode}) before it served both apps`);
      if (Date.now() - startedAt > startLimitMs) throw new Error(`npm start did not print both apps' addresses within ${startLimitMs} ms`);
      await sleep(200);
    }
    const key = /dev key:\s+(\S+)/.exec(output)?.[1] ?? '';
    const question = 'How many orders are there?';
    const v1 = await postJson(`http://127.0.0.1:${ports.v1}/api/v1/conversations/answer`, { question, context: { orgId: 1 } }, { Authorization: `Bearer ${key}` });
    if (v1.status !== 200 || typeof v1.body.message !== 'string') failures.push(`api-v1 answered ${v1.status}: ${JSON.stringify(v1.body).slice(0, 300)}`);
    else console.log(`api-v1 (${ports.v1}): ${v1.body.message}`);
    const legacy = await postJson(`http://127.0.0.1:${ports.legacy}/ask`, { question, conversationId: 'ci-1', requestContext: { userId: 'u-1', orgId: 1 } }, {});
    if (legacy.status !== 200 || typeof legacy.body.message !== 'string') failures.push(`ask-legacy answered ${legacy.status}: ${JSON.stringify(legacy.body).slice(0, 300)}`);
    else console.log(`ask-legacy (${ports.legacy}): ${legacy.body.message}`);
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
  }
  npm.kill('SIGTERM');
  const stopped = await Promise.race([exited, sleep(stopLimitMs).then(() => null)]);
  if (stopped === null) failures.push(`npm start was still running ${stopLimitMs} ms after SIGTERM`);
  for (const [name, port] of Object.entries(ports)) {
    if (!(await portIsFree(port))) failures.push(`port ${port} (${name}) was still held after npm start exited`);
  }
  if (failures.length > 0) {
    console.log(output.split('\n').slice(-40).join('\n'));
    for (const failure of failures) console.log(`start-and-ask: ${failure}`);
    process.exit(1);
  }
  console.log('start-and-ask: both apps answered, and SIGTERM to npm freed both ports');
}

main().catch((error) => {
  console.log(`start-and-ask: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
