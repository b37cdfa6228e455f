import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/app';

/**
 * A raw socket that sends `head`, then one byte of `drip` every 100 ms, until the server closes
 * it: what it answered and after how long.
 */
function slowClient(port: number, head: string, drip: string) {
  return new Promise<{ answer: string; ms: number }>((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const timer = setInterval(() => socket.write(drip), 100);
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, ms: Date.now() - started });
    });
    socket.write(head);
  });
}

describe('slow clients', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ requestTimeoutMs: 1000 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  it('answers a body sent a byte at a time 408 and closes it, within the bound', async () => {
    const { answer, ms } = await slowClient(
      port,
      'POST /api/users/login/ HTTP/1.1\r\nHost: shule\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100000\r\n\r\n{"username":"',
      '0',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // The bound (1 s) and Node's check of every connection's clock (each second).
    expect(ms).toBeGreaterThanOrEqual(900);
    expect(ms).toBeLessThan(4000);
  });

  it('answers headers that never end 408 and closes the connection', async () => {
    const { answer, ms } = await slowClient(port, 'GET /api/ HTTP/1.1\r\nHost: shule\r\n', 'X');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(4000);
  });

  it('closes a client that stops sending halfway through its body', async () => {
    const { answer, ms } = await slowClient(
      port,
      'POST /api/users/login/ HTTP/1.1\r\nHost: shule\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"username":',
      '',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(4000);
  });

  it('still answers a request sent at once', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/no-such-route/`);
    expect(res.status).toBe(404);
  });

  it('gives a whole request 120 s by default (a 5 MB photo on a slow phone link)', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).requestTimeoutMs).toBe(120_000);
    expect(loadConfig({ DATA_DIR: t.config.dataDir, REQUEST_TIMEOUT_SECONDS: '30' })).toMatchObject(
      { requestTimeoutMs: 30_000 },
    );
  });
});
