import { Agent, request } from 'node:http';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import { createTestApp } from '../test-app';
import { KEEP_ALIVE_TIMEOUT_MS } from './keep-alive';

/**
 * The agent the web's forward to the api uses: Next 16 proxies a rewrite through its compiled
 * httpxy, whose module-wide agent keeps sockets alive with no idle timeout of its own (and Node's
 * agent reads the server's `Keep-Alive: timeout=` hint only when the agent has a timeout).
 */
const forwarder = () => new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64 });

/** A Fastify server in a thread of its own, so its timers run while this thread is held. */
async function serve(keepAliveTimeout: number) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const app = require('fastify')();
     app.server.keepAliveTimeout = workerData; // as app.ts sets it
     // After each answer: how long the server lets the connection idle before closing it.
     app.addHook('onResponse', (request, reply, done) => {
       setImmediate(() => parentPort.postMessage({ idleTimer: request.raw.socket.timeout ?? 0 }));
       done();
     });
     app.post('/api/echo/', async (request) => ({ got: request.body }));
     app.get('/api/echo/', async () => ({ got: null }));
     app.listen({ host: '127.0.0.1', port: 0 }).then(() => parentPort.postMessage(app.server.address().port));`,
    { eval: true, workerData: keepAliveTimeout },
  );
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const idleTimer = () =>
    new Promise<number>((resolve) =>
      worker.once('message', (message: { idleTimer: number }) => resolve(message.idleTimer)),
    );
  return { port, idleTimer, stop: () => worker.terminate() };
}

function send(agent: Agent, port: number, method: string, body?: string) {
  return new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
    const outgoing = request(
      { agent, port, host: '127.0.0.1', method, path: '/api/echo/' },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, reused: outgoing.reusedSocket }),
        );
      },
    );
    outgoing.on('error', reject);
    if (body) outgoing.setHeader('content-type', 'application/json');
    outgoing.end(body);
  });
}

/**
 * Holds this thread (the web's event loop, busy rendering pages) for `ms`: the server's close of
 * the idle socket arrives, but nothing here reads it before the next request takes the socket.
 */
function hold(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const stops: (() => Promise<number>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('keep-alive between the web forwarder and the api', () => {
  it('a POST on a pooled connection the server closed while idle is reset (the race)', async () => {
    // Node's own default (5 s, plus its 1 s buffer), shortened: the server closes after 300 ms.
    // Node's default is 5 s (Fastify's 72 s), plus Node's 1 s buffer: here 2 s + 1 s (under 2 s
    // the server's Keep-Alive hint tells the agent not to pool the socket at all).
    const server = await serve(2_000);
    stops.push(server.stop);
    const agent = forwarder();
    const idle = server.idleTimer();
    expect((await send(agent, server.port, 'GET')).status).toBe(200);
    expect(await idle).toBe(3_000);
    hold(3_300);
    await expect(send(agent, server.port, 'POST', '{"a":1}')).rejects.toMatchObject({
      code: 'ECONNRESET',
    });
    agent.destroy();
  });

  it("the api never closes an idle connection first, so the forwarder's POST after a pause is answered", async () => {
    const server = await serve(KEEP_ALIVE_TIMEOUT_MS);
    stops.push(server.stop);
    const agent = forwarder();
    const idle = server.idleTimer();
    expect((await send(agent, server.port, 'GET')).status).toBe(200);
    // No idle timer (Fastify's default was 72 s + 1 s): whatever the pause, only the forwarder
    // closes its connections (its pool keeps at most 64 idle ones).
    expect(await idle).toBe(0);
    hold(3_300);
    expect(await send(agent, server.port, 'POST', '{"a":1}')).toEqual({
      status: 200,
      reused: true,
    });
    agent.destroy();
  });

  it('the api arms no idle timer on a kept-alive connection', async () => {
    const api = await createTestApp();
    stops.push(async () => (await api.close(), 0));
    const sockets: Socket[] = [];
    api.app.server.on('connection', (socket: Socket) => sockets.push(socket));
    await api.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = api.app.server.address() as { port: number };
    const agent = forwarder();
    const health = await new Promise<number>((resolve, reject) =>
      request({ agent, port, host: '127.0.0.1', path: '/api/health/' }, (response) => {
        response.resume();
        response.on('end', () => setImmediate(() => resolve(response.statusCode ?? 0)));
      })
        .on('error', reject)
        .end(),
    );
    expect(health).toBe(200);
    expect(sockets.map((socket) => socket.timeout ?? 0)).toEqual([0]);
    agent.destroy();
  }, 60_000); // a fresh api first: a PGlite opened under load
});
