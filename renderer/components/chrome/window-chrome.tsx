// The top bar: who we are (organization, role, environment) always visible, the profile switcher,
// the connection indicator and the entries for the account-level dialogs.
import type { ReactNode } from 'react';
import type { ProfileView, Role } from '../../../shared/ipc/views.js';
import type { ConnectionStatus } from '../../lib/connection-status.js';
import type { DialogSlot } from '../../lib/dialog-slots.js';
import { SLOT_LABELS } from '../../lib/dialog-slots.js';
import { FoldingActions } from '../common/folding-actions.js';

const ROLE_NAMES: Readonly<Record<Role, string>> = { sirb: 'sIRB', psite: 'pSite', admin: 'Admin' };

export function roleNames(roles: readonly Role[]): string {
  return roles.length ? roles.map((r) => ROLE_NAMES[r]).join(' · ') : 'No role';
}

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
}

/** The chrome's "Changes": always shown (never folded into the Menu), the count of New items beside it and in its name. */
function ChangesButton({ count, onOpen }: { readonly count: number; readonly onOpen: () => void }) {
  const label = count ? `Changes (${count} new)` : 'Changes';
  return (
    <button type="button" className="chrome-changes" data-testid="open-changes" aria-label={label} onClick={onOpen}>
      Changes
      {count ? (
        <span className="badge new" aria-hidden="true">
          {count}
        </span>
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
}: WindowChromeProps) {
  const slots: DialogSlot[] = [
    'organizations',
    ...(active?.roles.includes('admin') ? (['admin'] as const) : []),
    'activity',
    'settings',
  ];
  return (
    <header className="chrome" role="banner" data-fold-bar="">
      <div className="chrome-identity" data-testid="active-profile">
        <h1 className="app-name">Study Exchange</h1>
        {active ? (
          <>
            <span className="org-name" data-testid="active-organization" title={active.organizationName}>
              {active.organizationName}
            </span>
            <span className="badge role" data-testid="active-role">
              {roleNames(active.roles)}
            </span>
            <span className={`badge env env-${active.environment}`} data-testid="active-environment">
              {active.environment}
            </span>
          </>
        ) : (
          <span className="muted">No profile</span>
        )}
      </div>
      <label className="profile-switcher">
        <span className="visually-hidden">Profile</span>
        <select
          aria-label="Active profile"
          data-testid="profile-switcher"
          value={active?.id ?? ''}
          disabled={switching || profiles.length === 0}
          onChange={(e) => onSwitch(e.target.value)}
        >
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name} — {p.organizationName} ({roleNames(p.roles)}, {p.environment})
            </option>
          ))}
        </select>
      </label>
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
