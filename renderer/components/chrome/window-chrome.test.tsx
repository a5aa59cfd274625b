// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DialogSlot } from '../../dialogs/dialog-slots.js';
import { SLOT_DIALOGS, SlotDialog } from '../../dialogs/slot-dialogs.js';
import { SLOT_LABELS } from '../../dialogs/dialog-slots.js';
import { connectionStatus } from '../../lib/connection-status.js';
import { profile } from '../../test-support/fixtures.js';
import { WindowChrome } from './window-chrome.js';

afterEach(cleanup);

function Harness({ onSwitch }: { onSwitch: (id: string) => void }) {
  const [slot, setSlot] = useState<DialogSlot | undefined>();
  const active = profile();
  const admin = profile({ id: 'p2', name: 'Admin', organizationName: 'Exchange Admin', roles: ['admin'], environment: 'test', active: false });
  return (
    <>
      <WindowChrome
        profiles={[active, admin]}
        active={active}
        connection={connectionStatus({ ping: { ok: true }, site: { ok: true }, sirb: { ok: true }, clockSkewSeconds: 400 }, true)}
        switching={false}
        onSwitch={onSwitch}
        onRecheck={() => {}}
        onOpen={setSlot}
      />
      {slot ? <SlotDialog slot={slot} context={{ profileId: 'p1' }} dialogs={{}} onClose={() => setSlot(undefined)} /> : null}
    </>
  );
}

describe('WindowChrome', () => {
  it('shows organization, role and environment, and switches profiles', () => {
    const onSwitch = vi.fn();
    render(<Harness onSwitch={onSwitch} />);
    expect(screen.getByTestId('active-organization').textContent).toBe('Central IRB');
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

  it('opens the placeholder for a slot missing from the registry and returns focus', () => {
    render(<Harness onSwitch={() => {}} />);
    const settings = screen.getByTestId('open-settings');
    settings.focus();
    fireEvent.click(settings);
    expect(screen.getByTestId('slot-dialog-settings').textContent).toContain('not available yet');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(settings);
  });

  it('has a dialog registered for every slot', () => {
    expect(Object.keys(SLOT_DIALOGS).sort()).toEqual(Object.keys(SLOT_LABELS).sort());
  });
});
