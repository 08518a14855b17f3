import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServerProcesses, type ServerProcess, startServerProcess } from './test/server-process.ts';

function start(dataDir: string, logLevel = 'warn'): Promise<ServerProcess> {
  return startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: logLevel });
}

/**
 * Sends complete sign-in requests (argon2 makes them take a while) on their own connections and waits
 * until the server is busy with them; `finish()` collects the raw responses.
 */
function slowRequests(port: number, count: number) {
  const body = JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' });
  const sockets = Array.from({ length: count }, () => {
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    socket.on('data', (d) => {
      response += d;
    });
    socket.on('error', () => {});
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(response)));
    const connected = new Promise<void>((resolve) => socket.on('connect', () => resolve()));
    return { socket, closed, connected };
  });
  return {
    send: async () => {
      for (const s of sockets) {
        await s.connected;
        s.socket.write(
          `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
      }
    },
    finish: () => Promise.all(sockets.map((s) => s.closed)),
  };
}

describe('server.ts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'mqr-server-'));
  });
  afterAll(async () => {
    killServerProcesses();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints its address, finishes a request in flight on SIGTERM, then exits 0 and frees DATA_DIR', {
    timeout: 90_000,
  }, async () => {
    const s = await start(dataDir, 'info');
    try {
      expect(s.output()).toMatch(/Maintenance QR is running at http:\/\/localhost:\d+/);
      expect(s.output()).toMatch(/Password: /); // first start: credentials printed once
      const health = await fetch(`http://127.0.0.1:${s.port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

      const count = (text: string) => s.output().split(text).length - 1;
      const before = count('"url":"/api/auth/login"');
      const inFlight = slowRequests(s.port, 3);
      await inFlight.send();
      // Wait until the server has started all three (argon2 keeps them busy for a while), then signal.
      const deadline = Date.now() + 20_000;
      while (count('"url":"/api/auth/login"') < before + 3) {
        if (Date.now() > deadline) throw new Error(`requests not seen:\n${s.output().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 2));
      }
      s.child.kill('SIGTERM');
      const responses = await inFlight.finish();
      for (const response of responses) expect(response).toMatch(/^HTTP\/1\.1 401 /);
      // At least one of them was answered after the shutdown had begun.
      const log = s.output();
      expect(log.lastIndexOf('"statusCode":401')).toBeGreaterThan(log.indexOf('shutting down'));
      // Not accepting new connections any more.
      await expect(fetch(`http://127.0.0.1:${s.port}/healthz`)).rejects.toThrow();
      expect(await s.exited).toBe(0);
      expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  it('starts again on the same data without printing credentials; a second signal forces exit 1', {
    timeout: 90_000,
  }, async () => {
    const s = await start(dataDir);
    try {
      expect(s.output()).not.toMatch(/Password: /);
      const second = await start(dataDir).catch((error: Error) => error);
      expect(String(second)).toMatch(/is using DATA_DIR/);

      const inFlight = slowRequests(s.port, 6);
      await inFlight.send();
      s.child.kill('SIGTERM');
      s.child.kill('SIGINT');
      expect(await s.exited).toBe(1);
      await inFlight.finish();
    } finally {
      s.child.kill('SIGKILL');
    }
  });
});
