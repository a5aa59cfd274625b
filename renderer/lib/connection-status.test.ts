import { describe, expect, it } from 'vitest';
import { appError } from '../test-support/fixtures.js';
import { connectionStatus } from './connection-status.js';

const ok = { ok: true };

describe('connectionStatus', () => {
  it('is unknown before the first check and fine when all pass', () => {
    expect(connectionStatus(undefined, true).level).toBe('unknown');
    expect(connectionStatus({ ping: ok, site: ok, sirb: ok, clockSkewSeconds: 2 }, true)).toMatchObject({
      level: 'ok',
      label: 'Connected',
    });
  });

  it('says offline when ping fails', () => {
    const s = connectionStatus(
      {
        ping: { ok: false, error: appError({ code: 'tls', explanation: 'No route.' }) },
        site: { ok: false },
        sirb: { ok: false },
      },
      false,
    );
    expect(s).toMatchObject({ level: 'error', label: 'Offline' });
    expect(s.message).toBe('The exchange cannot be reached. No route.');
  });

  it('says once that the exchange was not reached when the error itself says so', () => {
    const explanation = 'The exchange could not be reached. Check the network and try again.';
    const s = connectionStatus(
      {
        ping: { ok: false, error: appError({ code: 'network', explanation }) },
        site: { ok: false },
        sirb: { ok: false },
      },
      false,
    );
    expect(s.message).toBe(explanation);
    expect(connectionStatus({ ping: { ok: false }, site: { ok: false }, sirb: { ok: false } }, false).message).toBe(
      'The exchange cannot be reached. Check the network connection.',
    );
  });

  it('names how far the clock is off before blaming the key', () => {
    const s = connectionStatus({ ping: ok, site: { ok: false }, sirb: { ok: false }, clockSkewSeconds: -250 }, true);
    expect(s.label).toBe('Clock is off');
    expect(s.message).toContain('behind by 4 minutes 10 seconds');
  });

  it('says not authenticated when the site check fails, and warns about sIRB only for sIRB profiles', () => {
    expect(connectionStatus({ ping: ok, site: { ok: false }, sirb: { ok: false } }, false).label).toBe('Not signed in');
    expect(connectionStatus({ ping: ok, site: ok, sirb: { ok: false } }, true).level).toBe('warning');
    expect(connectionStatus({ ping: ok, site: ok, sirb: { ok: false } }, false).level).toBe('ok');
    expect(connectionStatus({ ping: ok, site: ok, sirb: ok, clockSkewSeconds: 90 }, false).label).toBe(
      'Clock drifting',
    );
  });
});
