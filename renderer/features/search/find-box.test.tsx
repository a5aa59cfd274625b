// @vitest-environment happy-dom
// "Find in all studies" while main is still reading a large study's headers: the box shows the
// hits so far and how far main has read, asks again, and the progress goes once the answer is whole.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import type { SearchAnswer } from '../../../shared/ipc/views.js';
import type { SearchHit } from '../../../shared/search-rank.js';
import { ApiProvider } from '../../data/api-context.js';
import { FindBox } from './find-box.js';

/** A window this wide (happy-dom's matchMedia follows it): 1280 shows the box, 1024 folds it. */
const windowWidth = (width: number): void =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport(
    { width, height: 800 },
  );

beforeEach(() => windowWidth(1280));
afterEach(cleanup);

const hit = (name: string): SearchHit => ({
  containerId: 'c'.repeat(32),
  studyTitle: 'Protocol 2026-114',
  itemPath: `site-1/${name}`,
  name,
  kind: 'document',
  folder: 'site-1',
  score: 300,
});

/** Main answering each search with the next of `answers` (the last one again once they run out). */
function service(answers: readonly SearchAnswer[]) {
  const queries: string[] = [];
  const api = {
    'search.find': async ({ query }: { query: string }) => {
      queries.push(query);
      return { ok: true, value: answers[Math.min(queries.length, answers.length) - 1] };
    },
  } as unknown as ExchangeApi;
  return { api, queries };
}

function renderWith(api: ExchangeApi) {
  render(
    <ApiProvider api={api}>
      <QueryClientProvider client={new QueryClient()}>
        <FindBox profileId="p1" onOpen={() => {}} />
      </QueryClientProvider>
    </ApiProvider>,
  );
}

describe('FindBox', () => {
  it('shows how far main has read while it indexes, refreshes the hits, and drops the progress once whole', async () => {
    const { api, queries } = service([
      { hits: [hit('visit-report-1.pdf')], indexing: { opened: 12_000, total: 100_000 } },
      { hits: [hit('visit-report-1.pdf'), hit('visit-report-2.pdf')] },
    ]);
    renderWith(api);
    fireEvent.change(screen.getByTestId('find-input'), { target: { value: 'visit' } });

    const progress = await screen.findByText('Searching… 12,000 of 100,000 items read');
    expect(progress.getAttribute('role')).toBe('status');
    expect(progress.getAttribute('aria-live')).toBe('polite');
    expect(screen.getAllByTestId('find-hit').map((h) => h.querySelector('.find-name')?.textContent)).toEqual([
      'visit-report-1.pdf',
    ]);

    // asked again while indexing: all hits, and the progress gone
    await waitFor(() => expect(screen.getAllByTestId('find-hit')).toHaveLength(2), { timeout: 3_000 });
    expect(screen.getByTestId('find-progress').textContent).toBe('');
    expect(screen.queryByText(/items read/)).toBeNull();
    // and no more asking once the answer is whole
    const asked = queries.length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(queries.length).toBe(asked);
    expect(queries.every((q) => q === 'visit')).toBe(true);
  });

  it('shows names, studies and folders from other organizations cleaned and cut', async () => {
    const hostile: SearchHit = {
      ...hit(`visit\u202Efdp.exe${'x'.repeat(5000)}`),
      title: `Visit \u202Ereport ${'z'.repeat(5000)}`,
      studyTitle: 'Study \u202Eone',
      folder: `Site documents/\u202Efdp.exe/${'y'.repeat(5000)}`,
    };
    const { api } = service([{ hits: [hostile] }]);
    renderWith(api);
    fireEvent.change(screen.getByTestId('find-input'), { target: { value: 'visit' } });
    const [shown] = await screen.findAllByTestId('find-hit');
    expect(shown!.textContent).not.toContain('\u202E');
    expect(shown!.textContent).toContain('Site documents › fdp.exe');
    expect(shown!.textContent!.length).toBeLessThan(800);
  });

  it('shows a document found by its title with that title under its file name', async () => {
    const { api } = service([
      { hits: [{ ...hit('icf-v3.pdf'), title: 'Informed consent v3' }, hit('consent-log.xlsx')] },
    ]);
    renderWith(api);
    fireEvent.change(screen.getByTestId('find-input'), { target: { value: 'consent' } });
    const shown = await screen.findAllByTestId('find-hit');
    expect(shown.map((h) => h.querySelector('.find-title')?.textContent ?? null)).toEqual([
      'Informed consent v3',
      null,
    ]);
  });

  it('below 1200 px is an icon button that opens the box, takes the focus and folds back on Escape', async () => {
    windowWidth(1024);
    const { api } = service([{ hits: [hit('visit-report-1.pdf')] }]);
    renderWith(api);
    expect(screen.queryByTestId('find-input')).toBeNull();
    const icon = screen.getByRole('button', { name: 'Find in all studies' });
    expect(icon.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(icon);
    const input = screen.getByTestId('find-input');
    expect(document.activeElement).toBe(input);
    expect(icon.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(input, { target: { value: 'visit' } });
    expect(await screen.findAllByTestId('find-hit')).toHaveLength(1);
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('find-input')).toBeNull();
    expect(document.activeElement).toBe(icon);
  });
});
