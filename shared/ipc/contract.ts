// The one IPC contract: every operation the renderer may ask of main, with its argument
// schema (checked at the door) and result type, and every event main pushes. The preload,
// the browser bridge, the door and the renderer's hooks are all typed from this file.
import { z } from 'zod';
import { EVENT_NAMES as EVENT_NAMES_LIST, OPERATION_NAMES as OPERATION_NAMES_LIST } from './names.js';
import type { Organization, RecordHeader } from '../types.js';
import { FINISHED_TRANSFER_STATES, type FinishedTransferState } from './views.js';
import type {
  AccessResult,
  ActivityEntry,
  AppError,
  AppInfo,
  ConnectionCheck,
  ContainerView,
  FileRef,
  GranteePreview,
  ItemDetails,
  ItemView,
  ProfileView,
  SaveOutcome,
  Settings,
  TransferView,
} from './views.js';

const id = z.string().min(1).max(200);
const hexId = z.string().regex(/^[0-9a-f]{32}$/);
const itemPath = z.string().min(1).max(12 * 201);
const folderPath = z.string().max(12 * 201);
const environment = z.enum(['production', 'test', 'sandbox', 'other']);
const baseUrl = z.string().url().max(2000);
const pem = z.string().min(1).max(64 * 1024);
const none = z.strictObject({});
/** What every way of adding a profile asks besides the key. */
const newProfileFields = {
  name: z.string().min(1).max(100),
  environment,
  baseUrl,
  organizationId: hexId,
  administrator: z.boolean().optional(),
};

/** Declares one operation: its argument schema and (type-only) result. */
function op<A extends z.ZodType, R>(args: A): { readonly args: A; readonly result: R } {
  return { args, result: undefined as unknown as R };
}

