// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../shared/ipc/names.js';
import { createBrowserBridge, takeToken } from './browser-bridge.js';

afterEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('takeToken', () => {
  it('takes the token from the fragment once, keeps it in sessionStorage and clears the address bar', () => {
    history.replaceState(null, '', '/index.html?x=1#token=abc123');
    expect(takeToken(location, sessionStorage, history)).toBe('abc123');
    expect(location.hash).toBe('');
    expect(location.pathname + location.search).toBe('/index.html?x=1');
    // A reload: no fragment any more, the session still knows the token.
    expect(takeToken(location, sessionStorage, history)).toBe('abc123');
  });

  it('has no token on a fresh session without a fragment', () => {
    expect(takeToken(location, sessionStorage, history)).toBeUndefined();
  });
});

describe('createBrowserBridge', () => {
  it('has exactly one function per contract operation, plus on and stageFile', () => {
    const bridge = createBrowserBridge({ origin: 'http://127.0.0.1:9', token: 't' }) as unknown as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([...OPERATION_NAMES, 'on', 'stageFile'].sort());
    for (const name of OPERATION_NAMES) expect(typeof bridge[name]).toBe('function');
  });

  it('turns an unreachable host into a retryable failure instead of throwing', async () => {
    const bridge = createBrowserBridge({ origin: 'http://127.0.0.1:9', token: 't' });
    const result = await bridge['containers.list']({});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('network');
      expect(result.error.retryable).toBe(true);
    }
  });
});
