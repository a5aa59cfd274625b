// The one IPC contract: every operation the renderer may ask of main, with its argument
// schema (checked at the door) and result type, and every event main pushes. The preload,
// the browser bridge, the door and the renderer's hooks are all typed from this file.
import { MIN_BACKUP_PASSWORD } from '../backup-password.js';
import { z } from 'zod';
import type { Organization, RecordHeader } from '../types.js';
import type { DistributionReport, ItemDelivery } from '../delivery.js';
import { STUDY_FIELD_NAMES, studyFieldsSchema } from '../study-record.js';
import { ENVIRONMENTS, FINISHED_TRANSFER_STATES, MAX_FILES_PER_CALL } from './views.js';
import { MAX_ITEM_PATH_LENGTH } from '../item-path.js';
import { answers, op } from './op.js';
import { signoffsOperations } from './contract/signoffs.js';
import { binderOperations } from './contract/binder.js';
import { archiveOperations, type ArchiveEventPayloads } from './contract/archive.js';
import { trustOperations } from './contract/trust.js';
import { fileManagerOperations } from './contract/file-manager.js';
import { describeFieldsSchema } from '../binder/describe-schema.js';
import { EXPIRY_WARNING_DAYS } from '../binder/views.js';
import type {
  AccessResult,
  ActivityEntry,
  AppError,
  AppInfo,
  CertificateChangeView,
  ChangeView,
  ConnectionCheck,
  ContainerView,
  ExpiringCertificateView,
  FileRef,
  GranteePreview,
  InviteAnswer,
  ItemDetails,
  ItemPage,
  ItemView,
  ProfileView,
  SaveOutcome,
  SearchAnswer,
  Settings,
  StudyChangedEvent,
  StudySaved,
  TransferView,
  UnseenView,
} from './views.js';

const id = z.string().min(1).max(200);
const hexId = z.string().regex(/^[0-9a-f]{32}$/);
const itemPath = z.string().min(1).max(MAX_ITEM_PATH_LENGTH);
const folderPath = z.string().max(MAX_ITEM_PATH_LENGTH);
/** A dropped file's path below the folder it is dropped into. */
const relativePath = z.string().min(1).max(MAX_ITEM_PATH_LENGTH);
const baseUrl = z.string().url().max(2000);
const pem = z
  .string()
  .min(1)
  .max(64 * 1024);
const none = z.strictObject({});
const profile = z.strictObject({ profileId: id });
const container = z.strictObject({ containerId: hexId });
const containerOrg = z.strictObject({ containerId: hexId, organizationId: hexId });
const item = z.strictObject({ containerId: hexId, itemPath });
const items = (max: number) => z.strictObject({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(max) });
/** Grant, update and revoke: these items, for these organizations. */
const itemsForOrgs = items(10_000).extend({ organizationIds: z.array(hexId).min(1).max(1000) });
const transfer = z.strictObject({ transferId: id });
const orgName = z.string().min(1).max(200);
/** What every way of adding a profile asks besides the key. */
const newProfileFields = {
  name: z.string().min(1).max(100),
  environment: z.enum(ENVIRONMENTS),
  baseUrl,
  organizationId: hexId,
  /** The organization is an administrator of the exchange (not visible in its directory entry). */
  administrator: z.boolean().optional(),
};

