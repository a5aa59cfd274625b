// Argument schemas the operations of more than one room share (ids, paths, key material),
// written once; each room's contract/<room>.ts builds its operations from them.
import { z } from 'zod';
import { MAX_ITEM_PATH_LENGTH } from '../item-path.js';

export const id = z.string().min(1).max(200);
export const hexId = z.string().regex(/^[0-9a-f]{32}$/);
export const itemPath = z.string().min(1).max(MAX_ITEM_PATH_LENGTH);
export const folderPath = z.string().max(MAX_ITEM_PATH_LENGTH);
/** A dropped file's path below the folder it is dropped into. */
export const relativePath = z.string().min(1).max(MAX_ITEM_PATH_LENGTH);
export const pem = z
  .string()
  .min(1)
  .max(64 * 1024);
export const none = z.strictObject({});
export const profile = z.strictObject({ profileId: id });
export const container = z.strictObject({ containerId: hexId });
export const containerOrg = z.strictObject({ containerId: hexId, organizationId: hexId });
export const item = z.strictObject({ containerId: hexId, itemPath });
export const items = (max: number) =>
  z.strictObject({ containerId: hexId, itemPaths: z.array(itemPath).min(1).max(max) });
