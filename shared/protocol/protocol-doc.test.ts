// docs/protocol.md's worked signing example, recomputed: the document a consortium or another
// client's author implements against says what the code does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './encoding.js';
import { canonicalRequest, stringToSign } from './signing.js';

const doc = readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/protocol.md'), 'utf8');

/** The fenced block after `<!-- example:NAME -->`. */
function example(name: string): string {
  const m = new RegExp(`<!-- example:${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\\n\`\`\`\\n`).exec(doc);
  if (!m) throw new Error(`docs/protocol.md has no example:${name} block`);
  return m[1]!;
}

function parseRequest(text: string): { method: string; target: string; headers: Array<[string, string]> } {
  const [line, ...rest] = text.split('\n');
  const [method, target] = line!.split(' ') as [string, string];
  return { method, target, headers: rest.map((h) => [h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1).trim()]) };
}

describe('docs/protocol.md worked example', () => {
  const req = parseRequest(example('request'));
  const canonical = canonicalRequest({
    ...req,
    signedHeaders: ['Host', 'Service-IrbX-Date', 'Service-IrbX-Request-Id'],
    payloadHash: sha256Hex(Buffer.alloc(0)),
  });

  it('gives the canonical request shown', () => {
    expect(canonical).toBe(example('canonical'));
  });

  it('gives the string to sign shown', () => {
    expect(stringToSign(canonical)).toBe(example('string-to-sign'));
  });

  it('gives the body hash shown', () => {
    const body = /For the body\n`([^`]+)`/.exec(doc)?.[1];
    expect(body).toBeDefined();
    expect(sha256Hex(Buffer.from(body!, 'utf8'))).toBe(example('body-hash'));
  });
});
