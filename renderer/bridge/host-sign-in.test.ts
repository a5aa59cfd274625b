// @vitest-environment happy-dom
// The page's half of the session secret: kept in this tab's sessionStorage (its origin includes
// the port, unlike a cookie's) and sent as a header on calls and as a subprotocol on the socket.
import { afterEach, describe, expect, it } from 'vitest';
import { EVENTS_PROTOCOL, SECRET_HEADER, SECRET_PROTOCOL_PREFIX } from '../../shared/ipc/host-auth.js';
import { sessionHeaders, socketProtocols } from './host-sign-in.js';

afterEach(() => sessionStorage.clear());

describe('the session secret on the page', () => {
  it('sends nothing before sign-in, and the kept secret after it', () => {
    expect(sessionHeaders()).toEqual({});
    expect(socketProtocols()).toEqual([EVENTS_PROTOCOL]);
    sessionStorage.setItem('sx-session-secret', 'ab'.repeat(32));
    expect(sessionHeaders()).toEqual({ [SECRET_HEADER]: 'ab'.repeat(32) });
    expect(socketProtocols()).toEqual([EVENTS_PROTOCOL, `${SECRET_PROTOCOL_PREFIX}${'ab'.repeat(32)}`]);
    // Nothing of it in localStorage, which other tabs of the origin share and which outlives the tab.
    expect(localStorage.length).toBe(0);
  });
});
