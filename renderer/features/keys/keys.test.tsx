// @vitest-environment happy-dom
// The backup's password reaches main once and is not kept in the window's mutation state.
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { profile } from '../../test-support/fixtures.js';
import { OneTimeSecret } from '../profiles/profile-import.js';
import { useBackupProfile } from './keys.js';

describe('useBackupProfile', () => {
  it('sends the password once and keeps none of it in the mutation it leaves behind', async () => {
    const sent: unknown[] = [];
    const api = {
      'profiles.backup': async (args: unknown) => {
        sent.push(args);
        return { ok: true, value: { saved: true, profile: profile({ backedUp: true }), download: '/api/download/x' } };
      },
      on: () => () => undefined,
    } as unknown as ExchangeApi;
    const client = new QueryClient();
    const wrapper = apiWrapper(api, client);
    const { result } = renderHook(() => useBackupProfile(), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ profileId: 'p1', password: new OneTimeSecret('correct horse battery') });
    });
    expect(sent).toEqual([{ profileId: 'p1', password: 'correct horse battery' }]);
    await waitFor(() => expect(result.current.data?.download).toBe('/api/download/x'));
    expect(JSON.stringify(result.current.variables)).not.toContain('correct horse');
    expect(result.current.variables?.password.take()).toBe('');
  });
});
