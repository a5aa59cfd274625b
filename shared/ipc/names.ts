// The names of the contract's operations and events, without its schemas: the preload and
// the renderer need only these, so they do not bundle zod. Checked at compile time (below)
// to be exactly the contract's operations and events.
import type { EventName, OperationName } from './contract.js';
import { ACTIVITY_OPERATION_NAMES } from './contract/activity-names.js';
import { ADMIN_OPERATION_NAMES } from './contract/admin-names.js';
import { ARCHIVE_EVENT_NAMES, ARCHIVE_OPERATION_NAMES } from './contract/archive-names.js';
import { BINDER_OPERATION_NAMES } from './contract/binder-names.js';
import { FILE_MANAGER_OPERATION_NAMES } from './contract/file-manager-names.js';
import { KEYS_EVENT_NAMES, KEYS_OPERATION_NAMES } from './contract/keys-names.js';
import { PROFILES_EVENT_NAMES, PROFILES_OPERATION_NAMES } from './contract/profiles-names.js';
import { RECEIPTS_OPERATION_NAMES } from './contract/receipts-names.js';
import { SANDBOX_OPERATION_NAMES } from './contract/sandbox-names.js';
import { SEARCH_OPERATION_NAMES } from './contract/search-names.js';
import { SETTINGS_OPERATION_NAMES } from './contract/settings-names.js';
import { SHARING_OPERATION_NAMES } from './contract/sharing-names.js';
import { SIGNOFFS_OPERATION_NAMES } from './contract/signoffs-names.js';
import { STUDIES_OPERATION_NAMES } from './contract/studies-names.js';
import { TRANSFERS_EVENT_NAMES, TRANSFERS_OPERATION_NAMES } from './contract/transfers-names.js';
import { TRUST_EVENT_NAMES, TRUST_OPERATION_NAMES } from './contract/trust-names.js';
import { WHATS_NEW_EVENT_NAMES, WHATS_NEW_OPERATION_NAMES } from './contract/whats-new-names.js';

export const OPERATION_NAMES = [
  ...SETTINGS_OPERATION_NAMES,
  ...PROFILES_OPERATION_NAMES,
  ...KEYS_OPERATION_NAMES,
  ...TRUST_OPERATION_NAMES,
  ...STUDIES_OPERATION_NAMES,
  ...SEARCH_OPERATION_NAMES,
  ...FILE_MANAGER_OPERATION_NAMES,
  ...TRANSFERS_OPERATION_NAMES,
  ...SHARING_OPERATION_NAMES,
  ...ADMIN_OPERATION_NAMES,
  ...ACTIVITY_OPERATION_NAMES,
  ...SANDBOX_OPERATION_NAMES,
  ...RECEIPTS_OPERATION_NAMES,
  ...WHATS_NEW_OPERATION_NAMES,
  ...SIGNOFFS_OPERATION_NAMES,
  ...BINDER_OPERATION_NAMES,
  ...ARCHIVE_OPERATION_NAMES,
] as const;

export const EVENT_NAMES = [
  ...TRANSFERS_EVENT_NAMES,
  ...PROFILES_EVENT_NAMES,
  ...KEYS_EVENT_NAMES,
  ...WHATS_NEW_EVENT_NAMES,
  ...TRUST_EVENT_NAMES,
  ...ARCHIVE_EVENT_NAMES,
] as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operationsMatch: Same<(typeof OPERATION_NAMES)[number], OperationName> = true;
const eventsMatch: Same<(typeof EVENT_NAMES)[number], EventName> = true;
void operationsMatch;
void eventsMatch;
