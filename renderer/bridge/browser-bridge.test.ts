// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '../../shared/ipc/names.js';
import { createBrowserBridge } from './browser-bridge.js';
import { takeCode } from './host-sign-in.js';

afterEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('takeCode', () => {
  it('takes the one-time code from the fragment, clears the address bar, and keeps nothing', () => {
    history.replaceState(null, '', '/index.html?x=1#token=abc123');
    expect(takeCode(location, history)).toBe('abc123');
    expect(location.hash).toBe('');
    expect(location.pathname + location.search).toBe('/index.html?x=1');
    // A reload has no code: the session cookie (HttpOnly, out of the page's reach) signs it in.
    expect(takeCode(location, history)).toBeUndefined();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });
});

describe('createBrowserBridge', () => {
  it('has exactly one function per contract operation, plus on and stageFile', () => {
    const bridge = createBrowserBridge({ origin: 'http://127.0.0.1:9' }) as unknown as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([...OPERATION_NAMES, 'on', 'stageFile'].sort());
    for (const name of OPERATION_NAMES) expect(typeof bridge[name]).toBe('function');
  });

  it('turns an unreachable host into a retryable failure instead of throwing', async () => {
    const bridge = createBrowserBridge({ origin: 'http://127.0.0.1:9' });
    const result = await bridge['containers.list']({});
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('network');
      expect(result.error.retryable).toBe(true);
    }
  });
});
