// @vitest-environment happy-dom
// Issue 38 §10 in the window: Rename only for one own document (menu, toolbar), its dialog asks
// main with the typed name and says why a name will not do; New folder makes a folder the tree
// shows until the listing has it; the folder menu says the exchange has no move.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ExchangeApi } from '../../../shared/ipc/contract.js';
import { apiWrapper } from '../../test-support/api-wrapper.js';
import { item } from '../../test-support/fixtures.js';
import { buildTree, folderEntries } from '../../lib/file-tree.js';
import { toRow } from '../../lib/rows.js';
import { rowMenuEntries } from './row-menu.js';
import { selectionActions } from './selection-actions.js';
import { NO_MOVE_NOTE, newFolderPath, nowListed, withEmptyFolders } from './empty-folders.js';
import { RenameDialog } from './rename-dialog.js';
import { renamable } from './rename-entry.js';

afterEach(cleanup);

const doc = (id: string, fileName: string, ownedByMe = true) =>
  item(id, {
    ownedByMe,
    header: { type: 'document', version: '1', name: fileName, fileName, mediaType: 'application/pdf' },
  });
const record = item('Records|visit', { header: { type: 'visit', version: '1' } });
const noop = { openFolder: () => {}, download: async () => {}, openSlot: () => {}, deleteRows: () => {} };
const CONTAINER = 'c'.repeat(32);

describe('Rename is offered', () => {
  it('for one document of ours, in the row menu and on the toolbar', () => {
    const own = doc('Protocol|a1', 'protocol.pdf');
    const theirs = doc('Protocol|b2', 'site-log.pdf', false);
    const rows = (its: ReturnType<typeof doc>[]) =>
      its.map((i) =>
        toRow({ kind: 'item', key: `item:${i.path}`, path: i.path, name: 'x', item: i }, { names: new Map() }),
      );
    const ids = (its: ReturnType<typeof doc>[]) => rowMenuEntries(rows(its), noop).map((e) => e.id);
    expect(ids([own])).toContain('rename');
    expect(ids([theirs])).not.toContain('rename');
    expect(ids([own, doc('Protocol|c3', 'b.pdf')])).not.toContain('rename');
    expect(renamable([record])).toBeUndefined();
    const bar = (its: readonly ReturnType<typeof doc>[]) =>
      selectionActions(its, { onOpen: () => {}, onSaveAs: () => {}, onManageAccess: () => {}, onRename: () => {} }).map(
        (a) => a.id,
      );
    expect(bar([own])).toContain('selection-rename');
    expect(bar([theirs])).not.toContain('selection-rename');
  });
});

describe('the Rename dialog', () => {
  it('asks main with the typed name, and says why a name will not do', async () => {
    const asked: unknown[] = [];
    const api = {
      'items.rename': async (args: unknown) => {
        asked.push(args);
        return { ok: true, value: doc('Protocol|a1', 'Final protocol.pdf') };
      },
      on: () => () => undefined,
    } as unknown as ExchangeApi;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let closed = false;
    render(
      <RenameDialog
        context={{ profileId: 'p1', containerId: CONTAINER, items: [doc('Protocol|a1', 'protocol.pdf')] }}
        onClose={() => void (closed = true)}
      />,
      { wrapper: apiWrapper(api, client) },
    );
    const input = screen.getByTestId('rename-input') as HTMLInputElement;
    expect(input.value).toBe('protocol.pdf');
    expect((screen.getByTestId('rename-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'protocol.docx' } });
    expect(screen.getByText(/Keep the ending \.pdf/)).toBeTruthy();
    expect((screen.getByTestId('rename-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'Final protocol' } });
    expect(screen.getByText('It will be saved as “Final protocol.pdf”.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('rename-save'));
    await waitFor(() => expect(closed).toBe(true));
    expect(asked).toEqual([{ containerId: CONTAINER, itemPath: 'Protocol/a1', name: 'Final protocol' }]);
  });
});

describe('New folder', () => {
  const listed = buildTree([doc('Protocol|a1', 'protocol.pdf')]);

  it('adds an empty folder to the tree until the listing has it', () => {
    const tree = withEmptyFolders(listed, ['Protocol/Amendments', 'Monitoring/2026']);
    expect(folderEntries(tree, '').map((e) => e.path)).toEqual(['Monitoring', 'Protocol']);
    expect(folderEntries(tree, 'Protocol').map((e) => e.path)).toEqual(['Protocol/Amendments', 'Protocol/a1']);
    expect(folderEntries(tree, 'Monitoring/2026')).toEqual([]);
    expect(tree.folders.has('Monitoring/2026')).toBe(true);
    // a document uploaded into one: main is told to forget it
    const later = buildTree([doc('Protocol|a1', 'protocol.pdf'), doc('Monitoring|2026|z9', 'visit.pdf')]);
    expect(nowListed(later, ['Protocol/Amendments', 'Monitoring/2026'])).toEqual(['Monitoring/2026']);
  });

  it('cleans the name and refuses one already there', () => {
    expect(newFolderPath(listed, 'Protocol', ' Amendments ')).toEqual({ ok: true, path: 'Protocol/Amendments' });
    expect(newFolderPath(listed, '', 'a/b')).toEqual({ ok: true, path: 'a_b' });
    expect(newFolderPath(listed, '', 'Protocol')).toEqual({
      ok: false,
      reason: 'There is already a folder “Protocol” here.',
    });
    expect(newFolderPath(listed, '', '   ').ok).toBe(false);
  });

  it('the folder menu says documents cannot be moved', () => {
    const folderRow = toRow(
      { kind: 'folder', key: 'folder:Protocol', path: 'Protocol', name: 'Protocol', childCount: 1 },
      { names: new Map() },
    );
    const note = rowMenuEntries([folderRow], noop).find((e) => e.id === 'no-move');
    expect(note).toMatchObject({ label: NO_MOVE_NOTE, disabled: true });
  });
});
