// docs/protocol.md §3's worked signing examples and test vector, recomputed: the canonical
// request, string to sign, signature and Authorization header the document shows are what the
// code makes of the request shown, with the test-only key pair of docs/test-vectors/.
import { createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './encoding.js';
import {
  canonicalRequest,
  formatAuthorization,
  keySigner,
  parseAuthorization,
  stringToSign,
  verifyRequest,
} from './signing.js';

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs');
const doc = readFileSync(path.join(docs, 'protocol.md'), 'utf8');
const keyText = readFileSync(path.join(docs, 'test-vectors/test-only-signing.key.pem'), 'utf8');
const publicKeyText = readFileSync(path.join(docs, 'test-vectors/test-only-signing.pub.pem'), 'utf8');

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

/** The value of an `Authorization: ...` line. */
function authorizationValue(block: string): string {
  expect(block.startsWith('Authorization: ')).toBe(true);
  return block.slice('Authorization: '.length);
}

const EXAMPLES = [
  {
    name: 'without a body',
    prefix: '',
    body: '',
    signedHeaders: ['Host', 'Service-IrbX-Date', 'Service-IrbX-Request-Id'],
  },
  {
    name: 'with a body and Content-Type signed',
    prefix: 'body-',
    // the body the prose gives, quoted in backticks right before the request
    body: /The\s+body is `([^`]+)`/.exec(doc)?.[1] ?? '',
    signedHeaders: ['Host', 'Service-IrbX-Date', 'Service-IrbX-Request-Id', 'Content-Type'],
  },
] as const;

describe('docs/test-vectors: the test-only key pair', () => {
  it('says it is for tests only, in both files', () => {
    for (const text of [keyText, publicKeyText]) expect(text.startsWith('TEST ONLY.')).toBe(true);
    expect(readFileSync(path.join(docs, 'test-vectors/README.md'), 'utf8')).toMatch(/test only/i);
  });

  it('is one 2048-bit RSA pair', () => {
    const key = createPrivateKey(keyText);
    const pub = createPublicKey(publicKeyText);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(
      createPublicKey(key)
        .export({ type: 'spki', format: 'der' })
        .equals(pub.export({ type: 'spki', format: 'der' })),
    ).toBe(true);
  });
});

describe.each(EXAMPLES)('docs/protocol.md §3 worked example $name', ({ prefix, body, signedHeaders }) => {
  const req = parseRequest(example(`${prefix}request`));
  const canonical = canonicalRequest({ ...req, signedHeaders, payloadHash: sha256Hex(Buffer.from(body, 'utf8')) });
  const authorization = authorizationValue(example(`${prefix}authorization`));
  const params = parseAuthorization(authorization);

  it('gives the canonical request shown', () => {
    if (prefix === 'body-') expect(body).toMatch(/^\{"organizationId":"[0-9a-f]{32}"\}$/);
    expect(canonical).toBe(example(`${prefix}canonical`));
  });

  it('gives the string to sign shown', () => {
    expect(stringToSign(canonical)).toBe(example(`${prefix}string-to-sign`));
  });

  it('gives the signature shown with the test-only key, and openssl-style verification accepts it', () => {
    const signature = keySigner(createPrivateKey(keyText))(example(`${prefix}string-to-sign`));
    expect(signature).toBe(example(`${prefix}signature`));
    // independent of the signing module: RSASSA-PKCS1-v1_5 / SHA-256 over the 64 hex characters
    const good = verify(
      'sha256',
      Buffer.from(example(`${prefix}string-to-sign`), 'utf8'),
      createPublicKey(publicKeyText),
      Buffer.from(signature, 'base64'),
    );
    expect(good).toBe(true);
  });

  it('gives the Authorization header shown', () => {
    expect(
      formatAuthorization({
        credential: params.credential,
        hashAlgorithm: 'SHA256',
        signedHeaders: signedHeaders.map((n) => n.toLowerCase()),
        signature: example(`${prefix}signature`),
      }),
    ).toBe(authorization);
  });

  it('is accepted by the server-side verification with the public key', () => {
    const result = verifyRequest({
      ...req,
      payloadHash: sha256Hex(Buffer.from(body, 'utf8')),
      authorization: params,
      publicKey: publicKeyText,
    });
    expect(result).toEqual({ ok: true, canonical });
  });
});
