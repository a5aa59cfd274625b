// Settings: profiles (list, add, generate a key, remove), preferences, and the sandbox reset.
import { useState } from 'react';
import type { AppError, ProfileView, Settings } from '../../../shared/ipc/views.js';
import { ConfirmDialog } from '../common/confirm-dialog.js';
import { CloseAction, Dialog } from '../common/dialog.js';
import { ErrorDisplay } from '../common/error-display.js';
import { AddProfileForm, type AddProfileFormProps, type AddProfileInput } from './add-profile-form.js';
import { GenerateKeySection, type GenerateKeySectionProps } from './generate-key-section.js';
import { PreferencesSection, type PreferencesSectionProps } from './preferences-section.js';
import { ProfilesSection } from './profiles-section.js';
import {
  CollaboratorCertificatesSection,
  type CollaboratorCertificatesProps,
} from './collaborator-certificates-section.js';

export interface SettingsViewProps {
  readonly profiles: readonly ProfileView[];
  readonly settings?: Settings;
  readonly now: number;
  readonly platform?: string;
  readonly loadError?: AppError;
  readonly status?: string;
  readonly actionError?: { readonly context: string; readonly error: AppError };
  readonly removing: boolean;
  readonly onRemoveProfile: (profileId: string) => void;
  readonly onImportTrustAnchors?: (profileId: string, file: File) => void;
  readonly onBackup?: (profileId: string, password: string) => void;
  readonly onForgetOldKeys?: (profileId: string) => void;
  /** The active profile's collaborators with a new or expiring certificate. */
  readonly certificates?: CollaboratorCertificatesProps;
  readonly add: {
    readonly busy: boolean;
    readonly error?: AppError;
    /** Changes after each added profile, so the form starts empty again. */
    readonly formKey: number;
    readonly pendingKey?: { readonly pendingKeyId: string; readonly commonName: string };
    readonly onSubmit: (input: AddProfileInput) => void;
    /** Main's own file dialog for key files, where the app has one (Electron). */
    readonly onPickKeyFile?: AddProfileFormProps['onPickKeyFile'];
  };
  readonly generate: GenerateKeySectionProps;
  readonly preferencesBusy: boolean;
  readonly onPreferences: PreferencesSectionProps['onChange'];
  readonly resetting: boolean;
  readonly onResetSandbox: () => void;
  readonly onClose: () => void;
}

export function SettingsView(props: SettingsViewProps) {
  const [confirmReset, setConfirmReset] = useState(false);
  const active = props.profiles.find((p) => p.active);
  return (
    <Dialog
      title="Settings"
      onClose={props.onClose}
      testId="settings-dialog"
      wide
      actions={<CloseAction onClose={props.onClose} />}
    >
      {props.loadError ? <ErrorDisplay context="The settings could not be loaded." error={props.loadError} /> : null}
      <div role="status" aria-live="polite" className="status-line" data-testid="settings-status">
        {props.status ?? ''}
      </div>
      {props.actionError ? <ErrorDisplay context={props.actionError.context} error={props.actionError.error} /> : null}
      <ProfilesSection
        profiles={props.profiles}
        now={props.now}
        busy={props.removing}
        platform={props.platform}
        onRemove={props.onRemoveProfile}
        onImportTrustAnchors={props.onImportTrustAnchors}
        onBackup={props.onBackup}
        onForgetOldKeys={props.onForgetOldKeys}
      />
      {props.certificates ? <CollaboratorCertificatesSection {...props.certificates} /> : null}
      <AddProfileForm
        key={props.add.formKey}
        defaults={{ baseUrl: active?.baseUrl ?? 'https://', environment: active?.environment ?? 'production' }}
        pendingKey={props.add.pendingKey}
        busy={props.add.busy}
        error={props.add.error}
        onSubmit={props.add.onSubmit}
        onPickKeyFile={props.add.onPickKeyFile}
      />
      <GenerateKeySection {...props.generate} />
      {props.settings ? (
        <PreferencesSection
          settings={props.settings}
          active={active}
          busy={props.preferencesBusy}
          onChange={props.onPreferences}
        />
      ) : null}
      <section className="settings-section" aria-label="Sandbox">
        <h3 className="section-title">Sandbox</h3>
        <p className="muted">The sandbox is a local exchange with demo organizations for trying every feature.</p>
        <button
          type="button"
          className="danger"
          data-testid="sandbox-reset"
          disabled={props.resetting}
          onClick={() => setConfirmReset(true)}
        >
          {props.resetting ? 'Resetting…' : 'Reset the sandbox…'}
        </button>
      </section>
      {confirmReset ? (
        <ConfirmDialog
          title="Reset the sandbox?"
          message="Every study, item and sandbox profile of the local sandbox is deleted and the demo organizations are made again with new keys. Profiles for real exchanges are not touched."
          confirmLabel="Reset sandbox"
          platform={props.platform}
          onCancel={() => setConfirmReset(false)}
          onConfirm={() => {
            setConfirmReset(false);
            props.onResetSandbox();
          }}
        />
      ) : null}
    </Dialog>
  );
}
