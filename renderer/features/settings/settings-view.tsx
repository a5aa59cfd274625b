// Settings as a profile manager: the list of profiles (with adding one, from files or from a
// backup, and the preferences) beside one page at a time; a select takes the list's place in a
// narrow window.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AppError, ProfileView, Settings } from '../../../shared/ipc/views.js';
import type { RewrapProgress } from '../keys/rewrap-progress.js';
import { ConfirmDialog } from '../../components/common/confirm-dialog.js';
import { CloseAction, Dialog } from '../../components/common/dialog.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { AddProfileForm, type AddProfileFormProps, type AddProfileInput } from '../profiles/add-profile-form.js';
import { GenerateKeySection, type GenerateKeySectionProps } from '../keys/generate-key-section.js';
import { PreferencesSection, type PreferencesSectionProps } from './preferences-section.js';
import { ProfilePage, type ProfileSection, type ReceiptsSettingProps } from '../profiles/profile-page.js';
import type { RenewSectionProps } from '../keys/renew-section.js';
import type { CollaboratorCertificatesProps } from '../trust/collaborator-certificates-section.js';
import { SettingsNav, type SettingsPage } from './settings-nav.js';
import './settings.css';

export interface SettingsViewProps {
  readonly profiles: readonly ProfileView[];
  readonly settings?: Settings;
  readonly now: number;
  readonly platform?: string;
  readonly loadError?: AppError;
  readonly status?: string;
  /** A refusal; one with `at` shows in that section of that profile's page, where the action was. */
  readonly actionError?: {
    readonly context: string;
    readonly error: AppError;
    readonly at?: { readonly profileId: string; readonly section: ProfileSection };
  };
  readonly removing: boolean;
  readonly onRemoveProfile: (profileId: string) => void;
  readonly onImportTrustAnchors?: (profileId: string, file: File) => void;
  readonly onBackup?: (profileId: string, password: string) => void;
  readonly onForgetOldKeys?: (profileId: string) => void;
  /** The background re-wrap after a renewal, by profile id. */
  readonly rewrap?: Readonly<Record<string, RewrapProgress>>;
  readonly renew?: RenewSectionProps;
  /** The active profile's receipts switch. */
  readonly receipts?: ReceiptsSettingProps;
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
  /** The Notifications group (notifications/notification-settings.tsx), on the Preferences page. */
  readonly notifications?: ReactNode;
  readonly resetting: boolean;
  readonly onResetSandbox: () => void;
  readonly onClose: () => void;
}

function firstPage(profiles: readonly ProfileView[]): SettingsPage {
  const p = profiles.find((x) => x.active) ?? profiles[0];
  return p ? { kind: 'profile', id: p.id } : { kind: 'add' };
}

/** The page shown: the one chosen while it exists; a profile just added; else the active profile. */
function useSelectedPage(profiles: readonly ProfileView[]) {
  const [chosen, setChosen] = useState<SettingsPage | undefined>();
  const known = useRef(new Set(profiles.map((p) => p.id)));
  useEffect(() => {
    const added = profiles.find((p) => !known.current.has(p.id));
    known.current = new Set(profiles.map((p) => p.id));
    if (added && chosen && chosen.kind !== 'profile' && chosen.kind !== 'preferences')
      setChosen({ kind: 'profile', id: added.id });
  }, [profiles, chosen]);
  const exists = chosen && (chosen.kind !== 'profile' || profiles.some((p) => p.id === chosen.id));
  return [exists ? chosen : firstPage(profiles), setChosen] as const;
}

export function SettingsView(props: SettingsViewProps) {
  const [confirmReset, setConfirmReset] = useState(false);
  const [page, setPage] = useSelectedPage(props.profiles);
  const active = props.profiles.find((p) => p.active);
  const shown = page.kind === 'profile' ? props.profiles.find((p) => p.id === page.id) : undefined;
  const addForm = (source: 'files' | 'backup') => (
    <AddProfileForm
      key={`${source}-${props.add.formKey}`}
      source={source}
      defaults={{ baseUrl: active?.baseUrl ?? 'https://', environment: active?.environment ?? 'production' }}
      pendingKey={props.add.pendingKey}
      busy={props.add.busy}
      error={props.add.error}
      onSubmit={props.add.onSubmit}
      onPickKeyFile={props.add.onPickKeyFile}
    />
  );
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
      {props.actionError && !props.actionError.at ? (
        <ErrorDisplay context={props.actionError.context} error={props.actionError.error} />
      ) : null}
      <div className="settings-manager">
        <SettingsNav profiles={props.profiles} page={page} onPage={setPage} />
        <div className="settings-page" data-testid="settings-page">
          {shown ? (
            <ProfilePage
              key={shown.id}
              profile={shown}
              now={props.now}
              busy={props.removing}
              platform={props.platform}
              onRemove={props.onRemoveProfile}
              onImportTrustAnchors={props.onImportTrustAnchors}
              onBackup={props.onBackup}
              onForgetOldKeys={props.onForgetOldKeys}
              rewrap={props.rewrap?.[shown.id]}
              renew={props.renew}
              receipts={shown.active ? props.receipts : undefined}
              certificates={shown.active ? props.certificates : undefined}
              sectionError={
                props.actionError?.at?.profileId === shown.id
                  ? { ...props.actionError, section: props.actionError.at.section }
                  : undefined
              }
            />
          ) : null}
          {page.kind === 'add' ? (
            <>
              {props.profiles.length === 0 ? (
                <p className="muted">
                  No profile yet. A profile is your organization&apos;s private key with its certificate at one
                  exchange: the key proves who you are and opens what is shared with your organization; it never leaves
                  this computer.
                </p>
              ) : null}
              <GenerateKeySection {...props.generate} />
              {addForm('files')}
            </>
          ) : null}
          {page.kind === 'backup' ? addForm('backup') : null}
          {page.kind === 'preferences' ? (
            <>
              {props.settings ? (
                <PreferencesSection
                  settings={props.settings}
                  active={active}
                  busy={props.preferencesBusy}
                  onChange={props.onPreferences}
                />
              ) : null}
              {props.notifications}
              <section className="settings-section" aria-label="Sandbox">
                <h3 className="section-title">Sandbox</h3>
                <p className="muted">
                  The sandbox is a local exchange with demo organizations for trying every feature.
                </p>
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
            </>
          ) : null}
        </div>
      </div>
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
