// The app core: builds the stores and services in the data folder, keeps the active
// session, and exposes the contract's handlers. Plain Node: Electron and the browser host
// both run it.
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { toSlashForm } from '../../shared/item-path.js';
import type { EventName, EventPayloads } from '../../shared/ipc/contract.js';
import { KeyVault } from '../services/keys/key-vault.js';
import { ProfileStore } from '../services/profiles/profiles.js';
import { cleanFileName } from '../../shared/file-name.js';
import { markOfTheWeb } from '../services/mark-of-the-web.js';
import { ActivityLog } from './activity/activity-log.js';
import { ClearCopies } from './file-manager/clear-copies.js';
import type { AppContext } from './app-context.js';
import { UserFacingError } from '../../shared/app-error.js';
import { FileRegistry, isStagedCopy, sweepStaging } from './transfers/file-registry.js';
import { accessHandlers } from './sharing/access-handlers.js';
import { activityHandlers } from './activity/activity-handlers.js';
import { itemHandlers } from './file-manager/item-handlers.js';
import { profileHandlers } from './profiles/profile-handlers.js';
import { keyHandlers } from './keys/key-handlers.js';
import { renewalHandlers } from './keys/renewal-handlers.js';
import { certificateHandlers } from './trust/certificate-handlers.js';
import { resumeOwnRewrap } from './keys/own-rewrap.js';
import { noticeHandlers } from './keys/notice-handlers.js';
import { CertificateWatch, changeView, collaboratorsOf } from './trust/certificate-watch.js';
import { appHandlers } from './app/app-handlers.js';
import { connectionHandlers } from './profiles/connection-handlers.js';
import { sandboxHandlers } from './sandbox/sandbox-handlers.js';
import { changeHandlers } from './whats-new/change-handlers.js';
import { receiptHandlers } from './receipts/receipt-handlers.js';
import { AppReceipts } from './receipts/receipt-state.js';
import { removeProfileFiles } from './profiles/profile-state.js';
import { signOffsState, signoffHandlers } from './signoffs/signoff-handlers.js';
import { RequestNews } from './signoffs/request-news.js';
import { AnswerNews } from './signoffs/answer-news.js';
import { signOffNewsHooks } from './signoffs/news-hooks.js';
import { studyHandlers } from './studies/study-handlers.js';
import { adminHandlers } from './admin/admin-handlers.js';
import { transferHandlers } from './transfers/transfer-handlers.js';
import { binderHandlers } from './binder/binder-handlers.js';
import { binderClockOf, today } from './binder/binder-clock.js';
import { ExpiryNotices } from './binder/expiry-notices.js';
import { archiveHandlers } from './archive/archive-handlers.js';
import type { Handlers } from './ipc-door.js';
import { ItemListings } from './file-manager/item-listings.js';
import type { AppCore, AppOptions, EventSink } from './platform.js';
import { SandboxManager } from './sandbox/sandbox-manager.js';
import { PinStore } from './trust/pin-store.js';
import { trustHandlers } from './trust/trust-handlers.js';
import { fileManagerHandlers } from './file-manager/file-manager-handlers.js';
import { emptyFolderHandlers } from './file-manager/empty-folder-handlers.js';
import { EmptyFolderStore } from './file-manager/empty-folders.js';
import { openSession, toProfileView, type Session } from './profiles/session.js';
import { SettingsStore } from './settings/settings-store.js';
import { TransferManager } from './transfers/transfer-manager.js';
import { securePrivateFolders } from './data-dir.js';
import { notifyUser } from './whats-new/notice.js';
import { Notifier } from './whats-new/notifier.js';
import { seenFile } from './whats-new/seen-store.js';
import { WatchGate } from './whats-new/watch-gate.js';
import type { TransferDescriptor } from '../services/transfers/transfer-queue.js';
import { readJsonFile, writeJsonAtomic } from '../services/atomic-file.js';
import { BackgroundWrites } from './app/background-writes.js';
import { OneAtATime } from '../services/one-at-a-time.js';

