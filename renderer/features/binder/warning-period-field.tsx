// Settings › Preferences: how long before an expiry a document counts as expiring (30, 60 or 90
// days): the binder's "expiring" status, the Expires column's words and the expiring view.
import { EXPIRY_WARNING_DAYS, type ExpiryWarningDays } from '../../../shared/binder/views.js';
import type { Settings } from '../../../shared/ipc/views.js';

export function WarningPeriodField({
  settings,
  busy,
  onChange,
}: {
  settings: Settings;
  busy: boolean;
  onChange: (patch: { expiryWarningDays: ExpiryWarningDays }) => void;
}) {
  return (
    <label className="field-label">
      Warn of expiring documents
      <select
        data-testid="settings-expiry-warning"
        value={settings.expiryWarningDays}
        disabled={busy}
        onChange={(e) => onChange({ expiryWarningDays: Number(e.target.value) as ExpiryWarningDays })}
      >
        {EXPIRY_WARNING_DAYS.map((d) => (
          <option key={d} value={d}>
            {`${d} days before`}
          </option>
        ))}
      </select>
    </label>
  );
}
