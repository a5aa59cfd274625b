import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_EXPLANATIONS, errorCodeEntry } from './error-codes.js';

// The error table, written out so the test stands on its own; docs/protocol.md must agree.
const EXPECTED: ReadonlyArray<readonly [number, number, string]> = [
  [1, 500, 'The server was unable to complete your request.'],
  [1001, 400, 'The certificate file was not specified.'],
  [1003, 409, 'The organization already exists.'],
  [1004, 400, 'The media type is not supported.'],
  [1006, 400, 'A required field is missing.'],
  [1007, 400, 'Expected the value to be base-64 encoded.'],
  [1008, 400, 'Expected the value to be base-16 encoded.'],
  [1009, 400, 'The value is not valid.'],
  [1010, 400, 'The certificate is not valid.'],
  [1011, 400, 'The item path is not valid.'],
  [1012, 409, 'The organization does not have access to the container.'],
  [1013, 409, 'The organization already has access.'],
  [1014, 400, "The owner's access cannot be revoked."],
  [1015, 404, 'The resource was not found.'],
  [1016, 413, 'The request is too large.'],
  [1017, 415, 'The media type is not supported.'],
  [1018, 503, 'The service is busy.'],
  [1019, 409, 'The organization is disabled.'],
  [1020, 409, 'The last administrator cannot be disabled.'],
  [1021, 408, 'The request body arrived too slowly.'],
  [2001, 400, 'A required header is missing or not valid.'],
  [2002, 400, 'The Host header does not match the service.'],
  [2003, 401, 'The request signature does not match.'],
  [2004, 401, 'The request time is outside the accepted window.'],
  [2005, 401, 'The request id was already used.'],
  [2006, 403, 'The organization is disabled.'],
  [2007, 403, 'The organization is not allowed to do this.'],
];

const entries = Object.values(ERROR_CODES);

describe('ERROR_CODES', () => {
  it.each(EXPECTED)('has code %i with status %i and its fixed message', (code, status, message) => {
    expect(errorCodeEntry(code)).toEqual({ code, status, message });
  });

  it('holds nothing beyond the table, each code once', () => {
    expect(entries.map((e) => e.code).sort((a, b) => a - b)).toEqual(EXPECTED.map(([c]) => c));
  });

  it('answers undefined for an unknown code', () => {
    expect(errorCodeEntry(1002)).toBeUndefined();
    expect(errorCodeEntry(0)).toBeUndefined();
  });

  it('names the entries the server uses most', () => {
    expect(ERROR_CODES.notFound.code).toBe(1015);
    expect(ERROR_CODES.signatureMismatch).toEqual({
      code: 2003,
      status: 401,
      message: 'The request signature does not match.',
    });
    expect(ERROR_CODES.fieldMissing.code).toBe(1006);
    expect(ERROR_CODES.tooLarge.status).toBe(413);
  });

  it('has a plain-words explanation for every code and for no other', () => {
    expect(
      Object.keys(ERROR_EXPLANATIONS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual(EXPECTED.map(([c]) => c));
    for (const text of Object.values(ERROR_EXPLANATIONS)) expect(text.length).toBeGreaterThan(10);
  });

  it('matches the table of docs/protocol.md §5 row for row', () => {
    // the repository's own document: a clone stands alone, without ../shared beside it
    const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/protocol.md');
    const text = readFileSync(file, 'utf8');
    const section = text.slice(text.indexOf('## 5. Errors'), text.indexOf('## 6.'));
    const rows = [...section.matchAll(/^\| (\d+) \| (\d+) \| (.+?) \|/gm)].map(
      (m) => [Number(m[1]), Number(m[2]), m[3]!.trim()] as const,
    );
    expect(rows).toEqual(EXPECTED);
  });
});
