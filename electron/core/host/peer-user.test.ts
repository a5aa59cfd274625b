// The browser host answers only programs of its own user: on Linux the peer socket's owner comes
// from /proc/net/tcp{,6}. A real connection made by another user (uid 65534, started as root
// does here) is refused before any header is looked at.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoor, type Handlers } from '../ipc-door.js';
import { startBrowserHost, type BrowserHost } from './browser-host.js';
import { peerUid, procAddress, socketOwner } from './peer-user.js';

let dir: string;
let host: BrowserHost;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sx-peer-'));
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>app</title>');
  host = await startBrowserHost({
    door: createDoor({ handlers: {} as Handlers, isTrustedSender: () => false }),
    rendererDir: dir,
    stagingDir: join(dir, 'staging'),
  });
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
});

/** GET / from a node run as `uid`: the status line it read, or what ended the connection. */
function getAs(uid: number | undefined): Promise<string> {
  const script = `const s=require('net').connect(${host.port},'127.0.0.1',()=>s.write('GET / HTTP/1.1\\r\\nHost: 127.0.0.1:${host.port}\\r\\nConnection: close\\r\\n\\r\\n'));let t='';s.on('data',d=>t+=d);s.on('close',()=>{process.stdout.write(t.split('\\r\\n')[0]||'closed')});s.on('error',e=>process.stdout.write('error '+e.code))`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      ...(uid !== undefined ? { uid, gid: uid } : {}),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', () => resolve(out));
  });
}

describe('peer user', () => {
  it('writes addresses as /proc/net/tcp does: 32-bit words in the machine order, the port in hex', () => {
    expect(procAddress('127.0.0.1', 8080, true)).toBe('0100007F:1F90');
    expect(procAddress('127.0.0.1', 8080, false)).toBe('7F000001:1F90');
    expect(procAddress('::1', 1, true)).toBe('00000000000000000000000001000000:0001');
    expect(procAddress('::ffff:127.0.0.1', 443, true)).toBe('0000000000000000FFFF00000100007F:01BB');
  });

  it('finds the owner of the socket with that pair of ends', () => {
    const table = [
      '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
      '   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1 1',
      '   1: 0100007F:D431 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 2 1',
    ].join('\n');
    expect(socketOwner(table, '0100007F:D431', '0100007F:1F90')).toBe(1000);
    expect(socketOwner(table, '0100007F:D432', '0100007F:1F90')).toBeUndefined();
  });

  it('finds this user as the owner of its own connection', async () => {
    const socket = createConnection(host.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    // From the client's side the peer is the host: this process again.
    expect(await peerUid(socket)).toBe(process.getuid!());
    socket.destroy();
  });

  it("answers this user's programs and refuses another user's connection", async () => {
    expect(await getAs(undefined)).toBe('HTTP/1.1 200 OK');
    expect(process.getuid!()).toBe(0); // root may start a program as another user
    expect(await getAs(65534)).toBe('HTTP/1.1 403 Forbidden');
  });
});
