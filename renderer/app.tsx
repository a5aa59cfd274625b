// The window: chrome on top, studies on the left, the selected study's files, the transfers panel
// at the bottom; slot dialogs over it.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { ContainerView, ItemView } from '../shared/ipc/views.js';
import { toAppError } from './bridge/api.js';
import { ConnectionBanner } from './components/chrome/connection-banner.js';
import { WindowChrome } from './components/chrome/window-chrome.js';
import { Notices } from './components/chrome/notices.js';
import { FindBox } from './features/search/find-box.js';
import type { SearchHit } from '../shared/search-rank.js';
import { FileBrowser } from './features/file-manager/file-browser.js';
import type { Reveal } from './features/file-manager/use-folder-view.js';
import { ChangesDialog } from './features/whats-new/changes-dialog.js';
import { NoStudyDropHint } from './features/file-manager/drop-hint.js';
import { ErrorDisplay } from './components/common/error-display.js';
import { ToastList, useToasts } from './components/chrome/toasts.js';
import { useDesktopNotifications } from './features/whats-new/desktop-notifications.js';
import { StudiesSidebar, studyLabel } from './features/studies/studies-sidebar.js';
import { StudyForm } from './features/studies/study-form.js';
import { useSidebarWidth } from './features/studies/use-sidebar-width.js';
import { TransfersDock } from './features/transfers/transfers-dock.js';
import { WelcomePanel } from './features/welcome/welcome-panel.js';
import { useConnection, useProfiles, useSwitchProfile } from './features/profiles/profiles.js';
import { useAppInfo, useSettings } from './features/settings/settings.js';
import { useNotifications } from './features/whats-new/notification-events.js';
import { useContainers, useCreateContainer } from './features/studies/studies.js';
import { useFollowStudyChanges } from './features/file-manager/items.js';
import { useRevealRequests } from './data/reveal.js';
import { unseenCount, useMarkSeen, useUnseen, useWindowVisibility } from './features/whats-new/unseen.js';
import { requestReveal } from './lib/reveal.js';
import type { DialogSlot, OpenSlot } from './lib/dialog-slots.js';
import { SlotDialog } from './dialogs/slot-dialogs.js';
import { connectionStatus } from './lib/connection-status.js';
import { useTheme } from './theme/use-theme.js';
import { useStudyMarkFor } from './features/binder/study-mark.js';
import { RequestedNotice } from './features/signoffs/requested-notice.js';
import { useFollowSignOffs, useRequestedSignOffs } from './features/signoffs/use-signoffs.js';

function studyTitleOf(list: readonly ContainerView[] | undefined, id: string | undefined): string | undefined {
  const study = id ? list?.find((c) => c.id === id) : undefined;
  return study ? studyLabel(study) : undefined;
}

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
  // Items to show (a Find hit, a Changes entry, a notification): their study opens at the first one's folder, selected.
  const [reveal, setReveal] = useState<(Reveal & { containerId: string }) | undefined>();
  const reveals = useRef(0);
  useRevealRequests((target) => {
    setSelected({ profileId, containerId: target.containerId });
    setReveal({ ...target, nonce: ++reveals.current });
  });
  const openHit = (hit: SearchHit): void => requestReveal({ containerId: hit.containerId, itemPaths: [hit.itemPath] });
  // What's new: main's shared refresh, followed while the window is shown; "Changes" for all or one study.
  useWindowVisibility();
  useFollowStudyChanges(active?.id);
  useFollowSignOffs(active?.id);
  const requestedSignOffs = useRequestedSignOffs(active?.id);
  const unseen = useUnseen(active?.id);
  const studyMark = useStudyMarkFor(active?.id);
  const markSeen = useMarkSeen(profileId);
  const [changesFor, setChangesFor] = useState<{ containerId?: string } | undefined>();
  const [slot, setSlot] = useState<OpenSlot | undefined>();
  const [creatingStudy, setCreatingStudy] = useState(false);
  const [sidebarSaved, sidebarWidth, resizeSidebar] = useSidebarWidth();
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
          changes={active ? { count: unseenCount(unseen.data), onOpen: () => setChangesFor({}) } : undefined}
          signOffsRequested={!!requestedSignOffs.data?.length}
        />
        <ConnectionBanner status={status} />
        <Notices profile={active} onOpenSettings={() => openSlot('settings')} />
        <RequestedNotice profileId={active?.id} onShow={() => openSlot('requestedSignOffs')} />
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
      <main
        className="workspace"
        style={sidebarSaved ? ({ '--sidebar-width': `${sidebarSaved}px` } as CSSProperties) : undefined}
      >
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
          unseen={unseen.data}
          onMarkSeen={(id) => markSeen.mutate({ containerId: id, folderPath: '' })}
          markSeenError={markSeen.error ? toAppError(markSeen.error) : undefined}
          onChanges={(id) => setChangesFor({ containerId: id })}
          studyMark={studyMark}
          width={{ px: sidebarWidth, onResize: resizeSidebar }}
        />
        {active && container ? (
          <FileBrowser
            key={`${profileId}:${container.id}`}
            profile={active}
            container={container}
            appInfo={appInfo.data}
            onOpenSlot={openSlot}
            reveal={reveal?.containerId === container.id ? reveal : undefined}
            onOpenChanges={() => setChangesFor({ containerId: container.id })}
          />
        ) : (
          <section className="file-browser placeholder" aria-label="Files">
            {active ? (
              <WelcomePanel
                profile={active}
                studies={containers.data}
                canCreate={isSirb}
                onCreate={() => {
                  create.reset();
                  setCreatingStudy(true);
                }}
              />
            ) : (
              <p className="muted">
                {profiles.isPending ? 'Loading…' : 'No profile is set up yet. Open Settings to add one.'}
              </p>
            )}
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
      {changesFor && active ? (
        <ChangesDialog
          profileId={profileId}
          containerId={changesFor.containerId}
          studyTitle={studyTitleOf(containers.data, changesFor.containerId)}
          onClose={() => setChangesFor(undefined)}
          onExpiring={() => {
            setChangesFor(undefined);
            openSlot('expiring');
          }}
        />
      ) : null}
      {slot ? <SlotDialog slot={slot.slot} context={slot.context} onClose={() => setSlot(undefined)} /> : null}
    </div>
  );
}
