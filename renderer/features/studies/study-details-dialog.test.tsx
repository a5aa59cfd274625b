// @vitest-environment happy-dom
// "Study details…" opened on an older version of the record: only the changed fields are sent,
// with the version the form started from; when main answers that the record changed meanwhile,
// the user chooses to overwrite (only their fields) or to reload the current details.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ExchangeApi, OperationArgs } from '../../../shared/ipc/contract.js';
import type { AppError, ContainerView } from '../../../shared/ipc/views.js';
import { ApiProvider } from '../../data/api-context.js';
import { keys } from '../../data/query-keys.js';
import { container } from '../../test-support/fixtures.js';
import { StudyDetailsDialog } from './study-details-dialog.js';

afterEach(cleanup);

const PROFILE = 'p1';
const STUDY = 'c'.repeat(32);
const changedError: AppError = {
  code: 'study-changed',
  message: 'The study details were changed since you opened them.',
  details: '',
  explanation: '',
  retryable: false,
};

function setUp(opened: ContainerView, current: ContainerView) {
  const edits: OperationArgs<'containers.updateStudy'>[] = [];
  const api = {
    'containers.list': async () => ({ ok: true, value: [current] }),
    'containers.updateStudy': async (args: OperationArgs<'containers.updateStudy'>) => {
      edits.push(args);
      if (args.base !== undefined && args.base !== current.studyVersion) return { ok: false, error: changedError };
      return {
        ok: true,
        value: {
          ...current,
          title: args.title,
          notShared: 'Saved, but not shared with Lakeside University because: no certificate.',
        },
      };
    },
  } as unknown as ExchangeApi;
  const client = new QueryClient();
  client.setQueryData(keys.containers(PROFILE), [opened]);
  const onSaved = vi.fn();
  const onClose = vi.fn();
  const Providers = ({ children }: { children: ReactNode }) => (
    <ApiProvider api={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </ApiProvider>
  );
  render(
    <Providers>
      <StudyDetailsDialog
        profileId={PROFILE}
        container={opened}
        fallbackTitle="Study cccccccc"
        onClose={onClose}
        onSaved={onSaved}
      />
    </Providers>,
  );
  return { edits, onSaved, onClose };
}

const opened = container(STUDY, '2026-01-01T00:00:00Z', {
  title: 'Race',
  study: { title: 'Race', sponsor: 'NIH' },
  studyVersion: 'v1',
});
const current = { ...opened, study: { title: 'Race', sponsor: 'Wellcome' }, studyVersion: 'v2' };

describe('StudyDetailsDialog', () => {
  it('sends only what changed with the version it opened on, and overwrites only when the user says so', async () => {
    const { edits, onSaved, onClose } = setUp(opened, current);
    fireEvent.change(screen.getByTestId('study-title-input'), { target: { value: 'Race, renamed' } });
    fireEvent.click(screen.getByTestId('study-form-save'));
    await screen.findByTestId('study-changed');
    expect(edits[0]).toMatchObject({ containerId: STUDY, title: 'Race, renamed', changed: ['title'], base: 'v1' });
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('study-changed-overwrite'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(edits[1]).toMatchObject({ title: 'Race, renamed', changed: ['title'] });
    expect('base' in edits[1]!).toBe(false);
    // saved, and the collaborator left without the change is named
    expect(onSaved).toHaveBeenCalledWith('Saved, but not shared with Lakeside University because: no certificate.');
  });

  it('reloads the current details into the form instead of saving over them', async () => {
    const { edits } = setUp(opened, current);
    expect((screen.getByTestId('study-sponsor-input') as HTMLInputElement).value).toBe('NIH');
    fireEvent.change(screen.getByTestId('study-title-input'), { target: { value: 'Race, renamed' } });
    fireEvent.click(screen.getByTestId('study-form-save'));
    fireEvent.click(await screen.findByTestId('study-changed-reload'));
    await waitFor(() => expect((screen.getByTestId('study-sponsor-input') as HTMLInputElement).value).toBe('Wellcome'));
    expect(screen.queryByTestId('study-changed')).toBeNull();
    expect(edits).toHaveLength(1);
    // the next save starts from the version reloaded
    fireEvent.change(screen.getByTestId('study-title-input'), { target: { value: 'Race 2' } });
    fireEvent.click(screen.getByTestId('study-form-save'));
    await waitFor(() => expect(edits).toHaveLength(2));
    expect(edits[1]).toMatchObject({ title: 'Race 2', changed: ['title'], base: 'v2' });
  });
});
