import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, connectionsPerAddress } from '../app';
import type { Database } from '../db/client';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { addressMatcher, normalizeAddress } from './connection-cap';

/** What a raw connection received until the server closed it (or `deadlineMs` passed). */
interface Outcome {
  data: string;
  closedByServer: boolean;
}

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Waits for the server to close the socket; gives up (and closes it) after a generous deadline. */
function outcome(socket: Socket, deadlineMs = 10_000): Promise<Outcome> {
  return new Promise((resolve) => {
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('error', () => {});
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ data, closedByServer: false });
    }, deadlineMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve({ data, closedByServer: true });
    });
  });
}

let database: Database;
const apps: FastifyInstance[] = [];
async function listen(overrides: Parameters<typeof testConfig>[0]) {
  const app = await buildApp({ config: testConfig(overrides), database, logger: false });
  apps.push(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

describe('slow clients are cut off', () => {
  let port: number;
  beforeAll(async () => {
    port = await listen({
      REQUEST_TIMEOUT_MS: 400,
      HEADERS_TIMEOUT_MS: 200,
      KEEP_ALIVE_TIMEOUT_MS: 200,
    });
  });

  /** Sends `start`, then `drip` every 50 ms: the server must answer 408 and close the socket. */
  async function expectCutOff(start: string, drip: string) {
    const socket = await open(port);
    const result = outcome(socket);
    socket.write(start);
    const trickle = setInterval(() => {
      if (!socket.destroyed) socket.write(drip);
    }, 50);
    const { data, closedByServer } = await result;
    clearInterval(trickle);
    expect(closedByServer).toBe(true);
    expect(data).toMatch(/^HTTP\/1\.1 408/);
  }

  it('a body that trickles in gets 408 and the connection closes', async () => {
    await expectCutOff(
      'POST /api/auth/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"n',
      'a',
    );
  });

  it('headers that never end get 408 and the connection closes', async () => {
    await expectCutOff('GET /api/health HTTP/1.1\r\nHost: x\r\n', 'X-A: b\r\n');
  });

  it('an idle keep-alive connection is closed after its answer', async () => {
    const socket = await open(port);
    const result = outcome(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const { data, closedByServer } = await result;
    expect(data).toMatch(/^HTTP\/1\.1 200/);
    expect(closedByServer).toBe(true);
  });
});

describe('connections per address', () => {
  let port: number;
  /** The server's ends of the connections, in the order accepted. */
  const accepted: Socket[] = [];
  beforeAll(async () => {
    port = await listen({ MAX_CONNECTIONS_PER_IP: 3 });
    // After the cap's own listener: by the time one of these sockets reports its close, the cap
    // has counted it.
    apps.at(-1)?.server.on('connection', (socket: Socket) => accepted.push(socket));
  });

  it('destroys the connections of one address past the cap, and accepts again once one closes', async () => {
    const held = [await open(port), await open(port), await open(port)];
    const refused = await open(port).catch(() => null);
    if (refused) {
      const result = await outcome(refused);
      expect(result).toEqual({ data: '', closedByServer: true });
    }
    // The server has seen all four connections by now; wait for it to see the first one close.
    const first = accepted.find((socket) => socket.remotePort === held[0]?.localPort);
    expect(first).toBeDefined();
    const closed = new Promise((r) => first?.once('close', r));
    held[0]?.destroy();
    await closed;
    const socket = await open(port);
    const result = outcome(socket);
    socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const served = (await result).data;
    expect(served).toMatch(/^HTTP\/1\.1 200/);
    // The two still held were never affected.
    for (const socket of held.slice(1)) {
      const result = outcome(socket);
      socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect((await result).data).toMatch(/^HTTP\/1\.1 200/);
    }
  });
});

describe('connection cap settings', () => {
  it('defaults to 128 per address, off behind a hop count of proxies, and as configured', () => {
    expect(connectionsPerAddress({ TRUST_PROXY: false })).toBe(128);
    expect(connectionsPerAddress({ TRUST_PROXY: 1 })).toBe(0);
    expect(connectionsPerAddress({ TRUST_PROXY: ['10.0.0.0/8'] })).toBe(128);
    expect(connectionsPerAddress({ TRUST_PROXY: 1, MAX_CONNECTIONS_PER_IP: 500 })).toBe(500);
  });

  it('matches proxy addresses and blocks, IPv4-mapped peers included', () => {
    const isProxy = addressMatcher(['10.0.0.0/8', '::1/128', '192.0.2.7']);
    expect(isProxy(normalizeAddress('::ffff:10.1.2.3'))).toBe(true);
    expect(isProxy('::1')).toBe(true);
    expect(isProxy('192.0.2.7')).toBe(true);
    expect(isProxy('192.0.2.8')).toBe(false);
    expect(isProxy('')).toBe(false);
  });
});
