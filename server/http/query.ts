// The query as the routes read it: from the very decoding the signature covered
// (protocol.md §3), so a route never acts on a query other than the one verified.
import { decodeQueryPairs } from '../../shared/protocol/signing.js';
import { ApiError } from './api-error.js';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

export type QueryParams = ReadonlyMap<string, string>;

/**
 * Name → value. `+` is a plus and `%20` a space, as the canonicalizer reads them. A repeated
 * parameter is refused (its values are sorted when signed, so `?a=1&a=2` and `?a=2&a=1`
 * share a signature), and so are bytes that are not UTF-8 (a route would read U+FFFD
 * where other bytes were signed).
 */
export function readQuery(query: string): QueryParams {
  const params = new Map<string, string>();
  for (const [nameBytes, valueBytes] of decodeQueryPairs(query)) {
    let name: string;
    let value: string;
    try {
      name = UTF8.decode(nameBytes);
      value = UTF8.decode(valueBytes);
    } catch {
      throw new ApiError('invalidValue', 'A query parameter is not UTF-8 text.');
    }
    // text must be text: no store ever sees U+0000 (docs/protocol.md §5)
    if (name.includes('\0') || value.includes('\0'))
      throw new ApiError('invalidValue', 'A query parameter holds the character U+0000.');
    if (params.has(name)) throw new ApiError('invalidValue', `The query parameter ${name} is given more than once.`);
    params.set(name, value);
  }
  return params;
}
