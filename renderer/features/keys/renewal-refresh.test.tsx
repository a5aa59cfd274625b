// @vitest-environment happy-dom
// After a renewal in Settings the window's lists load again: what failed while the exchange
// refused the profile's old key (its studies) is asked for again once the new key is current.
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { appError, container, profile } from '../../test-support/fixtures.js';
import { useRenewProfile } from './renewal.js';
import { useContainers } from '../studies/studies.js';

afterEach(cleanup);

describe('renewing a profile', () => {
  it('loads its studies again once the new key is current', async () => {
    let renewed = false;
    const site = profile({ id: 'p2', roles: ['psite'] });
    const api = {
      'containers.list': async () =>
        renewed
          ? { ok: true, value: [container('c'.repeat(32), '2026-01-01T00:00:00Z')] }
          : { ok: false, error: appError({ code: 2003, retryable: false }) },
      'profiles.renew': async () => {
        renewed = true;
        return { ok: true, value: { ...site, readingKeyCount: 1 } };
      },
      on: () => () => undefined,
    } as unknown as ExchangeApi;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = apiWrapper(api, client);
    const { result } = renderHook(() => ({ studies: useContainers(site.id), renew: useRenewProfile() }), { wrapper });
    await waitFor(() => expect(result.current.studies.isError).toBe(true));
    await act(async () => {
      await result.current.renew.mutateAsync({
        profileId: site.id,
        key: { pendingKeyId: 'k1' },
        certificateFile: new File(['-----BEGIN CERTIFICATE-----'], 'new.pem'),
      });
    });
    await waitFor(() => expect(result.current.studies.data).toHaveLength(1));
  });
});