export const operations = {
  'app.info': op(none, answers<AppInfo>()),

  'profiles.list': op(none, answers<ProfileView[]>()),
  'profiles.switch': op(profile, answers<ProfileView>()),
  // Key files travel by reference (files.pick in Electron, the browser host's staging): main
  // reads them, the window never holds a private key. The PKCS#12 password is the one secret typed.
  'profiles.importPem': op(
    z.strictObject({ ...newProfileFields, keyFile: id.optional(), pendingKeyId: id.optional(), certificatePem: pem }),
    answers<ProfileView>(),
  ),
  /** The consortium's CA certificates (a PEM bundle; public) a grantee's certificate must chain to. */
  'profiles.setTrustAnchors': op(
    z.strictObject({
      profileId: id,
      certificatesPem: z
        .string()
        .min(1)
        .max(512 * 1024),
    }),
    answers<ProfileView>(),
  ),
  'profiles.importPkcs12': op(
    z.strictObject({ ...newProfileFields, pkcs12File: id, password: z.string().max(1024) }),
    answers<ProfileView>(),
  ),
  'profiles.generateKey': op(
    z.strictObject({
      commonName: z.string().min(1).max(64),
      organization: z.string().max(64).optional(),
      country: z.string().length(2).optional(),
      bits: z.union([z.literal(2048), z.literal(3072), z.literal(4096)]).optional(),
    }),
    answers<{ pendingKeyId: string; csrPem: string }>(),
  ),
  'profiles.update': op(
    profile.extend({
      name: newProfileFields.name.optional(),
      environment: newProfileFields.environment.optional(),
      baseUrl: baseUrl.optional(),
    }),
    answers<ProfileView>(),
  ),
  'profiles.remove': op(profile, answers<ProfileView[]>()),
  /** The profile's keys (current and reading) as one PKCS#12 file saved where the user picks in main's dialog; the password is used once, never kept. */
  /**
   * A new key (a file by reference, or one generated here with profiles.generateKey) and the certificate issued for it
   * become current once the directory lists that certificate; the old key stays for reading.
   */
  'profiles.renew': op(
    z.strictObject({ profileId: id, keyFile: id.optional(), pendingKeyId: id.optional(), certificatePem: pem }),
    answers<ProfileView>(),
  ),
  /** The profile's own items wrapped again for its current certificate where they still need an old key (safe to repeat). */
  'profiles.rewrapOwnItems': op(profile, answers<{ rewrapped: number }>()),
  /** Forgets the reading keys once nothing needs them (refused, with what still does, before). */
  'profiles.forgetOldKeys': op(profile, answers<ProfileView>()),
  'profiles.backup': op(
    z.strictObject({ profileId: id, password: z.string().min(MIN_BACKUP_PASSWORD).max(1024) }),
    // Without a save dialog (the browser host) the file is offered once at `download`, like a document.
    answers<{ saved: boolean; profile: ProfileView; download?: string }>(),
  ),

  'connection.check': op(none, answers<ConnectionCheck>()),
  /** Collaborators with a new certificate (grants still on the old one) or one expiring within 30 days. */
  'certificates.changes': op(
    /** `fresh`: check the directory now rather than answer the last scheduled check. */
    z.strictObject({ fresh: z.boolean().optional() }),
    answers<{ changes: CertificateChangeView[]; expiring: ExpiringCertificateView[] }>(),
  ),
  /** Every grant of the profile's items to the organization wrapped for its new certificate, once that passes the check; a result per item (progress: 'certificates.rewrapProgress'). */
  'certificates.rewrap': op(
    z.strictObject({ organizationId: hexId, containerId: hexId.optional() }),
    answers<{
      thumbprint: string;
      skipped: number;
      /** `name`: the document's name from its header, when it could be read. */
      results: { containerId: string; path: string; ok: boolean; message?: string; name?: string }[];
    }>(),
  ),
  /** The profiles whose "never backed up" notice was dismissed for their current key (a renewal's new key brings it back). */
  'notices.list': op(none, answers<{ backupDismissed: string[] }>()),
  'notices.dismissBackup': op(profile, answers<{ backupDismissed: string[] }>()),

  /** Newest first (ties by id): the window shows them in this order. */
  'containers.list': op(none, answers<ContainerView[]>()),
  /** A new study with its record (protocol.md §7): title required, the rest optional. */
  'containers.create': op(studyFieldsSchema, answers<StudySaved>()),
  /**
   * "Study details…": the owner edits the record; fields of other clients are kept. `changed`
   * names the fields the user changed (only those are applied to the record as it is now; all
   * when absent); `base` is the studyVersion the form started from: when the record changed
   * since, nothing is saved and the answer is the error 'study-changed' (send again without
   * `base` to overwrite).
   */
  'containers.updateStudy': op(
    studyFieldsSchema.extend({
      containerId: hexId,
      changed: z.array(z.enum(STUDY_FIELD_NAMES)).max(STUDY_FIELD_NAMES.length).optional(),
      base: z.string().max(128).optional(),
    }),
    answers<StudySaved>(),
  ),
  /**
   * "Find in all studies": what main has listed and decrypted for this profile, ranked. While
   * headers are still being opened it answers at once with the hits so far and `indexing`.
   */
  'search.find': op(z.strictObject({ query: z.string().trim().min(1).max(200) }), answers<SearchAnswer>()),
  'collaborators.list': op(container, answers<Organization[]>()),
  'collaborators.add': op(containerOrg, answers<InviteAnswer>()),
  'collaborators.remove': op(containerOrg, answers<Organization[]>()),

  'items.list': op(container.extend({ since: z.string().max(64).optional() }), answers<ItemView[]>()),
  /** The same listing in pages as it streams in: start it, then ask items.listNext until `done`. */
  'items.listOpen': op(container.extend({ since: z.string().max(64).optional() }), answers<{ listingId: string }>()),
  'items.listNext': op(z.strictObject({ listingId: hexId }), answers<ItemPage>()),
  /** The window stopped wanting it (study closed, reloaded): main closes the answer and drops what it kept. */
  'items.listClose': op(z.strictObject({ listingId: hexId }), answers<null>()),
  'items.headers': op(items(500), answers<ItemView[]>()),
  'items.details': op(item, answers<ItemDetails>()),
  'items.readRecord': op(item, answers<{ header: RecordHeader; content: unknown }>()),
  'items.writeRecord': op(
    item.extend({
      header: z.looseObject({ type: z.string().min(1).max(100), version: z.string().min(1).max(50) }),
      content: z.unknown(),
    }),
    answers<ItemView>(),
  ),
  'items.delete': op(items(10_000), answers<AccessResult[]>()),
  'items.rekey': op(item, answers<AccessResult[]>()),

  /** Main's own file dialog (Electron); `purpose` 'key' picks one private key, certificate or PKCS#12 file, 'archive' one study archive (.zip). */
  'files.pick': op(
    z.strictObject({ folders: z.boolean().optional(), purpose: z.enum(['upload', 'key', 'archive']).optional() }),
    answers<FileRef[]>(),
  ),
  /** References the window will not upload after all (conflict skipped, dialog cancelled): main forgets them and deletes staged copies. */
  'files.release': op(z.strictObject({ refs: z.array(hexId).max(MAX_FILES_PER_CALL) }), answers<null>()),
  'transfers.upload': op(
    z.strictObject({
      containerId: hexId,
      folder: folderPath,
      files: z
        .array(
          z.strictObject({
            ref: id,
            relativePath,
            /** A skipped file is not sent: the window releases it ('files.release'). */
            conflict: z.enum(['replace', 'keepBoth']).optional(),
            /** With conflict 'replace': the existing item (ours) that gets the new version. */
            replacePath: itemPath.optional(),
          }),
        )
        .min(1)
        .max(MAX_FILES_PER_CALL),
      /** What every file of this call is (decisions §8): its type, and optionally expiry, person, version label. */
      describe: describeFieldsSchema.optional(),
      /**
       * Uploaded against this expected item of the study's checklist (§9): typed as it expects
       * (unless `describe` says otherwise) and granted to the study's owner.
       */
      expectedItemId: z
        .string()
        .regex(/^[a-z0-9-]{1,64}$/)
        .optional(),
    }),
    answers<TransferView[]>(),
  ),
  /**
   * 'showInFolder': the decrypted copy shown in the file manager, not opened (what a blocked Open offers).
   * `openAnyway`: the user was told the risk of a format that can carry code (shared/open-rule.ts)
   * and chose to open it; without it such an open answers 'confirm' and writes nothing.
   */
  'transfers.download': op(
    item.extend({
      mode: z.enum(['saveAs', 'open', 'dragOut', 'showInFolder']),
      openAnyway: z.literal(true).optional(),
    }),
    answers<SaveOutcome>(),
  ),
  'transfers.list': op(none, answers<TransferView[]>()),
  'transfers.cancel': op(transfer, answers<TransferView>()),
  'transfers.retry': op(transfer, answers<TransferView>()),
  /** Clears one tab of the panel in one call: Completed is ['verified'], Failed is ['failed', 'cancelled']. */
  'transfers.clear': op(
    z.strictObject({ states: z.array(z.enum(FINISHED_TRANSFER_STATES)).min(1).max(FINISHED_TRANSFER_STATES.length) }),
    answers<TransferView[]>(),
  ),

  'access.list': op(item, answers<Organization[]>()),
  'access.preview': op(containerOrg, answers<GranteePreview>()),
  'access.grant': op(itemsForOrgs, answers<AccessResult[]>()),
  'access.update': op(itemsForOrgs, answers<AccessResult[]>()),
  'access.revoke': op(itemsForOrgs, answers<AccessResult[]>()),
  'access.shareWithStudy': op(items(10_000), answers<AccessResult[]>()),

  'organizations.list': op(z.strictObject({ namePrefix: z.string().max(200).optional() }), answers<Organization[]>()),
  'organizations.get': op(z.strictObject({ organizationId: hexId }), answers<GranteePreview>()),

  'admin.createOrganization': op(
    z.strictObject({ name: orgName, isSirb: z.boolean(), certificatePem: pem.optional() }),
    answers<Organization>(),
  ),
  'admin.updateOrganization': op(
    z.strictObject({
      organizationId: hexId,
      name: orgName.optional(),
      isSirb: z.boolean().optional(),
      isDisabled: z.boolean().optional(),
    }),
    answers<Organization>(),
  ),
  'admin.putCertificate': op(
    z.strictObject({
      organizationId: hexId,
      certificateBase64: z
        .string()
        .min(0)
        .max(1024 * 1024),
      mediaType: z.string().min(1).max(100),
    }),
    answers<Organization>(),
  ),

  'activity.list': op(
    z.strictObject({ action: z.string().max(40).optional(), text: z.string().max(200).optional() }),
    answers<ActivityEntry[]>(),
  ),
  'activity.exportCsv': op(none, answers<{ csv: string }>()),

  'settings.get': op(none, answers<Settings>()),
  'settings.update': op(
    z.strictObject({
      theme: z.enum(['light', 'dark', 'system']).optional(),
      transferConcurrency: z.number().int().min(1).max(8).optional(),
      shareUploadsWithOwner: z.boolean().optional(),
      notifications: z.boolean().optional(),
      notificationsHideNames: z.boolean().optional(),
      /** Days before an expiry that a document counts as expiring (binder, expiring view). */
      expiryWarningDays: z.union(EXPIRY_WARNING_DAYS.map((d) => z.literal(d))).optional(),
    }),
    answers<Settings>(),
  ),
  'sandbox.reset': op(none, answers<ProfileView[]>()),

  /** "Changes": newest first, across all studies or one; at most `limit` (100 by default). */
  'changes.list': op(
    z.strictObject({ containerId: hexId.optional(), limit: z.number().int().min(1).max(1000).optional() }),
    answers<ChangeView[]>(),
  ),
  /** What is New in the profile's studies (persisted per profile). */
  'changes.unseen': op(none, answers<UnseenView>()),
  /**
   * Opening a row, or "Mark as seen" on a study or folder: clears New for these paths, or for
   * everything under folderPath ('' = the whole study). Answers what is New now.
   */
  'changes.markSeen': op(
    z.strictObject({
      containerId: hexId,
      itemPaths: z.array(itemPath).max(10_000).optional(),
      folderPath: folderPath.optional(),
    }),
    answers<UnseenView>(),
  ),
  /** The window is shown or hidden: main's refresh runs only while some window is visible. */
  'changes.setVisible': op(z.strictObject({ visible: z.boolean() }), answers<null>()),
  /**
   * The Refresh button: refresh this study (or every study) now rather than at the next interval.
   * `told`: the studies whose changes since main's previous listing were sent as `study.changed`
   * (found or not); a study listed for the first time is not among them.
   */
  'changes.refresh': op(z.strictObject({ containerId: hexId.optional() }), answers<{ told: string[] }>()),

  /** Delivery of a document the active profile owns: who with access received which version (receipts). */
  'receipts.forItem': op(item, answers<ItemDelivery>()),
  /** Every document the profile owns in the study × every organization with access. */
  'receipts.report': op(container, answers<DistributionReport>()),
  /** Whether the active profile sends receipts (and how many wait to be sent); turning it off drops those. */
  'receipts.setSending': op(
    z.strictObject({ sending: z.boolean().optional() }),
    answers<{ sending: boolean; pending: number }>(),
  ),
  ...signoffsOperations,
  ...binderOperations,
  ...archiveOperations,
  ...trustOperations,
  ...fileManagerOperations,
} as const;

