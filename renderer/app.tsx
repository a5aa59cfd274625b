// The window: chrome on top, studies on the left, the selected study's files, the transfers panel
// at the bottom; slot dialogs over it.
import { useEffect, useState } from 'react';
import type { ItemView } from '../shared/ipc/views.js';
import { toAppError } from './bridge/api.js';
import { ConnectionBanner } from './components/chrome/connection-banner.js';
import { WindowChrome } from './components/chrome/window-chrome.js';
import { Notices } from './components/notices/notices.js';
import { FindBox } from './components/chrome/find-box.js';
import type { SearchHit } from '../shared/search-rank.js';
import { FileBrowser } from './components/browser/file-browser.js';
import { NoStudyDropHint } from './components/browser/drop-hint.js';
import { ErrorDisplay } from './components/common/error-display.js';
import { ToastList, useToasts } from './components/notifications/toasts.js';
import { useDesktopNotifications } from './components/notifications/desktop-notifications.js';
import { StudiesSidebar, studyLabel } from './components/studies/studies-sidebar.js';
import { StudyForm } from './components/studies/study-form.js';
import { TransfersDock } from './components/transfers/transfers-dock.js';
import {
  useAppInfo,
  useConnection,
  useNotifications,
  useProfiles,
  useSettings,
  useSwitchProfile,
} from './data/profiles.js';
import { useContainers, useCreateContainer } from './data/studies.js';
import type { DialogSlot, OpenSlot } from './lib/dialog-slots.js';
import { SlotDialog } from './dialogs/slot-dialogs.js';
import { connectionStatus } from './lib/connection-status.js';
import { useTheme } from './theme/use-theme.js';

export function App() {
  const appInfo = useAppInfo();
  const settings = useSettings();
  const profiles = useProfiles();
  const active = profiles.data?.find((p) => p.active);
  const profileId = active?.id ?? '';
  const connection = useConnection(active?.id);
  const containers = useContainers(active?.id);
  const create = useCreateContainer(profileId);
  const switchProfile = useSwitchProfile();
  const [selected, setSelected] = useState<{ profileId: string; containerId: string } | undefined>();
  // A hit of "Find in all studies": the study opens at the item, selected.
  const [reveal, setReveal] = useState<{ containerId: string; itemPath: string; nonce: number } | undefined>();
  const openHit = (hit: SearchHit): void => {
    setSelected({ profileId, containerId: hit.containerId });
    setReveal({ containerId: hit.containerId, itemPath: hit.itemPath, nonce: Date.now() });
  };
  const [slot, setSlot] = useState<OpenSlot | undefined>();
  const [creatingStudy, setCreatingStudy] = useState(false);
  useTheme(settings.data?.theme ?? 'system');
  const toasts = useToasts(useNotifications());
  useDesktopNotifications();

  const containerId = selected?.profileId === profileId ? selected.containerId : undefined;
  const container = containers.data?.find((c) => c.id === containerId);
  const isSirb = !!active?.roles.includes('sirb');
  const status = connectionStatus(connection.data, isSirb);
  // The window title names the open study (protocol.md §7); Electron's window follows the page title.
  const windowTitle = container ? `${studyLabel(container)} — Study Exchange Desktop` : 'Study Exchange Desktop';
  useEffect(() => {
    document.title = windowTitle;
  }, [windowTitle]);
  const openSlot = (s: DialogSlot, items?: readonly ItemView[]): void =>
    setSlot({ slot: s, context: { profileId, containerId, items } });

  return (
    <div className="app">
      <div className="app-top">
        <WindowChrome
          find={active ? <FindBox profileId={profileId} onOpen={openHit} /> : undefined}
          profiles={profiles.data ?? []}
          active={active}
          connection={
            connection.error
              ? { level: 'error', label: 'Check failed', message: toAppError(connection.error).explanation }
              : status
          }
          switching={switchProfile.isPending}
          onSwitch={(id) => switchProfile.mutate(id)}
          onRecheck={() => void connection.refetch()}
          onOpen={(s) => openSlot(s)}
        />
        <ConnectionBanner status={status} />
        <Notices profile={active} onOpenSettings={() => openSlot('settings')} />
        {profiles.error ? (
          <ErrorDisplay
            context="The profiles could not be loaded."
            error={toAppError(profiles.error)}
            onRetry={() => void profiles.refetch()}
          />
        ) : null}
        {switchProfile.error ? (
          <ErrorDisplay
            context="The profile could not be switched."
            error={toAppError(switchProfile.error)}
            onDismiss={() => switchProfile.reset()}
          />
        ) : null}
      </div>
      <main className="workspace">
        <StudiesSidebar
          containers={containers.data}
          loading={!!active && containers.isPending}
          error={containers.error ? toAppError(containers.error) : undefined}
          selectedId={containerId}
          canCreate={isSirb}
          creating={create.isPending}
          onSelect={(id) => setSelected({ profileId, containerId: id })}
          onCreate={() => {
            create.reset();
            setCreatingStudy(true);
          }}
          onRetry={() => void containers.refetch()}
        />
        {active && container ? (
          <FileBrowser
            key={`${profileId}:${container.id}`}
            profile={active}
            container={container}
            appInfo={appInfo.data}
            onOpenSlot={openSlot}
            reveal={reveal?.containerId === container.id && reveal.itemPath ? reveal : undefined}
          />
        ) : (
          <section className="file-browser placeholder" aria-label="Files">
            <p className="muted">
              {profiles.isPending
                ? 'Loading…'
                : active
                  ? 'Choose a study on the left to see its files.'
                  : 'No profile is set up yet. Open Settings to add one.'}
            </p>
            <NoStudyDropHint />
          </section>
        )}
      </main>
      <TransfersDock profileId={active?.id} />
      <ToastList toasts={toasts.toasts} onDismiss={toasts.dismiss} />
      {creatingStudy ? (
        <StudyForm
          mode="create"
          busy={create.isPending}
          error={create.error ? toAppError(create.error) : undefined}
          onClose={() => setCreatingStudy(false)}
          onSubmit={(fields) =>
            create.mutate(fields, {
              // Only the view's own state here: the cached list is updated by the mutation itself.
              onSuccess: (c) => {
                setSelected({ profileId, containerId: c.id });
                setCreatingStudy(false);
              },
            })
          }
        />
      ) : null}
      {slot ? <SlotDialog slot={slot.slot} context={slot.context} onClose={() => setSlot(undefined)} /> : null}
    </div>
  );
}