export const operations = {
  'app.info': op<typeof none, AppInfo>(none),

  'profiles.list': op<typeof none, ProfileView[]>(none),
  'profiles.switch': op<z.ZodObject<{ profileId: typeof id }>, ProfileView>(z.strictObject({ profileId: id })),
  'profiles.importPem': op<z.ZodType<ImportPemArgs>, ProfileView>(
    z.strictObject({
      ...newProfileFields,
      keyPem: pem.optional(),
      pendingKeyId: id.optional(),
      certificatePem: pem,
    }),
  ),
  'profiles.importPkcs12': op<z.ZodType<ImportPkcs12Args>, ProfileView>(
    z.strictObject({
      ...newProfileFields,
      pkcs12Base64: z.string().min(1).max(1024 * 1024),
      password: z.string().max(1024),
    }),
  ),
  'profiles.generateKey': op<z.ZodType<GenerateKeyArgs>, { pendingKeyId: string; csrPem: string }>(
    z.strictObject({
      commonName: z.string().min(1).max(64),
      organization: z.string().max(64).optional(),
      country: z.string().length(2).optional(),
      bits: z.union([z.literal(2048), z.literal(3072), z.literal(4096)]).optional(),
    }),
  ),
  'profiles.update': op<z.ZodType<UpdateProfileArgs>, ProfileView>(
    z.strictObject({
      profileId: id,
      name: z.string().min(1).max(100).optional(),
      environment: environment.optional(),
      baseUrl: baseUrl.optional(),
    }),
  ),
  'profiles.remove': op<z.ZodObject<{ profileId: typeof id }>, ProfileView[]>(z.strictObject({ profileId: id })),

  'connection.check': op<typeof none, ConnectionCheck>(none),

  'containers.list': op<typeof none, ContainerView[]>(none),
  'containers.create': op<typeof none, ContainerView>(none),
  'collaborators.list': op<z.ZodType<{ containerId: string }>, Organization[]>(z.strictObject({ containerId: hexId })),
  'collaborators.add': op<z.ZodType<ContainerOrgArgs>, Organization[]>(z.strictObject({ containerId: hexId, organizationId: hexId })),
  'collaborators.remove': op<z.ZodType<ContainerOrgArgs>, Organization[]>(z.strictObject({ containerId: hexId, organizationId: hexId })),

  'items.list': op<z.ZodType<ListItemsArgs>, ItemView[]>(
    z.strictObject({ containerId: hexId, since: z.string().max(64).optional() }),
  ),
  'items.headers': op<z.ZodType<ItemsArgs>, ItemView[]>(
    z.strictObject({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(500) }),
  ),
  'items.details': op<z.ZodType<ItemArgs>, ItemDetails>(z.strictObject({ containerId: hexId, itemPath })),
  'items.readRecord': op<z.ZodType<ItemArgs>, { header: RecordHeader; content: unknown }>(
    z.strictObject({ containerId: hexId, itemPath }),
  ),
  'items.writeRecord': op<z.ZodType<WriteRecordArgs>, ItemView>(
    z.strictObject({
      containerId: hexId,
      itemPath,
      header: z.looseObject({ type: z.string().min(1).max(100), version: z.string().min(1).max(50) }),
      content: z.unknown(),
    }),
  ),
  'items.delete': op<z.ZodType<ItemsArgs>, AccessResult[]>(
    z.strictObject({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(10_000) }),
  ),
  'items.rekey': op<z.ZodType<ItemArgs>, AccessResult[]>(z.strictObject({ containerId: hexId, itemPath })),

  'files.pick': op<z.ZodType<{ folders?: boolean }>, FileRef[]>(z.strictObject({ folders: z.boolean().optional() })),
  'transfers.upload': op<z.ZodType<UploadArgs>, TransferView[]>(
    z.strictObject({
      containerId: hexId,
      folder: folderPath,
      files: z
        .array(
          z.strictObject({
            ref: id,
            relativePath: z.string().min(1).max(12 * 201),
            conflict: z.enum(['replace', 'keepBoth', 'skip']).optional(),
            /** With conflict 'replace': the existing item (ours) that gets the new version. */
            replacePath: itemPath.optional(),
          }),
        )
        .min(1)
        .max(10_000),
    }),
  ),
  'transfers.download': op<z.ZodType<DownloadArgs>, SaveOutcome>(
    z.strictObject({ containerId: hexId, itemPath, mode: z.enum(['saveAs', 'open', 'dragOut']) }),
  ),
  'transfers.list': op<typeof none, TransferView[]>(none),
  'transfers.cancel': op<z.ZodType<{ transferId: string }>, TransferView>(z.strictObject({ transferId: id })),
  'transfers.retry': op<z.ZodType<{ transferId: string }>, TransferView>(z.strictObject({ transferId: id })),
  /** Clears one tab of the panel in one call: Completed is ['verified'], Failed is ['failed', 'cancelled']. */
  'transfers.clear': op<z.ZodType<{ states: FinishedTransferState[] }>, TransferView[]>(
    z.strictObject({ states: z.array(z.enum(FINISHED_TRANSFER_STATES)).min(1).max(FINISHED_TRANSFER_STATES.length) }),
  ),

  'access.list': op<z.ZodType<ItemArgs>, Organization[]>(z.strictObject({ containerId: hexId, itemPath })),
  'access.preview': op<z.ZodType<ContainerOrgArgs>, GranteePreview>(
    z.strictObject({ containerId: hexId, organizationId: hexId }),
  ),
  'access.grant': op<z.ZodType<AccessArgs>, AccessResult[]>(
    z.strictObject({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(10_000), organizationIds: z.array(hexId).min(1).max(1000) }),
  ),
  'access.update': op<z.ZodType<AccessArgs>, AccessResult[]>(
    z.strictObject({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(10_000), organizationIds: z.array(hexId).min(1).max(1000) }),
  ),
  'access.revoke': op<z.ZodType<AccessArgs>, AccessResult[]>(
    z.strictObject({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(10_000), organizationIds: z.array(hexId).min(1).max(1000) }),
  ),
  'access.shareWithStudy': op<z.ZodType<ItemsArgs>, AccessResult[]>(
    z.strictObject({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(10_000) }),
  ),

  'organizations.list': op<z.ZodType<{ namePrefix?: string }>, Organization[]>(
    z.strictObject({ namePrefix: z.string().max(200).optional() }),
  ),
  'organizations.get': op<z.ZodType<{ organizationId: string }>, GranteePreview>(z.strictObject({ organizationId: hexId })),

  'admin.createOrganization': op<z.ZodType<CreateOrgArgs>, Organization>(
    z.strictObject({ name: z.string().min(1).max(200), isSirb: z.boolean(), certificatePem: pem.optional() }),
  ),
  'admin.updateOrganization': op<z.ZodType<UpdateOrgArgs>, Organization>(
    z.strictObject({
      organizationId: hexId,
      name: z.string().min(1).max(200).optional(),
      isSirb: z.boolean().optional(),
      isDisabled: z.boolean().optional(),
    }),
  ),
  'admin.putCertificate': op<z.ZodType<PutCertificateArgs>, Organization>(
    z.strictObject({
      organizationId: hexId,
      certificateBase64: z.string().min(0).max(1024 * 1024),
      mediaType: z.string().min(1).max(100),
    }),
  ),

  'activity.list': op<z.ZodType<{ action?: string; text?: string }>, ActivityEntry[]>(
    z.strictObject({ action: z.string().max(40).optional(), text: z.string().max(200).optional() }),
  ),
  'activity.exportCsv': op<typeof none, { csv: string }>(none),

  'settings.get': op<typeof none, Settings>(none),
  'settings.update': op<z.ZodType<Partial<Pick<Settings, 'theme' | 'transferConcurrency'>> & { shareUploadsWithOwner?: boolean }>, Settings>(
    z.strictObject({
      theme: z.enum(['light', 'dark', 'system']).optional(),
      transferConcurrency: z.number().int().min(1).max(8).optional(),
      shareUploadsWithOwner: z.boolean().optional(),
    }),
  ),
  'sandbox.reset': op<typeof none, ProfileView[]>(none),
} as const;

