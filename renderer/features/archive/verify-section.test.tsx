// @vitest-environment happy-dom
// Verify an archive… in the browser host's shape (no native dialog): the page's .zip is staged
// and verified by its reference; an error shows where it was asked, with its code, message and
// details, and Retry stages the file again and shows the result.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { appError } from '../../test-support/fixtures.js';
import { VerifySection } from './verify-section.js';

afterEach(cleanup);

describe('VerifySection', () => {
  it('stages the chosen zip, shows the error with Retry, then the result', async () => {
    const staged: string[] = [];
    const verified: unknown[] = [];
    const failure = appError({ code: 'not-an-archive', message: 'x.zip could not be read', details: 'not a zip' });
    const answers = [
      { ok: false, error: failure },
      { ok: true, value: { fileName: 'x.zip', passed: 7, failed: 1, failures: [{ number: 2, line: 'FAILED  a' }] } },
    ];
    const api = {
      'app.info': async () => ({ ok: true, value: { nativeFiles: false } }),
      stageFile: async (file: File) => {
        staged.push(file.name);
        return { ok: true, value: { ref: `${staged.length}`.repeat(32), name: file.name, size: file.size } };
      },
      'archive.verify': async (args: unknown) => {
        verified.push(args);
        return answers.shift();
      },
      on: () => () => undefined,
    } as unknown as ExchangeApi;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(<VerifySection />, { wrapper: apiWrapper(api, client) });

    fireEvent.change(screen.getByTestId('verify-archive'), {
      target: { files: [new File(['PK'], 'x.zip', { type: 'application/zip' })] },
    });
    const shown = await screen.findByTestId('error-display');
    expect(shown.textContent).toContain('The archive could not be verified.');
    expect(screen.getByTestId('error-code').textContent).toBe('not-an-archive');
    expect(shown.textContent).toContain('x.zip could not be read');
    expect(shown.textContent).toContain('not a zip');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('verify-counts').textContent).toBe('7 checks passed, 1 failed'));
    expect(screen.queryByTestId('error-display')).toBeNull();
    // each try staged the page's file anew and verified it by that reference, never by a path
    expect(staged).toEqual(['x.zip', 'x.zip']);
    expect(verified).toEqual([{ file: '1'.repeat(32) }, { file: '2'.repeat(32) }]);
  });

  it("in Electron picks an unpacked folder in main's dialog and verifies it by reference; Retry asks again", async () => {
    const picks: unknown[] = [];
    const verified: unknown[] = [];
    const failure = appError({ code: 'not-an-archive', message: 'study could not be read', details: 'no SHA256SUMS' });
    const answers = [
      { ok: false, error: failure },
      { ok: true, value: { fileName: 'study', passed: 9, failed: 0, failures: [] } },
    ];
    const api = {
      'app.info': async () => ({ ok: true, value: { nativeFiles: true } }),
      'files.pick': async (args: unknown) => {
        picks.push(args);
        return { ok: true, value: [{ ref: `${picks.length}`.repeat(32), name: 'study', size: 0 }] };
      },
      'archive.verify': async (args: unknown) => {
        verified.push(args);
        return answers.shift();
      },
      on: () => () => undefined,
    } as unknown as ExchangeApi;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(<VerifySection />, { wrapper: apiWrapper(api, client) });

    fireEvent.click(await screen.findByRole('button', { name: 'Verify an unpacked folder…' }));
    expect((await screen.findByTestId('error-display')).textContent).toContain('no SHA256SUMS');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('verify-counts').textContent).toBe('9 checks passed, 0 failed'));
    // both tries asked main's folder dialog, and verified by the reference it gave
    expect(picks).toEqual([{ purpose: 'archive-folder' }, { purpose: 'archive-folder' }]);
    expect(verified).toEqual([{ file: '1'.repeat(32) }, { file: '2'.repeat(32) }]);
  });
});
