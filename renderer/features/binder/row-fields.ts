// What the file list shows of a document's binder fields (decisions §8): the vocabulary's name as
// its Type (the media type's words when it has none), its expiry for the Expires column, and the
// person a filter also matches ("cv Reyes" finds Dr Reyes's CV).
import { documentTypeName } from '../../../shared/binder/document-types.js';
import type { ItemView } from '../../../shared/ipc/views.js';

/** An expiry present in the header but not a calendar date. */
export const UNREADABLE_DATE = 'unreadable';

export function binderColumns(item: ItemView, mediaWords: string): { type: string; expires?: string; person: string } {
  const f = item.fields;
  const expires = f?.expiresOn ?? (f?.unreadable?.includes('expiresOn') ? UNREADABLE_DATE : undefined);
  return {
    type: f?.docType ? documentTypeName(f.docType) : mediaWords,
    ...(expires ? { expires } : {}),
    person: f?.person?.name ?? '',
  };
}
