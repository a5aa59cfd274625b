// The service's answers are another party's JSON: each is checked here against the shape the
// interface gives it before anything reads a field, so a malformed answer is one clear error
// (AnswerError) at the client boundary, not a crash somewhere later.
import { FailureError } from '../../shared/failure-error.js';
import type { Container, Item, ItemWithContent, Organization, RootDocument } from '../../shared/types.js';

export class AnswerError extends FailureError<'malformed'> {
  override readonly name = 'AnswerError';
}

/** Checks a parsed answer; `what` names it in the error (e.g. "GET /containers"). */
export type Check<T> = (value: unknown, what: string) => T;

type Kind<V> = V extends string ? 'string' : V extends boolean ? 'boolean' : V extends number ? 'number' : 'array';
/** Every field of T with the JSON kind it must have. */
type Shape<T> = { readonly [K in keyof T]-?: Kind<T[K]> };

function malformed(what: string, detail: string): AnswerError {
  return new AnswerError(
    'malformed',
    `The exchange's answer to ${what} is not what the interface describes: ${detail}.`,
  );
}

/** An object with every field of the shape, of its kind (other fields are kept as they are). */
function object<T>(shape: Shape<T>): Check<T> {
  const fields = Object.entries(shape) as [string, string][];
  return (value, what) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed(what, 'not a JSON object');
    const record = value as Record<string, unknown>;
    for (const [field, kind] of fields) {
      const v = record[field];
      if (kind === 'array' ? !Array.isArray(v) : typeof v !== kind)
        throw malformed(what, `"${field}" is not ${kind === 'array' ? 'a list' : `a ${kind}`}`);
    }
    return value as T;
  };
}

function listOf<T>(one: Check<T>): Check<T[]> {
  return (value, what) => {
    if (!Array.isArray(value)) throw malformed(what, 'not a JSON list');
    for (let i = 0; i < value.length; i++) {
      try {
        one(value[i], what);
      } catch {
        // checked again with the entry named: no label is made for each of a listing's 100,000 good entries
        one(value[i], `${what} (entry ${i + 1})`);
      }
    }
    return value as T[];
  };
}

const text = 'string' as const;

export const containerAnswer = object<Container>({
  id: text,
  url: text,
  ownerId: text,
  itemsUrl: text,
  organizationsUrl: text,
  ownerUrl: text,
  createdAt: text,
  updatedAt: text,
});
export const containersAnswer = listOf(containerAnswer);

export const organizationAnswer = object<Organization>({
  id: text,
  url: text,
  name: text,
  isSirb: 'boolean',
  isDisabled: 'boolean',
  certificateUrl: text,
  thumbprint: text,
  createdAt: text,
  updatedAt: text,
});
export const organizationsAnswer = listOf(organizationAnswer);

const itemShape: Shape<Item> = {
  id: text,
  url: text,
  contentUrl: text,
  ownerUrl: text,
  containerUrl: text,
  permissionsUrl: text,
  createdAt: text,
  updatedAt: text,
  header: text,
  headerHash: text,
  headerHashAlgorithm: text,
  contentHash: text,
  contentHashAlgorithm: text,
  key: text,
  keyHash: text,
  keyHashAlgorithm: text,
  iv: text,
  algorithm: text,
};
const itemChecked = object<Item>(itemShape);

/**
 * The same test as itemChecked with each field read by name, which the engine does far faster
 * than by a key in a loop (a listing checks 100,000 items); whatever fails it goes through
 * itemChecked, which names the field.
 */
function isItem(value: unknown): value is Item {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<keyof Item, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.url === 'string' &&
    typeof v.contentUrl === 'string' &&
    typeof v.ownerUrl === 'string' &&
    typeof v.containerUrl === 'string' &&
    typeof v.permissionsUrl === 'string' &&
    typeof v.createdAt === 'string' &&
    typeof v.updatedAt === 'string' &&
    typeof v.header === 'string' &&
    typeof v.headerHash === 'string' &&
    typeof v.headerHashAlgorithm === 'string' &&
    typeof v.contentHash === 'string' &&
    typeof v.contentHashAlgorithm === 'string' &&
    typeof v.key === 'string' &&
    typeof v.keyHash === 'string' &&
    typeof v.keyHashAlgorithm === 'string' &&
    typeof v.iv === 'string' &&
    typeof v.algorithm === 'string'
  );
}

export const itemAnswer: Check<Item> = (value, what) => (isItem(value) ? value : itemChecked(value, what));
export const itemWithContentAnswer = object<ItemWithContent>({ ...itemShape, content: text });
/** A page of a folder's listing. */
export const itemsAnswer = listOf(itemAnswer);
/** A listing: one item (a path that names an item) or a list of them. */
export const listingAnswer: Check<Item | Item[]> = (value, what) =>
  Array.isArray(value) ? itemsAnswer(value, what) : itemAnswer(value, what);

export const rootAnswer = object<RootDocument>({ name: text, version: text, endpoints: 'array' });
