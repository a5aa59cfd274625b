// The browser host keeps its port across restarts, so the page's origin (and what the page keeps
// in localStorage: column widths, the details pane) survives them.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostApp, type HostApp } from './main.js';

let dataDir: string;
const started: HostApp[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'sx-host-main-'));
  delete process.env.STUDY_EXCHANGE_PASSPHRASE; // locked: the host starts without opening the app core
});
afterEach(async () => {
  for (const app of started.splice(0)) await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function start(port?: number): Promise<string> {
  const app = await startHostApp({
    dataDir,
    rendererDir: dataDir,
    openBrowser: false,
    ...(port !== undefined ? { port } : {}),
  });
  started.push(app);
  return app.host.origins[0]!;
}

async function stop(): Promise<void> {
  await started.pop()!.close();
}

describe('browser host port', () => {
  it('listens on the port it used last, so the page keeps its origin across restarts', async () => {
    const first = await start();
    const port = new URL(first).port;
    expect(await readFile(path.join(dataDir, 'host-port'), 'utf8')).toBe(port);
    await stop();
    expect(await start()).toBe(first);
  });

  it('takes another port when the kept one is busy, and keeps that one', async () => {
    const first = await start();
    await stop();
    const squatter = createServer();
    await new Promise<void>((resolve) => squatter.listen(Number(new URL(first).port), '127.0.0.1', resolve));
    try {
      const second = await start();
      expect(second).not.toBe(first);
      expect(await readFile(path.join(dataDir, 'host-port'), 'utf8')).toBe(new URL(second).port);
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });

  it('a port given on the command line wins and is not kept', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    expect(await start(free)).toBe(`http://127.0.0.1:${free}`);
    await expect(readFile(path.join(dataDir, 'host-port'), 'utf8')).rejects.toThrow();
  });
});
