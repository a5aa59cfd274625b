// @vitest-environment happy-dom
// "New study" when main made the container but could not save its record: the study is listed
// under its fallback title, the failure is shown, and trying again saves the record into that
// container: no second study. (Main's side, with a real lost connection, is in study-handlers.test.ts.)
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExchangeApi, OperationArgs } from '../../../shared/ipc/contract.js';
import type { ContainerView } from '../../../shared/ipc/views.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { container } from '../../test-support/fixtures.js';
import { keys } from '../../data/query-keys.js';
import { useCreateContainer } from './studies.js';

const STUDY = 'd'.repeat(32);

describe('useCreateContainer', () => {
  it('finishes the study it made when the record could not be saved, instead of making another', async () => {
    const calls: string[] = [];
    const made = container(STUDY, '2026-02-01T00:00:00Z');
    const api = {
      'containers.create': async () => {
        calls.push('create');
        return {
          ok: true,
          value: {
            ...made,
            recordProblem: {
              code: 'network',
              message: 'Could not reach the exchange.',
              details: '',
              explanation: '',
              retryable: true,
            },
          },
        };
      },
      'containers.updateStudy': async (args: OperationArgs<'containers.updateStudy'>) => {
        calls.push(`update ${args.containerId}`);
        return { ok: true, value: { ...made, title: args.title } };
      },
    } as unknown as ExchangeApi;
    const client = new QueryClient();
    const wrapper = apiWrapper(api, client);
    const { result } = renderHook(() => useCreateContainer('p1'), { wrapper });

    await act(async () => {
      await result.current.mutateAsync({ title: 'Protocol 2026-200' }).catch(() => undefined);
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe(
      'The study was created, but its title could not be saved: Could not reach the exchange.',
    );
    // listed at once, under its fallback title
    expect(client.getQueryData<ContainerView[]>(keys.containers('p1'))?.map((c) => c.title)).toEqual([
      `Study ${STUDY.slice(0, 8)}`,
    ]);

    let finished: ContainerView | undefined;
    await act(async () => {
      finished = await result.current.mutateAsync({ title: 'Protocol 2026-200' });
    });
    expect(calls).toEqual(['create', `update ${STUDY}`]);
    expect(finished?.title).toBe('Protocol 2026-200');
    expect(client.getQueryData<ContainerView[]>(keys.containers('p1'))?.map((c) => c.title)).toEqual([
      'Protocol 2026-200',
    ]);
  });
});
