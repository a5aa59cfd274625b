// @vitest-environment happy-dom
// Issue 38 §3: after "Share with everyone in this study" the details pane said "Not shared with any
// other organization" beside "3 organizations" until the row was selected again. A change of access
// now asks again for everything shown about the item (details, access, delivery) and the report.
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { useChangeAccess } from './access.js';
import { useDelivery, useDistributionReport } from '../receipts/receipts.js';

const CONTAINER = 'c'.repeat(32);

describe('useChangeAccess', () => {
  it('asks again for the delivery and the distribution report shown while access changes', async () => {
    let shared = false;
    const asked: string[] = [];
    const api = {
      'access.shareWithStudy': async () => {
        shared = true;
        return { ok: true, value: [] };
      },
      'receipts.forItem': async () => {
        asked.push('delivery');
        return { ok: true, value: { cells: shared ? [{ organizationId: 'o2', state: 'none' }] : [] } };
      },
      'receipts.report': async () => {
        asked.push('report');
        return { ok: true, value: { rows: [], shared } };
      },
      on: () => () => undefined,
    } as unknown as ExchangeApi;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(
      () => ({
        delivery: useDelivery('p1', CONTAINER, 'protocol/v2.pdf', 'v1'),
        report: useDistributionReport('p1', CONTAINER),
        change: useChangeAccess('p1', CONTAINER),
      }),
      { wrapper: apiWrapper(api, client) },
    );
    await waitFor(() => expect(result.current.delivery.data).toEqual({ cells: [] }));
    await waitFor(() => expect(result.current.report.data).toEqual({ rows: [], shared: false }));
    await act(() =>
      result.current.change.mutateAsync({ change: 'access.shareWithStudy', itemPaths: ['protocol/v2.pdf'] }),
    );
    await waitFor(() =>
      expect(result.current.delivery.data).toEqual({ cells: [{ organizationId: 'o2', state: 'none' }] }),
    );
    await waitFor(() => expect(result.current.report.data).toEqual({ rows: [], shared: true }));
    expect(asked.filter((a) => a === 'delivery')).toHaveLength(2);
  });
});
