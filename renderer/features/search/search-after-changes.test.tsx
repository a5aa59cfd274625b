// @vitest-environment happy-dom
// A Find answer the window holds is asked again when this window's upload is verified, its
// delete done or its study renamed: the app core through main's door, against the embedded
// sandbox exchange, with the app's QueryClient defaults.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the window's real other side (main, the exchange), not code the renderer runs
import { coreWindow } from '../../../electron/core/test-support/window-api.js';
import { ApiProvider } from '../../data/api-context.js';
import { useDeleteItems } from '../file-manager/items.js';
import { createQueryClient } from '../../data/query-client.js';
import { useFindInStudies } from './search.js';
import { useUpdateStudy } from '../studies/studies.js';
import { useStartUploads, useTransfers } from '../transfers/transfers.js';

let app: Awaited<ReturnType<typeof coreWindow>>;

beforeAll(async () => {
  app = await coreWindow();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('Find after this window changed a study', () => {
  it('finds a verified upload and a renamed study and no longer finds a deleted document, without waiting for the cached answer to age', async () => {
    const [study] = await app.call('containers.list', {});
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiProvider api={app.api}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ApiProvider>
    );
    const { result } = renderHook(
      () => ({
        found: useFindInStudies(app.profileId, 'zebra-late'),
        transfers: useTransfers(app.profileId),
        upload: useStartUploads(study!.id),
        remove: useDeleteItems(app.profileId, study!.id),
        rename: useUpdateStudy(app.profileId, study!.id),
      }),
      { wrapper },
    );
    const found = (): string[] | undefined =>
      result.current.found.data?.indexing ? undefined : result.current.found.data?.hits.map((h) => h.itemPath);
    await waitFor(() => expect(found()).toEqual([]), { timeout: 10_000 });

    const ref = await app.stage('zebra-late.pdf', 'uploaded while Find had an answer');
    await act(() =>
      result.current.upload.mutateAsync({ folder: 'Protocol', files: [{ ref, relativePath: 'zebra-late.pdf' }] }),
    );
    await waitFor(() => expect(found()).toHaveLength(1), { timeout: 5_000 });
    const [path] = found()!;
    expect(path).toMatch(/^Protocol\//);

    await act(() => result.current.remove.mutateAsync([path!]));
    await waitFor(() => expect(found()).toEqual([]), { timeout: 5_000 });

    // the study renamed here: found by its new title ('' is the study itself)
    await act(() => result.current.rename.mutateAsync({ fields: { title: 'Zebra-late Trial' }, changed: ['title'] }));
    await waitFor(() => expect(found()).toEqual(['']), { timeout: 5_000 });
  });
});
