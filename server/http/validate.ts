// Body field checks, each refusal with the code of protocol.md §5 and the field named.
import { isBase64, isLowerHex } from '../../shared/protocol/encoding.js';
import { ApiError } from './api-error.js';

export type Fields = Record<string, unknown>;

export function parseJsonObject(buffer: Buffer | undefined, overCap: boolean): Fields {
  if (overCap) throw new ApiError('invalidValue', 'The JSON body is too large for this endpoint.');
  const text = (buffer ?? Buffer.alloc(0)).toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('invalidValue', 'The body is not valid JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('invalidValue', 'The body must be a JSON object.');
  }
  refuseNul(value);
  return value as Fields;
}

/**
 * Text must be text (docs/protocol.md §5, 1009): no string of the value, nor any name, holds
 * U+0000, which PostgreSQL cannot store and other stores would keep as a trap for readers.
 * Walked with a stack of its own: a body may nest deeper than the call stack goes.
 */
export function refuseNul(value: unknown, what = 'The body'): void {
  const todo: unknown[] = [value];
  while (todo.length > 0) {
    const v = todo.pop();
    if (typeof v === 'string') {
      if (v.includes('\0')) throw new ApiError('invalidValue', `${what} holds the character U+0000.`);
    } else if (Array.isArray(v)) {
      for (const inner of v) todo.push(inner);
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, inner] of Object.entries(v)) todo.push(k, inner);
    }
  }
}

export function requirePresent(f: Fields, name: string): void {
  if (f[name] === undefined) throw new ApiError('fieldMissing', `The field ${name} is required.`);
}

export function requireString(f: Fields, name: string): string {
  requirePresent(f, name);
  return asString(f, name)!;
}

export function asString(f: Fields, name: string): string | undefined {
  const v = f[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new ApiError('invalidValue', `The field ${name} must be a string.`);
  return v;
}

export function asBoolean(f: Fields, name: string): boolean | undefined {
  const v = f[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new ApiError('invalidValue', `The field ${name} must be true or false.`);
  return v;
}

export function requireBase64(f: Fields, name: string): string {
  const v = requireString(f, name);
  // never empty (protocol.md §4): a wrapped key or a ciphertext has at least one block
  if (v === '' || !isBase64(v))
    throw new ApiError('notBase64', `The field ${name} is not Base-64${v === '' ? ' (it is empty)' : ''}.`);
  return v;
}

export function requireHex(f: Fields, name: string, length: number): string {
  const v = requireString(f, name);
  if (!isLowerHex(v, length))
    throw new ApiError('notBase16', `The field ${name} must be ${length} lower-case hexadecimal characters.`);
  return v;
}

export function requireValue(f: Fields, name: string, allowed: string): string {
  const v = requireString(f, name);
  if (v !== allowed) throw new ApiError('invalidValue', `The field ${name} must be ${allowed}.`);
  return v;
}