export type OperationName = keyof typeof operations;
export type OperationArgs<N extends OperationName> = z.output<(typeof operations)[N]['args']>;
export type OperationResult<N extends OperationName> = (typeof operations)[N]['result'];
export { OPERATION_NAMES, EVENT_NAMES } from './names.js';

// The zod-free name list and the schemas must name the same operations and events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const namesMatch: Same<(typeof OPERATION_NAMES_LIST)[number], OperationName> = true;
const eventsMatch: Same<(typeof EVENT_NAMES_LIST)[number], EventName> = true;
void namesMatch;
void eventsMatch;

/** What every call returns across the boundary: a value or an expected failure as data. */
export type IpcResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AppError };

export interface EventPayloads {
  'transfers.changed': TransferView[];
  'transfer.progress': Pick<TransferView, 'id' | 'bytes' | 'total' | 'rate' | 'state'>;
  'profile.switched': ProfileView;
  'connection.skew': { seconds: number };
  notification: { kind: 'success' | 'failure'; title: string; body: string };
}
export type EventName = keyof EventPayloads;

/** The renderer's API (`window.exchange`): one function per operation, and event subscription. */
export type ExchangeApi = {
  readonly [N in OperationName]: (args: OperationArgs<N>) => Promise<IpcResult<OperationResult<N>>>;
} & {
  readonly on: <E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void) => () => void;
  /** Registers a dropped File (Electron: its path; browser host: its bytes) and returns a reference. */
  readonly stageFile: (file: File, relativePath: string) => Promise<IpcResult<FileRef>>;
};

interface ImportPemArgs {
  name: string;
  environment: z.infer<typeof environment>;
  baseUrl: string;
  organizationId: string;
  keyPem?: string;
  pendingKeyId?: string;
  certificatePem: string;
  /** The organization is an administrator of the exchange (not visible in its directory entry). */
  administrator?: boolean;
}
interface ImportPkcs12Args extends Omit<ImportPemArgs, 'keyPem' | 'pendingKeyId' | 'certificatePem'> {
  pkcs12Base64: string;
  password: string;
}
interface GenerateKeyArgs {
  commonName: string;
  organization?: string;
  country?: string;
  bits?: 2048 | 3072 | 4096;
}
interface UpdateProfileArgs {
  profileId: string;
  name?: string;
  environment?: z.infer<typeof environment>;
  baseUrl?: string;
}
interface ContainerOrgArgs {
  containerId: string;
  organizationId: string;
}
interface ListItemsArgs {
  containerId: string;
  since?: string;
}
interface ItemArgs {
  containerId: string;
  itemPath: string;
}
interface ItemsArgs {
  containerId: string;
  itemPaths: string[];
}
interface WriteRecordArgs extends ItemArgs {
  header: RecordHeader;
  content: unknown;
}
interface UploadArgs {
  containerId: string;
  folder: string;
  files: { ref: string; relativePath: string; conflict?: 'replace' | 'keepBoth' | 'skip'; replacePath?: string }[];
}
interface DownloadArgs extends ItemArgs {
  mode: 'saveAs' | 'open' | 'dragOut';
}
interface AccessArgs {
  containerId: string;
  itemPaths: string[];
  organizationIds: string[];
}
interface CreateOrgArgs {
  name: string;
  isSirb: boolean;
  certificatePem?: string;
}
interface UpdateOrgArgs {
  organizationId: string;
  name?: string;
  isSirb?: boolean;
  isDisabled?: boolean;
}
interface PutCertificateArgs {
  organizationId: string;
  certificateBase64: string;
  mediaType: string;
}
