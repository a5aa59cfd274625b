// @vitest-environment happy-dom
// Whether the active profile sends receipts: asked of main only once there is a profile to ask about.
import { QueryClient } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { useReceiptSending } from './receipts.js';

describe('useReceiptSending', () => {
  it('makes no call without an active profile, and asks once there is one', async () => {
    const asked: unknown[] = [];
    const api = {
      'receipts.setSending': async (args: unknown) => {
        asked.push(args);
        return { ok: true, value: { sending: true, pending: 0 } };
      },
      on: () => () => undefined,
    } as unknown as ExchangeApi;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = apiWrapper(api, client);
    const { result, rerender } = renderHook(({ id }: { id: string | undefined }) => useReceiptSending(id), {
      wrapper,
      initialProps: { id: undefined as string | undefined },
    });
    // A query that is not enabled stays pending without fetching: nothing was asked.
    await new Promise((r) => setTimeout(r, 0));
    expect(result.current.fetchStatus).toBe('idle');
    expect(asked).toEqual([]);
    rerender({ id: 'p1' });
    await waitFor(() => expect(result.current.data).toEqual({ sending: true, pending: 0 }));
    expect(asked).toEqual([{}]);
  });
});
