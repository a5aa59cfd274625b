// The AWS SigV4 canonical-request vectors (conformance/ beside this file, copied with their
// LICENSE and NOTICE; see its README for which cases apply) run through canonicalRequest,
// with X-Amz-Date renamed to Service-IrbX-Date.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './encoding.js';
import { canonicalRequest } from './signing.js';

// In the repository, so a clone stands alone (no ../shared beside it).
const conformanceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'conformance');
if (!existsSync(path.join(conformanceRoot, 'sigv4'))) {
  // Loud on purpose: a missing suite must never pass as "no cases".
  throw new Error(
    `SigV4 conformance vectors not found at ${conformanceRoot} (expected sigv4/ and sigv4-extras/ there).`,
  );
}

const CLASS_A = [
  'get-vanilla',
  'get-vanilla-query',
  'get-vanilla-empty-query-key',
  'get-vanilla-query-order-key',
  'get-vanilla-query-order-key-case',
  'get-vanilla-query-order-value',
  'get-vanilla-query-unreserved',
  'get-vanilla-utf8-query',
  'get-unreserved',
  'get-utf8',
  'get-space',
  'get-header-key-duplicate',
  'get-header-value-order',
  'post-vanilla',
  'post-vanilla-query',
  'post-vanilla-empty-query-value',
  'post-header-key-case',
  'post-header-key-sort',
  'post-header-value-case',
  'post-x-www-form-urlencoded',
  'post-x-www-form-urlencoded-parameters',
];
const CLASS_B = [
  'get-relative',
  'get-relative-relative',
  'get-slash',
  'get-slash-dot-slash',
  'get-slash-pointless-dot',
  'get-slashes',
];

interface ParsedReq {
  method: string;
  target: string;
  headers: Array<[string, string]>;
  body: Buffer;
}

function parseReq(text: string): ParsedReq {
  const split = text.indexOf('\n\n');
  const head = split >= 0 ? text.slice(0, split) : text;
  const body = Buffer.from(split >= 0 ? text.slice(split + 2) : '', 'utf8');
  const [requestLine, ...headerLines] = head.split('\n');
  const m = /^(\S+) (.*) HTTP\/1\.[01]$/.exec(requestLine ?? '');
  if (!m) throw new Error(`bad request line: ${requestLine}`);
  const headers = headerLines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`bad header line: ${line}`);
    const name = line.slice(0, colon);
    return [name.toLowerCase() === 'x-amz-date' ? 'Service-IrbX-Date' : name, line.slice(colon + 1)];
  });
  return { method: m[1]!, target: m[2]!, headers, body };
}

function loadCase(folder: string, name: string): { req: ParsedReq; creq: string } {
  const dir = path.join(conformanceRoot, folder, name);
  const req = parseReq(readFileSync(path.join(dir, `${name}.req`), 'utf8'));
  const creq = readFileSync(path.join(dir, `${name}.creq`), 'utf8').replaceAll('x-amz-date', 'service-irbx-date');
  return { req, creq };
}

function canonicalOf(req: ParsedReq): string {
  return canonicalRequest({
    method: req.method,
    target: req.target,
    headers: req.headers,
    signedHeaders: req.headers.map(([n]) => n),
    payloadHash: sha256Hex(req.body),
  });
}

describe('SigV4 conformance vectors through canonicalRequest', () => {
  it('has every listed case on disk', () => {
    for (const name of [...CLASS_A, ...CLASS_B, 'get-header-value-trim']) {
      expect(existsSync(path.join(conformanceRoot, 'sigv4', name, `${name}.req`)), name).toBe(true);
    }
    expect(CLASS_A).toHaveLength(21);
    expect(CLASS_B).toHaveLength(6);
  });

  describe.each([
    ['A', CLASS_A],
    ['B', CLASS_B],
  ])('class %s', (_cls, cases) => {
    it.each(cases)('%s', (name) => {
      const { req, creq } = loadCase('sigv4', name);
      expect(creq).toContain('service-irbx-date:20150830T123600Z\n');
      expect(canonicalOf(req)).toBe(creq);
    });
  });

  it('get-header-value-trim keeps the inner spacing of a quoted value (protocol.md §3)', () => {
    const { req, creq } = loadCase('sigv4', 'get-header-value-trim');
    const expected = creq.replace('my-header2:"a b c"\n', 'my-header2:"a   b   c"\n');
    expect(expected).not.toBe(creq);
    expect(canonicalOf(req)).toBe(expected);
  });

  it('sigv4-extras/get-vanilla-query-order-encoded sorts names on their own', () => {
    const { req, creq } = loadCase('sigv4-extras', 'get-vanilla-query-order-encoded');
    expect(canonicalOf(req)).toBe(creq);
  });
});
