// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { item } from '../../test-support/fixtures.js';
import { BrowserToolbar } from './browser-toolbar.js';
import { selectionActions } from './selection-actions.js';

afterEach(cleanup);

const doc = item('site/consent.pdf', { header: { type: 'document', version: '1', name: 'consent.pdf' } });
const record = item('records/visit-1', { header: { type: 'visit-report', version: '1', name: 'Visit 1' } });

function toolbar(actions: ReturnType<typeof selectionActions> | undefined) {
  const none = () => {};
  return render(
    <BrowserToolbar
      folder=""
      rootLabel="Study"
      onOpenFolder={none}
      filter=""
      onFilter={none}
      uploadBusy={false}
      nativeFiles={false}
      onUploadFiles={none}
      onNativePick={none}
      refreshing={false}
      onRefresh={none}
      onReload={none}
      onCollaborators={none}
      onStudyDetails={none}
      onDistribution={none}
      onExportStudy={none}
      showDetails={false}
      onShowDetails={none}
      selectionActions={actions}
    />,
  );
}

describe('selection actions on the toolbar', () => {
  it('offers Open, Save as… and Manage access… for one document, first in the bar', () => {
    const handlers = { onOpen: vi.fn(), onSaveAs: vi.fn(), onManageAccess: vi.fn() };
    toolbar(selectionActions([doc], handlers));
    const ids = [...screen.getByRole('toolbar').querySelectorAll('[data-fold-id]')].map((b) =>
      b.getAttribute('data-fold-id'),
    );
    expect(ids.slice(0, 4)).toEqual(['selection-open', 'selection-save-as', 'selection-manage-access', 'refresh']);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(handlers.onOpen).toHaveBeenCalledWith(doc);
    fireEvent.click(screen.getByRole('button', { name: 'Save as…' }));
    expect(handlers.onSaveAs).toHaveBeenCalledWith(doc);
    fireEvent.click(screen.getByRole('button', { name: 'Manage access…' }));
    expect(handlers.onManageAccess).toHaveBeenCalledWith([doc]);
  });

  it('offers what applies: no Open for a record, only Manage access… for several items, nothing without a selection', () => {
    const handlers = { onOpen: vi.fn(), onSaveAs: vi.fn(), onManageAccess: vi.fn() };
    expect(selectionActions([record], handlers).map((a) => a.id)).toEqual([
      'selection-save-as',
      'selection-manage-access',
    ]);
    expect(selectionActions([doc, record], handlers).map((a) => a.id)).toEqual(['selection-manage-access']);
    expect(selectionActions([], handlers)).toEqual([]);
    toolbar(undefined);
    expect(screen.queryByTestId('selection-open')).toBeNull();
  });
});
