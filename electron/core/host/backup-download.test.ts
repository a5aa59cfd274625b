// A key backup in the browser host counts once the browser has fetched the .p12 file whole, over
// the host's real HTTP: an offer fetched by nobody (or refused to a request without the session)
// leaves the profile "never backed up", and the fetch marks it backed up and tells the window.
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { EVENTS_PROTOCOL, SECRET_HEADER, SECRET_PROTOCOL_PREFIX } from '../../../shared/ipc/host-auth.js';
import type { ProfileView } from '../../../shared/ipc/views.js';
import { isBackedUp } from '../../services/keys/profile-backup.js';
import { ProfileStore } from '../../services/profiles/profiles.js';
import { startHostApp, type HostApp } from './main.js';

let dir: string;
const scrypt = process.env.STUDY_EXCHANGE_SCRYPT_LOG2N;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backup-download-'));
  process.env.STUDY_EXCHANGE_SCRYPT_LOG2N = '14';
});
afterAll(async () => {
  if (scrypt === undefined) delete process.env.STUDY_EXCHANGE_SCRYPT_LOG2N;
  else process.env.STUDY_EXCHANGE_SCRYPT_LOG2N = scrypt;
  await rm(dir, { recursive: true, force: true });
});

function http(
  app: HostApp,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: app.host.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The host on the data folder, signed in as the page is: its cookie, secret and a call through /api/call. */
async function open() {
  const app = await startHostApp({
    dataDir: join(dir, 'data'),
    rendererDir: dir,
    openBrowser: false,
    passphrase: 'backup download test',
  });
  const origin = app.host.origins[0]!;
  const signed = await http(
    app,
    'POST',
    '/api/session',
    { Origin: origin, 'Content-Type': 'application/json' },
    JSON.stringify({ code: app.host.code }),
  );
  const cookie = String((signed.headers['set-cookie'] as string[])[0]).split(';')[0]!;
  const secret = JSON.parse(signed.body.toString()).value.secret as string;
  const call = async <T>(name: string, args: unknown): Promise<T> => {
    const r = await http(
      app,
      'POST',
      `/api/call/${name}`,
      { Origin: origin, Cookie: cookie, [SECRET_HEADER]: secret, 'Content-Type': 'application/json' },
      JSON.stringify(args),
    );
    const answer = JSON.parse(r.body.toString());
    if (!answer.ok) throw new Error(JSON.stringify(answer.error));
    return answer.value as T;
  };
  const events: ProfileView[] = [];
  const socket = new WebSocket(
    `ws://127.0.0.1:${app.host.port}/api/events`,
    [EVENTS_PROTOCOL, SECRET_PROTOCOL_PREFIX + secret],
    { origin, headers: { Cookie: cookie } },
  );
  socket.on('message', (data) => {
    const { event, payload } = JSON.parse(String(data));
    if (event === 'profile.updated') events.push(payload);
  });
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { app, cookie, call, events, close: async () => (socket.close(), await app.close()) };
}

const lakeside = (profiles: ProfileView[]) => profiles.find((p) => p.name.endsWith('Lakeside University'))!;
/** As the data folder holds it (after the host closed, too). */
const storedBackedUp = async () =>
  isBackedUp((await new ProfileStore(join(dir, 'data')).list()).find((p) => p.name.endsWith('Lakeside University'))!);

describe('profiles.backup in the browser host', () => {
  it('is not backed up while the offer waits, nor when it goes unfetched', async () => {
    const h = await open();
    try {
      const site = lakeside(await h.call<ProfileView[]>('profiles.list', {}));
      const answer = await h.call<{ profile: ProfileView; download: string }>('profiles.backup', {
        profileId: site.id,
        password: 'correct horse battery',
      });
      expect(answer.profile.backedUp).toBe(false);
      // A request without the page's session gets nothing, and marks nothing.
      expect((await http(h.app, 'GET', answer.download, {})).status).toBe(401);
      expect(lakeside(await h.call<ProfileView[]>('profiles.list', {})).backedUp).toBe(false);
    } finally {
      // Closing the host drops the offer unfetched, as its expiry does.
      await h.close();
    }
    expect(await storedBackedUp()).toBe(false);
  }, 120_000);

  it('is backed up once the browser fetched the whole file, and the window is told', async () => {
    const h = await open();
    try {
      const site = lakeside(await h.call<ProfileView[]>('profiles.list', {}));
      expect(site.backedUp).toBe(false);
      const answer = await h.call<{ profile: ProfileView; download: string }>('profiles.backup', {
        profileId: site.id,
        password: 'correct horse battery',
      });
      expect(answer.profile.backedUp).toBe(false);
      const fetched = await http(h.app, 'GET', answer.download, { Cookie: h.cookie });
      expect(fetched.status).toBe(200);
      expect(fetched.body.length).toBeGreaterThan(1000);
      // The host marks it just after the response ended.
      await vi.waitFor(() => expect(h.events.map((p) => [p.id, p.backedUp])).toEqual([[site.id, true]]));
      expect(lakeside(await h.call<ProfileView[]>('profiles.list', {})).backedUp).toBe(true);
      expect(await storedBackedUp()).toBe(true);
    } finally {
      await h.close();
    }
  }, 120_000);
});
