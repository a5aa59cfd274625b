// @vitest-environment happy-dom
// The upload flow's name-conflict check when the names in the folder cannot be read.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { AppError } from '../../../shared/ipc/views.js';
import { fromFullList, type ItemsCache } from './items-cache.js';
import { ApiProvider } from '../../data/api-context.js';
import { keys } from '../../data/query-keys.js';
import { appError, doc, item } from '../../test-support/fixtures.js';
import { useUpload } from './use-upload.js';

afterEach(cleanup);

const PROFILE = 'p1';
const STUDY = 'c'.repeat(32);

/** Main as the upload flow sees it: staging, headers (failing with `failures` first), starting uploads. */
function uploadService(failures: AppError[]) {
  const started: string[] = [];
  const released: string[] = [];
  const described: unknown[] = [];
  const api = {
    'files.release': async ({ refs }: { refs: string[] }) => {
      released.push(...refs);
      return { ok: true, value: null };
    },
    stageFile: async (file: File, relativePath: string) => ({
      ok: true,
      value: { ref: `ref-${relativePath}`, name: relativePath, size: file.size },
    }),
    'items.headers': async ({ itemPaths }: { itemPaths: string[] }) => {
      const failure = failures.shift();
      if (failure) return { ok: false, error: failure };
      return {
        ok: true,
        value: itemPaths.map((p) => ({ ...item(p.replace('/', '|')), decryptedHeader: doc('consent.pdf', 10) })),
      };
    },
    'transfers.upload': async ({ files, describe }: { files: { ref: string }[]; describe?: unknown }) => {
      started.push(...files.map((f) => f.ref));
      described.push(describe);
      return { ok: true, value: [] };
    },
  } as unknown as ExchangeApi;
  return { api, started, released, described };
}

function setUp(failures: AppError[]) {
  const client = new QueryClient();
  client.setQueryData<ItemsCache>(keys.items(PROFILE, STUDY), fromFullList([item('site|consent')]));
  const service = uploadService(failures);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider api={service.api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiProvider>
  );
  const { result } = renderHook(() => useUpload(PROFILE, STUDY), { wrapper });
  return { result, service };
}

const consentPdf = {
  file: new File(['%PDF-1.4'], 'consent.pdf', { type: 'application/pdf' }),
  relativePath: 'consent.pdf',
};

describe('the name-conflict check', () => {
  it('when the names in the folder cannot be read for now, uploads nothing and says so with Retry, which then finds the conflict', async () => {
    const { result, service } = setUp([
      appError({ code: 'network', message: 'The exchange could not be reached.', retryable: true }),
    ]);
    await act(() => result.current.uploadFiles([consentPdf], 'site'));
    expect(result.current.problem).toMatchObject({
      context: 'The folder could not be checked for files with the same name.',
      error: { code: 'network' },
    });
    expect(service.started).toEqual([]);
    expect(result.current.conflict).toBeUndefined();

    await act(async () => result.current.problem?.retry?.());
    await act(async () => undefined);
    expect(result.current.problem).toBeUndefined();
    expect(result.current.conflict?.conflict).toMatchObject({
      existing: { path: 'site/consent', fileName: 'consent.pdf' },
    });
    expect(service.started).toEqual([]);
  });
});

const newPdf = { file: new File(['%PDF-1.4'], 'new.pdf', { type: 'application/pdf' }), relativePath: 'new.pdf' };

describe('staged copies the upload will not use', () => {
  it('are handed back when the conflict dialog is cancelled', async () => {
    const { result, service } = setUp([]);
    await act(() => result.current.uploadFiles([consentPdf, newPdf], 'site'));
    expect(result.current.conflict).toBeDefined();
    act(() => result.current.cancelConflicts());
    expect(service.released.sort()).toEqual(['ref-consent.pdf', 'ref-new.pdf']);
    expect(service.started).toEqual([]);
  });

  it('are handed back when a conflict is skipped; the rest upload', async () => {
    const { result, service } = setUp([]);
    await act(() => result.current.uploadFiles([consentPdf, newPdf], 'site'));
    await act(async () => result.current.answer('skip', false));
    expect(service.released).toEqual(['ref-consent.pdf']);
    expect(service.started).toEqual(['ref-new.pdf']);
  });

  it('are handed back when a failed check is dismissed rather than retried', async () => {
    const { result, service } = setUp([
      appError({ code: 'network', message: 'The exchange could not be reached.', retryable: true }),
    ]);
    await act(() => result.current.uploadFiles([consentPdf], 'site'));
    expect(result.current.problem).toBeDefined();
    act(() => result.current.dismiss());
    expect(service.released).toEqual(['ref-consent.pdf']);
  });
});

describe('what Upload… was told the files are', () => {
  it('goes with every file of the batch, also once a name conflict is answered', async () => {
    const { result, service } = setUp([]);
    const cv = { docType: 'cv', expiresOn: '2027-06-30', person: { name: 'Dr Reyes' } };
    await act(() => result.current.uploadFiles([consentPdf, newPdf], 'site', cv));
    await act(async () => result.current.answer('keepBoth', false));
    expect(service.started.sort()).toEqual(['ref-consent.pdf', 'ref-new.pdf']);
    expect(service.described).toEqual([cv]);
  });
});
