// The list beside Settings' page: each profile (a real key never backed up says so), then adding a
// profile from files or from a backup, then the preferences. In a narrow window a select stands in
// for it (CSS shows one or the other).
import type { ProfileView } from '../../../shared/ipc/views.js';

export type SettingsPage =
  | { readonly kind: 'profile'; readonly id: string }
  | { readonly kind: 'add' }
  | { readonly kind: 'backup' }
  | { readonly kind: 'preferences' };

const OTHER_PAGES = [
  { kind: 'add', label: 'Add a profile', testId: 'settings-nav-add' },
  { kind: 'backup', label: 'Add profile from a backup', testId: 'settings-nav-backup' },
  { kind: 'preferences', label: 'Preferences', testId: 'settings-nav-preferences' },
] as const;

function pageValue(page: SettingsPage): string {
  return page.kind === 'profile' ? `profile:${page.id}` : page.kind;
}

function pageOf(value: string): SettingsPage {
  if (value.startsWith('profile:')) return { kind: 'profile', id: value.slice('profile:'.length) };
  return { kind: value as 'add' | 'backup' | 'preferences' };
}

export function SettingsNav({
  profiles,
  page,
  onPage,
}: {
  readonly profiles: readonly ProfileView[];
  readonly page: SettingsPage;
  readonly onPage: (page: SettingsPage) => void;
}) {
  const current = pageValue(page);
  return (
    <>
      <nav className="settings-nav" aria-label="Settings pages">
        <h3 className="settings-nav-title">Profiles</h3>
        <ul className="plain-list">
          {profiles.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="settings-nav-item"
                aria-current={current === `profile:${p.id}` ? 'page' : undefined}
                data-testid="profile-row"
                data-profile-id={p.id}
                onClick={() => onPage({ kind: 'profile', id: p.id })}
              >
                <span className="settings-nav-name">{p.name}</span>
                <span className="settings-nav-detail">
                  {p.environment}
                  {p.active ? ' · active' : ''}
                  {/* Sandbox keys are made again with the sandbox: nothing there needs a backup. */}
                  {p.backedUp === false && p.environment !== 'sandbox' ? ' · not backed up' : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <ul className="plain-list settings-nav-others">
          {OTHER_PAGES.map((o) => (
            <li key={o.kind}>
              <button
                type="button"
                className="settings-nav-item"
                aria-current={current === o.kind ? 'page' : undefined}
                data-testid={o.testId}
                onClick={() => onPage({ kind: o.kind })}
              >
                {o.label}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <label className="settings-nav-select field-label">
        Show
        <select data-testid="settings-nav-select" value={current} onChange={(e) => onPage(pageOf(e.target.value))}>
          <optgroup label="Profiles">
            {profiles.map((p) => (
              <option key={p.id} value={`profile:${p.id}`}>
                {p.name}
                {p.active ? ' (active)' : ''}
              </option>
            ))}
          </optgroup>
          {OTHER_PAGES.map((o) => (
            <option key={o.kind} value={o.kind}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </>
  );
}
