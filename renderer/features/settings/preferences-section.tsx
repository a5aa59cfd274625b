// Theme, transfer concurrency, and sharing new uploads with the study's owner (per profile;
// on by default for pSite profiles, the usual workflow).
import type { ProfileView, Settings } from '../../../shared/ipc/views.js';
import { WarningPeriodField } from '../binder/warning-period-field.js';

function shareWithOwner(settings: Settings, profile: ProfileView | undefined): boolean {
  if (!profile) return false;
  return settings.shareUploadsWithOwner[profile.id] ?? profile.roles.includes('psite');
}

export interface PreferencesSectionProps {
  readonly settings: Settings;
  readonly active?: ProfileView;
  readonly busy: boolean;
  readonly onChange: (patch: {
    theme?: Settings['theme'];
    transferConcurrency?: number;
    shareUploadsWithOwner?: boolean;
    expiryWarningDays?: Settings['expiryWarningDays'];
  }) => void;
}

export function PreferencesSection({ settings, active, busy, onChange }: PreferencesSectionProps) {
  return (
    <section className="form-grid settings-section" aria-label="Preferences">
      <h3 className="section-title">Preferences</h3>
      <div className="field-row">
        <label className="field-label">
          Theme
          <select
            data-testid="settings-theme"
            value={settings.theme}
            disabled={busy}
            onChange={(e) => onChange({ theme: e.target.value as Settings['theme'] })}
          >
            <option value="system">Same as the system</option>
            <option value="light">Light</option>
            <option value="dark">Dark</option>
          </select>
        </label>
        <label className="field-label">
          Transfers at the same time
          <select
            data-testid="settings-concurrency"
            value={settings.transferConcurrency}
            disabled={busy}
            onChange={(e) => onChange({ transferConcurrency: Number(e.target.value) })}
          >
            {[1, 2, 3, 4, 5, 6, 7, 8].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <WarningPeriodField settings={settings} busy={busy} onChange={onChange} />
      </div>
      <label className="check">
        <input
          type="checkbox"
          data-testid="settings-share-owner"
          checked={shareWithOwner(settings, active)}
          disabled={busy || !active}
          onChange={(e) => onChange({ shareUploadsWithOwner: e.target.checked })}
        />
        Share new uploads with the study's owner{active ? ` (for ${active.name})` : ''}
      </label>
    </section>
  );
}
