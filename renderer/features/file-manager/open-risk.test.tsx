// @vitest-environment happy-dom
// Opening a format that can carry code: the window asks, naming the risk, and opens only when the
// user chose Open anyway; against the app core through main's door (the embedded sandbox).
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ItemView } from '../../../shared/ipc/views.js';
// eslint-disable-next-line no-restricted-imports -- the window's real other side (main, the exchange), not code the renderer runs
import { coreWindow } from '../../../electron/core/test-support/window-api.js';
import { ApiProvider } from '../../data/api-context.js';
import { createQueryClient } from '../../data/query-client.js';
import { useActionFeedback } from './action-feedback.js';
import { OpenRiskDialog } from './open-risk-dialog.js';
import { useDownloads } from './use-downloads.js';

let app: Awaited<ReturnType<typeof coreWindow>>;

beforeAll(async () => {
  app = await coreWindow();
}, 120_000);

afterAll(async () => {
  await app?.close();
});

afterEach(cleanup);

describe('OpenRiskDialog', () => {
  it('names the type and the risk, starts on Cancel, and offers Save as… beside Open anyway', () => {
    const actions = { onOpenAnyway: vi.fn(), onSaveAs: vi.fn(), onCancel: vi.fn() };
    render(
      <OpenRiskDialog
        asked={{
          fileName: 'budget.xlsm',
          realType: 'an Excel workbook with macros (.xlsm)',
          risk: 'It can carry macros.',
        }}
        {...actions}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Open this file?' });
    expect(dialog.textContent).toContain('“budget.xlsm” is an Excel workbook with macros (.xlsm).');
    expect(screen.getByTestId('open-risk-text').textContent).toBe('It can carry macros.');
    expect(document.activeElement).toBe(screen.getByTestId('open-risk-cancel'));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Save as…', 'Open anyway']);
    fireEvent.click(screen.getByTestId('open-risk-save-as'));
    fireEvent.click(screen.getByTestId('open-risk-open'));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect([
      actions.onSaveAs.mock.calls.length,
      actions.onOpenAnyway.mock.calls.length,
      actions.onCancel.mock.calls.length,
    ]).toEqual([1, 1, 1]);
  });
});

describe('useDownloads with a format that can carry code', () => {
  it('asks instead of opening, then opens once the user chose Open anyway', async () => {
    const [study] = await app.call('containers.list', {});
    const ref = await app.stage('site budget.csv', 'site,amount\nRiverside,=1+1\n');
    const [t] = await app.call('transfers.upload', {
      containerId: study!.id,
      folder: 'Budgets',
      files: [{ ref, relativePath: 'site budget.csv' }],
    });
    await waitFor(
      async () => expect((await app.call('transfers.list', {})).find((x) => x.id === t!.id)?.state).toBe('verified'),
      { timeout: 20_000 },
    );
    const listed = (await app.call('items.list', { containerId: study!.id })).filter((i) =>
      i.path.startsWith('Budgets/'),
    );
    const [budget] = (await app.call('items.headers', {
      containerId: study!.id,
      itemPaths: listed.map((i) => i.path),
    })) as ItemView[];

    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiProvider api={app.api}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ApiProvider>
    );
    const { result } = renderHook(
      () => {
        const feedback = useActionFeedback();
        return { feedback, downloads: useDownloads(study!.id, feedback) };
      },
      { wrapper },
    );

    await act(() => result.current.downloads.download(budget!, 'open'));
    expect(result.current.downloads.asked?.outcome).toMatchObject({
      fileName: 'site budget.csv',
      realType: 'a comma-separated table (.csv)',
    });
    expect(result.current.downloads.asked?.outcome.risk).toContain('formulas');
    expect(result.current.feedback.status).toBeUndefined();

    act(() => result.current.downloads.closeAsked());
    await act(() => result.current.downloads.download(budget!, 'open', true));
    expect(result.current.downloads.asked).toBeUndefined();
    expect(result.current.feedback.problem).toBeUndefined();
    expect(result.current.feedback.status).toMatch(/^Opened .*site budget\.csv$/);
  });
});