interface AppState {
  readonly activeProfileId?: string;
}

export async function createApp(options: AppOptions): Promise<AppCore> {
  const { dataDir, platform } = options;
  await securePrivateFolders(dataDir);
  const userAgent = `StudyExchangeDesktop/${options.version} (${process.platform})`;
  const profiles = new ProfileStore(dataDir);
  const vault = new KeyVault(dataDir, platform.secretBox);
  const settings = new SettingsStore(dataDir);
  const activity = new ActivityLog(join(dataDir, 'activity.jsonl'));
  const sandbox = new SandboxManager(dataDir, profiles, vault);
  const files = new FileRegistry();
  const copies = new ClearCopies(join(dataDir, 'open-copies'));
  await copies.start();
  const listeners = new Set<EventSink>();
  const stateFile = join(dataDir, 'state.json');
  const sessions = new Map<string, Promise<Session>>();
  /** Each profile's pinned certificates: one store per profile, so its changes are made one at a time. */
  const pinStores = new Map<string, PinStore>();
  const pinsOf = (profileId: string): PinStore => {
    let store = pinStores.get(profileId);
    if (!store) pinStores.set(profileId, (store = new PinStore(dataDir, profileId)));
    return store;
  };
  // one sign-off reader per session, shared by the sign-off handlers, the binder's "signed off"
  // and the refresh's sign-off requests (Changes, notifications)
  const signOffs = signOffsState(pinsOf);
  const listings = new ItemListings();
  let activeId = (await readJsonFile<AppState>(stateFile))?.activeProfileId;
  // the shared refresh runs for the active profile while a window is visible
  const watchGate = new WatchGate(() => activeId);
  // with notifications on, it keeps refreshing (slowly) while no window is visible
  watchGate.setNotifying((await settings.get()).notifications);

  const emit = <E extends EventName>(event: E, payload: EventPayloads[E]) => {
    for (const l of listeners) l(event, payload);
  };
  // Documents other organizations sent, as desktop notifications (the shell's or the page's).
  const notifier = new Notifier({ settings: () => settings.get(), sink: (n) => emit('changes.notify', n) });
  // Sign-off requests asked of this organization, and answers to its own: Changes entries and notifications.
  const requestNews = new RequestNews({
    state: signOffs,
    settings: () => settings.get(),
    sink: (n) => emit('changes.notify', n),
  });
  const answerNews = new AnswerNews({
    state: signOffs,
    settings: () => settings.get(),
    sink: (n) => emit('changes.notify', n),
  });
  // What expires, told on each day's first refresh (ctx is built below; the clock is read at the refresh).
  const expiryNotices = new ExpiryNotices({
    settings: () => settings.get(),
    sink: (n) => emit('changes.notify', n),
    today: () => today(ctx),
  });

  /** The data folder's state files changed one at a time: a session reset leaves the old session's writes in the same order as the new one's. */
  const fileChanges = new OneAtATime();
  const certificates = new CertificateWatch({
    check: async (profileId) => {
      const { changes, expiring } = await collaboratorsOf(await sessionFor(profileId), dataDir, fileChanges).scan();
      return { changes: changes.map(changeView), expiring };
    },
    emit,
    activeProfileId: () => activeId,
  });
  certificates.start();
  /** Wraps remembered in the collaborators' file as they happen; close waits for them. */
  const remembering = new BackgroundWrites();

  /** One session per profile, opened on first use (transfers may outlive a switch). */
  const sessionFor = (profileId: string): Promise<Session> => {
    let s = sessions.get(profileId);
    if (!s) {
      s = profiles.get(profileId).then((p) =>
        openSession(
          p,
          vault,
          userAgent,
          (seconds) => emit('connection.skew', { seconds: -seconds }),
          async () => [
            ...(p.trustAnchors ?? []),
            // The embedded sandbox's CA (and any the sandbox's administrator added) for its own profiles.
            ...(await sandbox.trustAnchorsFor(p)),
          ],
          {
            file: seenFile(dataDir, p.id),
            emit,
            gate: watchGate,
            recordNews: signOffNewsHooks(requestNews, answerNews, () => activeId === profileId),
          },
          pinsOf(p.id),
        ),
      );
      s.catch(() => sessions.delete(profileId));
      sessions.set(profileId, s);
      void s.then((opened) => notifier.follow(opened.watch, () => activeId === profileId)).catch(() => undefined);
      void s.then((opened) => expiryNotices.follow(opened, () => activeId === profileId)).catch(() => undefined);
      void s
        .then((opened) => {
          const collaborators = collaboratorsOf(opened, dataDir, fileChanges);
          opened.sharing.onKeyWrappedFor = (org, thumbprint) =>
            remembering.track(collaborators.rememberShared(org, thumbprint));
        })
        .catch(() => undefined);
      // A profile's session opens: its collaborators' certificates are checked (not waiting for Settings).
      void s.then(() => certificates.check(profileId)).catch(() => undefined);
    }
    return s;
  };

  const uploadRefs = new Map<string, string>();
  /** A transfer's staged copy deleted once no Retry can read it: its reference released, or (restored after a restart) its folder under staging/. */
  const discardStaged = async (d: TransferDescriptor): Promise<void> => {
    const ref = uploadRefs.get(d.id);
    uploadRefs.delete(d.id);
    if (ref) await files.release(ref);
    if (d.kind === 'upload' && isStagedCopy(dataDir, d.localPath))
      await rm(dirname(d.localPath), { recursive: true, force: true });
  };
  const transfers = new TransferManager(
    join(dataDir, 'transfers.json'),
    (await settings.get()).transferConcurrency,
    sessionFor,
    {
      afterUpload: async (d) => {
        await discardStaged(d);
        const s = await sessionFor(d.profileId);
        if (
          d.shareWithOwner ||
          (await settings.shareUploadsWithOwner(d.profileId, s.profile.roleHints.sirb ?? false))
        ) {
          await s.sharing.shareWithOwner(d.containerId, d.remotePath);
        }
      },
      cleared: (d) => discardStaged(d),
      afterDownload: async (d) => void (await markOfTheWeb(d.localPath)),
      finished: async (d, error) => {
        const s = await sessionFor(d.profileId).catch(() => undefined);
        // the profile's Find finds it now, not when its index is next old enough to rebuild
        if (s && d.kind === 'upload' && !error) s.search.markStale(d.containerId);
        await activity.record({
          profile: s?.profile.name ?? d.profileId,
          action: d.kind,
          ok: !error,
          study: s ? await s.studyTitle(d.containerId).catch(() => d.containerId) : d.containerId,
          // Staged and chosen files keep their own name on disk; downloads carry the document's.
          item: cleanFileName(d.name ?? basename(d.localPath), toSlashForm(d.remotePath)),
          ...(error ? { detail: `${error.code}: ${error.message}` } : {}),
        });
      },
    },
    emit,
    // counts only, no names: what the settings decide is whether it shows at all
    (title, body, failed) => void notifyUser({ settings, options: { platform } }, { title, body, failure: failed }),
    () => activeId,
  );
  await transfers.load();
  await sweepStaging(dataDir, transfers.localPaths());

  // New folder's empty folders: one store for the app. The item listings prune it (a folder with
  // an item is no longer empty); removing a profile clears the profile's part (forgetProfile).
  const emptyFolders = new EmptyFolderStore(dataDir);
  const ctx: AppContext = {
    options,
    profiles,
    vault,
    settings,
    activity,
    sandbox,
    files,
    copies,
    transfers,
    uploadRefs,
    certificates,
    fileChanges,
    pins: pinsOf,
    watchGate,
    notifier,
    receipts: new AppReceipts(),
    binderClock: binderClockOf(options.now),
    activeProfileId: () => activeId,
    async session() {
      if (!activeId)
        throw new UserFacingError(
          'no-profile',
          'No profile is active.',
          'Add a profile in Settings, or reset the sandbox.',
        );
      return sessionFor(activeId);
    },
    async switchProfile(profileId) {
      const s = await sessionFor(profileId);
      activeId = profileId;
      watchGate.changed();
      notifier.clear();
      listings.closeAll();
      transfers.announce(); // the windows now list this profile's transfers, and only these
      await writeJsonAtomic(stateFile, { activeProfileId: profileId } satisfies AppState);
      emit(
        'profile.switched',
        toProfileView(s.profile, true, await s.organization(s.profile.organizationId).catch(() => undefined)),
      );
      void resumeOwnRewrap(s, emit);
      return s;
    },
    async resetSession() {
      for (const [, s] of sessions) (await s.catch(() => undefined))?.close();
      sessions.clear();
    },
    async forgetSession(profileId) {
      const s = sessions.get(profileId);
      sessions.delete(profileId);
      const opened = await s?.catch(() => undefined);
      await opened?.watch.forget();
      opened?.close();
      await certificates.forget(profileId);
    },
    async forgetProfile(profileId) {
      await ctx.forgetSession(profileId);
      await ctx.receipts.forget(profileId);
      await emptyFolders.forget(profileId);
      // its files go here only, once nothing above writes them again
      await removeProfileFiles(dataDir, profileId);
    },
    emit,
    async record(entry) {
      const name = activeId ? ((await profiles.get(activeId).catch(() => undefined))?.name ?? activeId) : 'none';
      // Studies are logged by their titles (protocol.md §7); the id only when no session can name it.
      const study =
        entry.study && activeId
          ? await sessionFor(activeId)
              .then((s) => s.studyTitle(entry.study!))
              .catch(() => entry.study)
          : entry.study;
      await activity.record({ ...entry, profile: name, ...(study ? { study } : {}) });
    },
  };

  // First start with no profile: the sandbox exchange, opened as its sIRB.
  if ((await profiles.list()).length === 0 && !sandbox.exists()) {
    const created = await sandbox.create();
    const sirb = created.find((p) => p.roleHints.sirb) ?? created[0];
    if (sirb) await ctx.switchProfile(sirb.id);
  } else if (sandbox.exists()) {
    await sandbox.start();
  }
  if (activeId && !(await profiles.list()).some((p) => p.id === activeId)) activeId = undefined;
  if (!activeId) {
    const first = (await profiles.list())[0];
    if (first) await ctx.switchProfile(first.id);
  }

  const handlers: Handlers = {
    ...appHandlers(ctx),
    ...profileHandlers(ctx),
    ...keyHandlers(ctx),
    ...renewalHandlers(ctx),
    ...certificateHandlers(ctx),
    ...noticeHandlers(ctx),
    ...connectionHandlers(ctx),
    ...sandboxHandlers(ctx),
    ...studyHandlers(ctx),
    ...adminHandlers(ctx),
    ...itemHandlers(ctx, listings, emptyFolders),
    ...accessHandlers(ctx),
    ...transferHandlers(ctx),
    ...receiptHandlers(ctx),
    ...signoffHandlers(ctx, signOffs),
    ...changeHandlers(ctx),
    ...activityHandlers(ctx),
    ...binderHandlers(ctx, signOffs),
    ...archiveHandlers(ctx),
    ...trustHandlers(ctx),
    ...fileManagerHandlers(ctx),
    ...emptyFolderHandlers(ctx, emptyFolders),
  };

  return {
    handlers,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    registerFile: (file) => files.register(file),
    closeListingsOf: (senderId) => {
      listings.closeListingsOf(senderId);
      watchGate.forget(senderId); // a window gone does not keep the refresh running
    },
    async close() {
      certificates.stop();
      // what a check or a wrap is still writing in the data folder ends before close returns
      await Promise.all([certificates.idle(), remembering.idle()]);
      notifier.clear();
      listings.closeAll();
      await transfers.close();
      await ctx.receipts.close();
      await ctx.resetSession();
      await sandbox.stop();
      await copies.close();
    },
  };
}
