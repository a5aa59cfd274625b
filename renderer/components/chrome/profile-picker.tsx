// The profile picker is the chrome's identity: it shows the active organization's name (cut with
// "…" when long, whole in its tooltip), its role and environment as badges beside it. The list
// groups profiles by environment, so the same organization in the sandbox and in production reads
// apart without the environment in every entry.
import type { Environment, ProfileView } from '../../../shared/ipc/views.js';
import { shownText } from '../../../shared/shown-text.js';
import { roleNames } from './role-names.js';

interface ProfilePickerProps {
  readonly profiles: readonly ProfileView[];
  readonly active: ProfileView;
  readonly switching: boolean;
  readonly onSwitch: (profileId: string) => void;
}

/** An entry's words: the organization's name, and the profile's own name when another entry of its group has the same. */
function entryText(p: ProfileView, group: readonly ProfileView[]): string {
  const org = shownText(p.organizationName);
  return group.some((o) => o !== p && o.organizationName === p.organizationName)
    ? `${org} (${shownText(p.name)})`
    : org;
}

export function ProfilePicker({ profiles, active, switching, onSwitch }: ProfilePickerProps) {
  const environments = [...new Set(profiles.map((p) => p.environment))];
  const group = (env: Environment) => profiles.filter((p) => p.environment === env);
  const activeText = entryText(active, group(active.environment));
  return (
    <>
      <select
        className="profile-picker"
        aria-label="Active profile"
        title={`${activeText}: profile “${shownText(active.name)}”`}
        data-testid="profile-switcher"
        value={active.id}
        disabled={switching || profiles.length === 0}
        onChange={(e) => onSwitch(e.target.value)}
      >
        {environments.map((env) => (
          <optgroup key={env} label={env}>
            {group(env).map((p) => (
              <option key={p.id} value={p.id} data-testid={p.id === active.id ? 'active-organization' : undefined}>
                {entryText(p, group(env))}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <span className="badge role" data-testid="active-role">
        {roleNames(active.roles)}
      </span>
      <span className={`badge env env-${active.environment}`} data-testid="active-environment">
        {active.environment}
      </span>
    </>
  );
}
