import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../shared/ipc/names.js';
import { allowOrigins, createDoor, type Handlers } from './ipc-door.js';

const APP = 'http://127.0.0.1:5000/index.html';

/** Handlers that echo their operation name, so routing is visible. */
function echoHandlers(): Handlers {
  return Object.fromEntries(OPERATION_NAMES.map((n) => [n, async () => ({ routed: n })])) as unknown as Handlers;
}

const door = createDoor({ handlers: echoHandlers(), isTrustedSender: allowOrigins(['http://127.0.0.1:5000']) });

describe('ipc door', () => {
  it('refuses a sender that is not the app', async () => {
    const r = await door.call({ url: 'https://evil.example/' }, 'containers.list', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'untrusted-sender' } });
    const r2 = await door.call({ url: 'http://127.0.0.1:5001/' }, 'containers.list', {});
    expect(r2.ok).toBe(false);
    const r3 = await door.call({ url: 'not a url' }, 'containers.list', {});
    expect(r3.ok).toBe(false);
  });

  it('refuses unknown operations, including prototype names', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString']) {
      const r = await door.call({ url: APP }, name, {});
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    }
  });

  it('refuses malformed payloads with a clear error naming the field', async () => {
    const r = await door.call({ url: APP }, 'items.details', { containerId: 'x', itemPath: 'a' });
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    if (!r.ok) expect(r.error.details).toContain('containerId');
    const extra = await door.call({ url: APP }, 'containers.list', { sneaky: true });
    expect(extra.ok).toBe(false);
    const wrongType = await door.call({ url: APP }, 'profiles.switch', { profileId: 42 });
    expect(wrongType.ok).toBe(false);
  });

  it('routes every contract operation to its handler', async () => {
    const valid: Record<string, unknown> = {
      'profiles.switch': { profileId: 'p1' },
      'profiles.remove': { profileId: 'p1' },
    };
    for (const name of OPERATION_NAMES) {
      const r = await door.call({ url: APP }, name, valid[name] ?? {});
      if (r.ok) expect(r.value).toEqual({ routed: name });
      else expect(r.error.code).toBe('invalid-argument'); // needs arguments: still refused at the door, not routed
    }
  });

  it('turns a thrown service error into data, and an unexpected one into a generic error', async () => {
    const handlers = {
      ...echoHandlers(),
      'containers.list': async () => {
        throw Object.assign(new Error('The organization is disabled.'), {
          code: 2006,
          status: 403,
          details: 'x',
          requestId: 'abc',
        });
      },
      'containers.create': async () => {
        throw new TypeError('boom at /secret/path');
      },
    } as Handlers;
    const logs: string[] = [];
    const d = createDoor({ handlers, isTrustedSender: () => true, log: (l) => logs.push(l) });
    const r = await d.call({ url: APP }, 'containers.list', {});
    expect(r).toMatchObject({ ok: false, error: { code: 2006, status: 403, requestId: 'abc', retryable: false } });
    const u = await d.call({ url: APP }, 'containers.create', { title: 'A study' });
    expect(u).toMatchObject({ ok: false, error: { code: 'internal', retryable: true } });
    expect(logs.join('\n')).toContain('boom');
  });

  it('tells a handler which window called (what ties open listings to it); a call without one is the shared window', async () => {
    const seen: unknown[] = [];
    const handlers = {
      ...echoHandlers(),
      'items.listClose': async (_args: unknown, caller: unknown) => {
        seen.push(caller);
        return null;
      },
    } as unknown as Handlers;
    const d = createDoor({ handlers, isTrustedSender: () => true });
    await d.call({ url: APP, id: '7' }, 'items.listClose', { listingId: 'ab'.repeat(16) });
    await d.call({ url: APP }, 'items.listClose', { listingId: 'ab'.repeat(16) });
    expect(seen).toEqual([{ senderId: '7' }, { senderId: '' }]);
  });

  it("checks Electron's staged files like any call: sender, then schema", async () => {
    const staged: unknown[] = [];
    const d = createDoor({
      handlers: echoHandlers(),
      isTrustedSender: allowOrigins(['http://127.0.0.1:5000']),
      stage: (file) => {
        staged.push(file);
        return { ref: 'r1', name: 'a.pdf', size: file.size };
      },
    });
    const file = { path: '/home/u/a.pdf', relativePath: 'a.pdf', size: 3 };
    expect(await d.stage({ url: 'https://evil.example/' }, file)).toMatchObject({
      ok: false,
      error: { code: 'untrusted-sender' },
    });
    const wrong = await d.stage({ url: APP }, { ...file, size: '3' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'invalid-argument' } });
    if (!wrong.ok) expect(wrong.error.details).toContain('size');
    expect(await d.stage({ url: APP }, { ...file, extra: 1 })).toMatchObject({ ok: false });
    expect(staged).toEqual([]);
    expect(await d.stage({ url: APP }, file)).toEqual({ ok: true, value: { ref: 'r1', name: 'a.pdf', size: 3 } });
    expect(staged).toEqual([file]);
  });

  it('accepts file:// pages only under the allowed folder', () => {
    const check = allowOrigins(['file:///opt/app/renderer/']);
    expect(check({ url: 'file:///opt/app/renderer/index.html' })).toBe(true);
    expect(check({ url: 'file:///tmp/evil.html' })).toBe(false);
  });

  it('accepts the app:// page and no other custom-scheme page (their origins are all "null")', () => {
    const check = allowOrigins(['app://study-exchange/index.html']);
    expect(check({ url: 'app://study-exchange/index.html' })).toBe(true);
    expect(check({ url: 'app://study-exchange/assets/x.js' })).toBe(true);
    for (const url of [
      'evil://study-exchange/index.html',
      'app://other/index.html',
      'chrome-extension://abc/index.html',
      'data:text/html,x',
      'about:blank',
    ]) {
      expect(check({ url }), url).toBe(false);
    }
  });
});

describe('expected failures below the door', () => {
  it('keep their kind and message (a wrong PKCS#12 password is not an internal error)', async () => {
    const { KeyImportError } = await import('../services/keys/key-import.js');
    const handlers = {
      ...echoHandlers(),
      'profiles.importPkcs12': async () => {
        throw new KeyImportError('wrong-password', 'The password of the PKCS#12 file is wrong.');
      },
    } as Handlers;
    const d = createDoor({ handlers, isTrustedSender: () => true });
    const r = await d.call({ url: APP }, 'profiles.importPkcs12', {
      name: 'x',
      environment: 'test',
      baseUrl: 'http://localhost:1',
      organizationId: '0'.repeat(32),
      pkcs12File: 'a'.repeat(32),
      password: 'nope',
    });
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'wrong-password', message: 'The password of the PKCS#12 file is wrong.', retryable: false },
    });
    if (!r.ok) expect(r.error.explanation).toContain('nothing was saved');
  });
});
