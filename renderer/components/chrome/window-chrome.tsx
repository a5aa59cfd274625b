// The top bar: who we are (the profile picker names the organization, with its role and
// environment as badges) always visible, the connection indicator, Find, Changes and the entries
// for the account-level dialogs. It fits 1024 px for any organization's name (issue 38).
import type { ReactNode } from 'react';
import type { ProfileView } from '../../../shared/ipc/views.js';
import type { ConnectionStatus } from '../../lib/connection-status.js';
import type { DialogSlot } from '../../lib/dialog-slots.js';
import { SLOT_LABELS } from '../../lib/dialog-slots.js';
import { FoldingActions } from '../common/folding-actions.js';
import { ProfilePicker } from './profile-picker.js';

export { roleNames } from './role-names.js';

interface WindowChromeProps {
  readonly profiles: readonly ProfileView[];
  readonly active?: ProfileView;
  readonly connection: ConnectionStatus;
  readonly switching: boolean;
  readonly onSwitch: (profileId: string) => void;
  readonly onRecheck: () => void;
  readonly onOpen: (slot: DialogSlot) => void;
  /** "Find in all studies", when there is a profile to search. */
  readonly find?: ReactNode;
  /** "Changes" across all studies, with how many items are New, when there is a profile. */
  readonly changes?: { readonly count: number; readonly onOpen: () => void };
  /** Other organizations asked this one for sign-offs: "Sign-offs requested…" is offered. */
  readonly signOffsRequested?: boolean;
}

/**
 * The chrome's "Changes": always shown (never folded into the Menu), the count of New items beside
 * it. Its name is its content ("Changes 3 new"), so it always contains the words it shows.
 */
function ChangesButton({ count, onOpen }: { readonly count: number; readonly onOpen: () => void }) {
  return (
    <button type="button" className="chrome-changes" data-testid="open-changes" onClick={onOpen}>
      Changes
      {count ? (
        <>
          {' '}
          <span className="badge new">{count}</span>
          <span className="visually-hidden"> new</span>
        </>
      ) : null}
    </button>
  );
}

export function WindowChrome({
  profiles,
  active,
  connection,
  switching,
  onSwitch,
  onRecheck,
  onOpen,
  find,
  changes,
  signOffsRequested,
}: WindowChromeProps) {
  const slots: DialogSlot[] = [
    'organizations',
    ...(active?.roles.includes('admin') ? (['admin'] as const) : []),
    'activity',
    'settings',
    ...(signOffsRequested ? (['requestedSignOffs'] as const) : []),
  ];
  return (
    <header className="chrome" role="banner" data-fold-bar="">
      <div className="chrome-identity" data-testid="active-profile">
        <h1 className="app-name">Study Exchange</h1>
        {active ? (
          <ProfilePicker profiles={profiles} active={active} switching={switching} onSwitch={onSwitch} />
        ) : (
          <span className="muted">No profile</span>
        )}
      </div>
      <button
        type="button"
        className={`connection connection-${connection.level}`}
        data-testid="connection-indicator"
        title={connection.message}
        aria-label={`Connection: ${connection.label}. ${connection.message} Check again.`}
        onClick={onRecheck}
      >
        <span className="dot" aria-hidden="true" />
        {connection.label}
      </button>
      {find}
      {changes ? <ChangesButton count={changes.count} onOpen={changes.onOpen} /> : null}
      <FoldingActions
        as="nav"
        ariaLabel="App"
        className="chrome-menu"
        moreTestId="chrome-more"
        moreLabel="Menu"
        actions={slots.map((slot) => ({
          id: `open-${slot}`,
          label: SLOT_LABELS[slot],
          onSelect: () => onOpen(slot),
          button: (
            <button type="button" data-testid={`open-${slot}`} onClick={() => onOpen(slot)}>
              {SLOT_LABELS[slot]}
            </button>
          ),
        }))}
      />
    </header>
  );
}
