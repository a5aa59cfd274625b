// Plain view objects for tests: items, transfers, errors, containers, profiles.
import type { RecordHeader } from '../../shared/types.js';
import type { AppError, ContainerView, ItemView, ProfileView, TransferView } from '../../shared/ipc/views.js';
import { toSlashForm } from '../../shared/item-path.js';

const HASH = 'a'.repeat(64);

export function item(
  id: string,
  options: {
    updatedAt?: string;
    header?: RecordHeader;
    ownedByMe?: boolean;
    ownerId?: string;
    headerProblem?: string;
  } = {},
): ItemView {
  const at = options.updatedAt ?? '2026-01-02T03:04:05Z';
  return {
    id,
    path: toSlashForm(id),
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: at,
    headerHash: HASH,
    keyHash: 'c'.repeat(64),
    contentHash: 'b'.repeat(64),
    ownerId: options.ownerId ?? '1'.repeat(32),
    ownedByMe: options.ownedByMe ?? true,
    decryptedHeader: options.header,
    headerProblem: options.headerProblem,
  };
}

export function doc(fileName: string, size: number, mediaType = 'application/pdf'): RecordHeader {
  return { type: 'document', version: 'IRBX.2', name: fileName.replace(/\.[^.]+$/, ''), fileName, mediaType, size };
}

export function appError(overrides: Partial<AppError> = {}): AppError {
  return {
    code: 1015,
    message: 'The resource was not found.',
    details: 'item documents/abc',
    explanation: 'Not found, or you do not have access to it.',
    status: 404,
    requestId: 'req-123',
    retryable: true,
    ...overrides,
  };
}

export function transfer(overrides: Partial<TransferView> = {}): TransferView {
  return {
    id: 't1',
    direction: 'upload',
    profileId: 'p1',
    containerId: 'c'.repeat(32),
    itemPath: 'docs/x',
    fileName: 'protocol.pdf',
    state: 'running',
    bytes: 512 * 1024,
    total: 2 * 1024 * 1024,
    rate: 256 * 1024,
    startedAt: '2026-01-02T03:04:05Z',
    ...overrides,
  };
}

export function container(id: string, createdAt: string, overrides: Partial<ContainerView> = {}): ContainerView {
  return {
    id,
    url: '',
    ownerId: '1'.repeat(32),
    itemsUrl: '',
    organizationsUrl: '',
    ownerUrl: '',
    createdAt,
    updatedAt: createdAt,
    title: `Study ${id.slice(0, 8)}`,
    ownerName: 'Central IRB',
    ownedByMe: true,
    ...overrides,
  };
}

export function profile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: 'p1',
    name: 'Sandbox sIRB',
    environment: 'sandbox',
    baseUrl: 'http://127.0.0.1:1',
    organizationId: '1'.repeat(32),
    organizationName: 'Central IRB',
    roles: ['sirb'],
    certificate: { subject: 'CN=x', issuer: 'CN=x', validFrom: '', validTo: '', thumbprint: 'ab', keyBits: 2048 },
    active: true,
    ...overrides,
  };
}
