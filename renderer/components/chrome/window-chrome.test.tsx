// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CloseAction, Dialog } from '../common/dialog.js';
import type { DialogSlot, SlotDialogProps } from '../../lib/dialog-slots.js';
import { connectionStatus } from '../../lib/connection-status.js';
import { profile } from '../../test-support/fixtures.js';
import { WindowChrome } from './window-chrome.js';

afterEach(cleanup);

/** A stand-in for each slot's dialog: the chrome's part is opening it and getting focus back. */
function Stub({ onClose }: SlotDialogProps) {
  return (
    <Dialog title="Stub" onClose={onClose} testId="stub-dialog" actions={<CloseAction onClose={onClose} autoFocus />}>
      stub
    </Dialog>
  );
}
/** A laid-out chrome `width` px wide whose every child and button is 120 px wide (happy-dom has no layout). */
function layout(width: number): () => void {
  const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('chrome') ? width : 0;
  });
  const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
    () =>
      ({
        width: 120,
        height: 30,
        x: 0,
        y: 0,
        top: 0,
        left: 0,
        right: 120,
        bottom: 30,
        toJSON: () => ({}),
      }) as DOMRect,
  );
  return () => {
    client.mockRestore();
    rect.mockRestore();
  };
}

function Harness({ onSwitch }: { onSwitch: (id: string) => void }) {
  const [slot, setSlot] = useState<DialogSlot | undefined>();
  const active = profile();
  const admin = profile({
    id: 'p2',
    name: 'Admin',
    organizationName: 'Exchange Admin',
    roles: ['admin'],
    environment: 'test',
    active: false,
  });
  return (
    <>
      <WindowChrome
        profiles={[active, admin]}
        active={active}
        connection={connectionStatus(
          { ping: { ok: true }, site: { ok: true }, sirb: { ok: true }, clockSkewSeconds: 400 },
          true,
        )}
        switching={false}
        onSwitch={onSwitch}
        onRecheck={() => {}}
        onOpen={setSlot}
      />
      {slot ? <Stub context={{ profileId: 'p1' }} onClose={() => setSlot(undefined)} /> : null}
    </>
  );
}

describe('WindowChrome', () => {
  it('shows organization, role and environment, and switches profiles', () => {
    const onSwitch = vi.fn();
    render(<Harness onSwitch={onSwitch} />);
    // The picker's entry is the organization's name (the environment is a badge and the entry's group).
    expect(screen.getByTestId('active-organization').textContent).toBe('Central IRB');
    expect((screen.getByTestId('profile-switcher') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'Central IRB',
    );
    expect([...screen.getByTestId('profile-switcher').querySelectorAll('optgroup')].map((g) => g.label)).toEqual([
      'sandbox',
      'test',
    ]);
    expect(screen.getByTestId('active-role').textContent).toBe('sIRB');
    expect(screen.getByTestId('active-environment').textContent).toBe('sandbox');
    fireEvent.change(screen.getByTestId('profile-switcher'), { target: { value: 'p2' } });
    expect(onSwitch).toHaveBeenCalledWith('p2');
    // Admin entry only for administrator profiles.
    expect(screen.queryByTestId('open-admin')).toBeNull();
  });

  it('says the clock is off, by how much', () => {
    render(<Harness onSwitch={() => {}} />);
    const indicator = screen.getByTestId('connection-indicator');
    expect(indicator.textContent).toBe('Clock is off');
    expect(indicator.getAttribute('aria-label')).toContain('ahead by 6 minutes 40 seconds');
  });

  it("opens a slot's dialog and returns focus when it closes", () => {
    render(<Harness onSwitch={() => {}} />);
    const settings = screen.getByTestId('open-settings');
    settings.focus();
    fireEvent.click(settings);
    expect(screen.getByTestId('stub-dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(settings);
  });

  it('folds the dialogs it has no room for into one menu, from the end, reachable by keyboard', () => {
    // Identity (with the profile picker) and connection take 240 px of 580: Organizations… fits beside More.
    const restore = layout(580);
    try {
      render(<Harness onSwitch={() => {}} />);
      expect(screen.getByTestId('open-organizations')).toBeTruthy();
      expect(screen.queryByTestId('open-activity')).toBeNull();
      expect(screen.queryByTestId('open-settings')).toBeNull();
      const more = screen.getByTestId('chrome-more');
      fireEvent.keyDown(more, { key: 'ArrowDown' });
      const menu = screen.getByRole('menu', { name: 'Menu' });
      expect([...menu.querySelectorAll('[role="menuitem"]')].map((m) => m.textContent)).toEqual([
        'Activity log…',
        'Settings…',
      ]);
      fireEvent.keyDown(screen.getByTestId('menu-open-settings'), { key: 'Enter' });
      expect(screen.getByTestId('stub-dialog')).toBeTruthy();
    } finally {
      restore();
    }
  });

  it('shows every dialog inline when they all fit', () => {
    const restore = layout(780);
    try {
      render(<Harness onSwitch={() => {}} />);
      for (const slot of ['organizations', 'activity', 'settings'])
        expect(screen.getByTestId(`open-${slot}`)).toBeTruthy();
      expect(screen.queryByTestId('chrome-more')).toBeNull();
    } finally {
      restore();
    }
  });

  it('opens Changes, saying how many items are New', () => {
    const onChanges = vi.fn();
    const props = {
      profiles: [profile()],
      active: profile(),
      connection: connectionStatus({ ping: { ok: true }, site: { ok: true }, sirb: { ok: true } }, true),
      switching: false,
      onSwitch: () => {},
      onRecheck: () => {},
      onOpen: () => {},
    };
    const { rerender } = render(<WindowChrome {...props} changes={{ count: 3, onOpen: onChanges }} />);
    // Its name is what it shows and then some: "Changes 3" inside "Changes 3 new" (axe's label-content-name-mismatch).
    fireEvent.click(screen.getByRole('button', { name: 'Changes 3 new' }));
    expect(onChanges).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('open-changes').getAttribute('aria-label')).toBeNull();
    expect(screen.getByTestId('open-changes').textContent).toBe('Changes 3 new');
    rerender(<WindowChrome {...props} changes={{ count: 0, onOpen: onChanges }} />);
    expect(screen.getByRole('button', { name: 'Changes' })).toBeTruthy();
  });
});
