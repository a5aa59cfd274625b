// The names of the contract's operations and events, without its schemas: the preload and
// the renderer need only these, so they do not bundle zod. Checked at compile time (below)
// to be exactly the contract's operations and events.
import type { EventName, OperationName } from './contract.js';
import { SIGNOFFS_OPERATION_NAMES } from './contract/signoffs-names.js';
import { BINDER_OPERATION_NAMES } from './contract/binder-names.js';
import { ARCHIVE_EVENT_NAMES, ARCHIVE_OPERATION_NAMES } from './contract/archive-names.js';
import { TRUST_OPERATION_NAMES } from './contract/trust-names.js';
import { FILE_MANAGER_OPERATION_NAMES } from './contract/file-manager-names.js';

export const OPERATION_NAMES = [
  'app.info',
  'profiles.list',
  'profiles.switch',
  'profiles.importPem',
  'profiles.importPkcs12',
  'profiles.setTrustAnchors',
  'profiles.generateKey',
  'profiles.update',
  'profiles.remove',
  'profiles.backup',
  'profiles.renew',
  'profiles.rewrapOwnItems',
  'profiles.forgetOldKeys',
  'connection.check',
  'certificates.changes',
  'certificates.rewrap',
  'notices.list',
  'notices.dismissBackup',
  'containers.list',
  'containers.create',
  'containers.updateStudy',
  'search.find',
  'collaborators.list',
  'collaborators.add',
  'collaborators.remove',
  'items.list',
  'items.listOpen',
  'items.listNext',
  'items.listClose',
  'items.headers',
  'items.details',
  'items.readRecord',
  'items.writeRecord',
  'items.delete',
  'items.rekey',
  'files.pick',
  'files.release',
  'transfers.upload',
  'transfers.download',
  'transfers.list',
  'transfers.cancel',
  'transfers.retry',
  'transfers.clear',
  'access.list',
  'access.preview',
  'access.grant',
  'access.update',
  'access.revoke',
  'access.shareWithStudy',
  'organizations.list',
  'organizations.get',
  'admin.createOrganization',
  'admin.updateOrganization',
  'admin.putCertificate',
  'activity.list',
  'activity.exportCsv',
  'settings.get',
  'settings.update',
  'sandbox.reset',
  'receipts.forItem',
  'receipts.report',
  'receipts.setSending',
  'changes.list',
  'changes.unseen',
  'changes.markSeen',
  'changes.setVisible',
  'changes.refresh',
  ...SIGNOFFS_OPERATION_NAMES,
  ...BINDER_OPERATION_NAMES,
  ...ARCHIVE_OPERATION_NAMES,
  ...TRUST_OPERATION_NAMES,
  ...FILE_MANAGER_OPERATION_NAMES,
] as const;

export const EVENT_NAMES = [
  'transfers.changed',
  'transfer.progress',
  'profile.switched',
  'profile.updated',
  'connection.skew',
  'notification',
  'keys.rewrap',
  'study.changed',
  'changes.unseen',
  'changes.notify',
  'reveal',
  'certificates.changed',
  'certificates.rewrapProgress',
  ...ARCHIVE_EVENT_NAMES,
] as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operationsMatch: Same<(typeof OPERATION_NAMES)[number], OperationName> = true;
const eventsMatch: Same<(typeof EVENT_NAMES)[number], EventName> = true;
void operationsMatch;
void eventsMatch;