/**
 * The side channel for a dropped or picked file in Electron: the preload reads its path where
 * only Electron can, and the door checks the sender and this schema like any operation.
 */
export const stageArgs = z.strictObject({
  path: z.string().min(1).max(4096),
  relativePath,
  size: z.number().int().min(0),
});
export type StageArgs = z.input<typeof stageArgs>;
/**
 * The browser host's staging of a dropped file (PUT /api/stage?name=…&relativePath=…): the page
 * sends the bytes, the host keeps them under this name and passes the copy on as stageArgs.
 */
export const hostStageArgs = z.strictObject({
  name: z
    .string()
    .min(1)
    .max(255)
    .refine((n) => !/[/\\\0]/.test(n), 'a file name has no /, \\ or NUL'),
  relativePath: relativePath.optional(),
});

export type OperationName = keyof typeof operations;
/** What a caller passes (the schema's input). */
export type OperationArgs<N extends OperationName> = z.input<(typeof operations)[N]['args']>;
/** What a handler receives, once the door has parsed it (the schema's output). */
export type HandlerArgs<N extends OperationName> = z.output<(typeof operations)[N]['args']>;
export type OperationResult<N extends OperationName> = (typeof operations)[N]['result'];

/** What every call returns across the boundary: a value or an expected failure as data. */
export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export interface EventPayloads extends ArchiveEventPayloads {
  'transfers.changed': TransferView[];
  'transfer.progress': Pick<TransferView, 'id' | 'bytes' | 'total' | 'rate' | 'state'>;
  'profile.switched': ProfileView;
  /** A profile changed outside a call's answer (its backup fetched by the browser). */
  'profile.updated': ProfileView;
  'connection.skew': { seconds: number };
  /**
   * The background re-wrap of a renewed profile's own items: progress, then finished with how many
   * items still need an old key (none: the old keys may be forgotten) or what stopped it.
   */
  'keys.rewrap': {
    profileId: string;
    done: number;
    total: number;
    finished: boolean;
    oldKeysNeeded?: number;
    error?: string;
  };
  notification: { kind: 'success' | 'failure'; title: string; body: string };
  /** Main's shared refresh found changes in one study (the file list, Find and Changes follow it). */
  'study.changed': StudyChangedEvent;
  /** What is New changed (a refresh found some, or the user saw some). */
  'changes.unseen': UnseenView;
  /**
   * The browser host's desktop notification (Web Notifications; Electron's shell shows its own):
   * already batched and worded, names left out when the user hides them.
   */
  'changes.notify': { title: string; body: string; containerId: string; itemPaths: string[] };
  /** Bring the window forward and show these items (a notification was clicked). */
  reveal: { containerId: string; itemPaths: string[] };
  /** A check of collaborators' certificates finished (on opening a profile's session, every few hours, after a re-wrap). */
  'certificates.changed': {
    profileId: string;
    changes: CertificateChangeView[];
    expiring: ExpiringCertificateView[];
  };
  /** One grant of a re-wrap for an organization's new certificate done (or failed). */
  'certificates.rewrapProgress': {
    profileId: string;
    organizationId: string;
    done: number;
    total: number;
    item: { containerId: string; path: string; ok: boolean; message?: string; name?: string };
  };
}
export type EventName = keyof EventPayloads;

/** One operation as the renderer calls it. */
export type OperationCall<N extends OperationName> = (args: OperationArgs<N>) => Promise<IpcResult<OperationResult<N>>>;
/** One function per operation. */
export type ExchangeOperations = { readonly [N in OperationName]: OperationCall<N> };

/** The renderer's API (`window.exchange`): one function per operation, and event subscription. */
export type ExchangeApi = ExchangeOperations & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void) => () => void;
  /** Registers a dropped File (Electron: its path; browser host: its bytes) and returns a reference. */
  readonly stageFile: (file: File, relativePath: string) => Promise<IpcResult<FileRef>>;
};
