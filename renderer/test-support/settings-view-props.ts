// SettingsView's props for a test: nothing busy, every handler a vi.fn, the rest given.
import { vi } from 'vitest';
import type { SettingsViewProps } from '../features/settings/settings-view.js';

/** The quiet defaults under `given` (the profiles, the time, and whatever the test changes). */
export function settingsViewProps(
  given: Pick<SettingsViewProps, 'profiles' | 'now'> & Partial<SettingsViewProps>,
): SettingsViewProps {
  return {
    removing: false,
    onRemoveProfile: vi.fn(),
    add: { busy: false, formKey: 0, onSubmit: vi.fn() },
    generate: { busy: false, onGenerate: vi.fn(), onSaveCsr: vi.fn() },
    preferencesBusy: false,
    onPreferences: vi.fn(),
    resetting: false,
    onResetSandbox: vi.fn(),
    onClose: vi.fn(),
    ...given,
  };
}
