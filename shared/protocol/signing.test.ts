import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, describe, expect, it } from 'vitest';
import { sha256Hex } from './encoding.js';
import {
  canonicalHeaderValue,
  canonicalQuery,
  canonicalRequest,
  canonicalUri,
  EMPTY_PAYLOAD_HASH,
  formatAuthorization,
  formatIrbxDate,
  keySigner,
  parseAuthorization,
  parseIrbxDate,
  signRequest,
  SigningError,
  stringToSign,
  verifyRequest,
  type HeaderList,
  type SignRequestInput,
  type VerifyRequestInput,
} from './signing.js';

// One key pair per file keeps the suite fast on two cores.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signer = keySigner(privateKey);
const tmp = mkdtempSync(path.join(os.tmpdir(), 'signing-test-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('canonicalUri', () => {
  it.each([
    ['/a/%7c/b', '/a/%7C/b'],
    ['/a/|/b', '/a/%7C/b'],
    ['/a/./|//b', '/a/%7C/b'],
    ['', '/'],
    ['/', '/'],
    ['//', '/'],
    ['/a/b/', '/a/b/'],
    ['/a//b//', '/a/b/'],
    ['/a/b/../c', '/a/c'],
    ['/a/b/../../..', '/'],
    ['/a/%2E/b/%2e%2e/c', '/a/c'],
    ['/example space/', '/example%20space/'],
    ['/%E1%88%B4', '/%E1%88%B4'],
    ['/ሴ', '/%E1%88%B4'],
    ['/a%2Fb', '/a%2Fb'],
    ['/100%', '/100%25'],
    ['/%zz', '/%25zz'],
    ['/a+b', '/a%2Bb'],
    ['/%ff', '/%FF'],
    [
      '/containers/0123abcd/items/documents|47086805f7dc4966b4a0c8736b7e32c4',
      '/containers/0123abcd/items/documents%7C47086805f7dc4966b4a0c8736b7e32c4',
    ],
  ])('%j → %j', (input, expected) => {
    expect(canonicalUri(input)).toBe(expected);
  });
});

describe('canonicalQuery', () => {
  it.each([
    ['', ''],
    ['a=1', 'a=1'],
    ['b=2&a=1', 'a=1&b=2'],
    ['a=2&a=10&a=1', 'a=1&a=10&a=2'],
    ['B=1&a=1', 'B=1&a=1'],
    ['flag', 'flag='],
    ['flag=&x', 'flag=&x='],
    ['a=1&&b=2&', 'a=1&b=2'],
    ['q=a+b', 'q=a%2Bb'],
    ['q=a%20b', 'q=a%20b'],
    ['q=a b', 'q=a%20b'],
    ['q=%7c', 'q=%7C'],
    ['since=2026-01-01T00:00:00%2B00:00', 'since=2026-01-01T00%3A00%3A00%2B00%3A00'],
    ['Param-3=x&Param=y', 'Param=y&Param-3=x'],
    ['a=b=c', 'a=b%3Dc'],
    ['%E1%88%B4=1&Z=2', '%E1%88%B4=1&Z=2'],
    ['ሴ=1', '%E1%88%B4=1'],
  ])('%j → %j', (input, expected) => {
    expect(canonicalQuery(input)).toBe(expected);
  });
});

describe('canonicalHeaderValue', () => {
  it.each([
    ['  a  ', 'a'],
    ['\ta b\t', 'a b'],
    ['a    b  c', 'a b c'],
    ['"a   b   c"', '"a   b   c"'],
    ['x   "a   b"   y', 'x "a   b" y'],
    ['"a \\"  b"   c', '"a \\"  b" c'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(canonicalHeaderValue(input)).toBe(expected);
  });
});

describe('canonicalRequest', () => {
  it('joins the six parts, lower-cases and sorts headers, joins repeats in order', () => {
    const canonical = canonicalRequest({
      method: 'put',
      target: '/containers/c1/items/a/./b?z=1&a=2',
      headers: [
        ['Service-IrbX-Request-Id', '0123456789abcdef0123456789abcdef'],
        ['HOST', ' localhost:8080 '],
        ['X-Multi', 'two'],
        ['Service-IrbX-Date', '20260101T000000Z'],
        ['User-Agent', 'not signed'],
        ['x-multi', 'one   1'],
      ],
      signedHeaders: ['Host', 'Service-IrbX-Date', 'service-irbx-request-id', 'X-Multi'],
      payloadHash: EMPTY_PAYLOAD_HASH,
    });
    expect(canonical).toBe(
      [
        'PUT',
        '/containers/c1/items/a/b',
        'a=2&z=1',
        'host:localhost:8080\nservice-irbx-date:20260101T000000Z\nservice-irbx-request-id:0123456789abcdef0123456789abcdef\nx-multi:two,one 1\n',
        'host;service-irbx-date;service-irbx-request-id;x-multi',
        EMPTY_PAYLOAD_HASH,
      ].join('\n'),
    );
  });

  it('refuses to sign a header that is not in the request', () => {
    expect(() =>
      canonicalRequest({
        method: 'GET',
        target: '/',
        headers: [['Host', 'h']],
        signedHeaders: ['host', 'x-gone'],
        payloadHash: EMPTY_PAYLOAD_HASH,
      }),
    ).toThrow(/x-gone/);
  });

  it('stringToSign is the hex SHA-256 of the UTF-8 canonical request', () => {
    expect(stringToSign('')).toBe(EMPTY_PAYLOAD_HASH);
    expect(stringToSign('ሴ')).toBe(sha256Hex(Buffer.from([0xe1, 0x88, 0xb4])));
    expect(stringToSign('GET\n/')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('IrbX dates', () => {
  it('formats in UTC with second accuracy', () => {
    expect(formatIrbxDate(new Date('2015-08-30T12:36:00.999Z'))).toBe('20150830T123600Z');
    expect(formatIrbxDate(new Date('2026-02-03T04:05:06+02:00'))).toBe('20260203T020506Z');
    expect(formatIrbxDate(new Date(Date.UTC(999, 0, 1)))).toBe('09990101T000000Z');
  });

  it('refuses dates it cannot write', () => {
    expect(() => formatIrbxDate(new Date(Number.NaN))).toThrow(SigningError);
    expect(() => formatIrbxDate(new Date('+010000-01-01T00:00:00Z'))).toThrow(/yyyyMMddTHHmmssZ/);
  });

  it('parses the strict form and round-trips', () => {
    expect(parseIrbxDate('20150830T123600Z')?.toISOString()).toBe('2015-08-30T12:36:00.000Z');
    expect(parseIrbxDate('20240229T235959Z')?.toISOString()).toBe('2024-02-29T23:59:59.000Z');
    expect(parseIrbxDate('00500101T000000Z')?.getUTCFullYear()).toBe(50);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    expect(parseIrbxDate(formatIrbxDate(now))?.getTime()).toBe(now.getTime());
  });

  it.each([
    '',
    '20150830T123600',
    '20150830t123600Z',
    '2015-08-30T12:36:00Z',
    '20150830T12:36:00Z',
    ' 20150830T123600Z',
    '20150830T123600Z ',
    '20150830T123600.000Z',
    '20151330T123600Z',
    '20150001T123600Z',
    '20150800T123600Z',
    '20150230T123600Z',
    '20230229T000000Z',
    '20150431T000000Z',
    '20150830T243600Z',
    '20150830T126000Z',
    '20150830T123660Z',
    '２０１５0830T123600Z',
  ])('rejects %j', (value) => {
    expect(parseIrbxDate(value)).toBeUndefined();
  });
});

const SIG = Buffer.alloc(256, 7).toString('base64');
const GOOD_AUTH = `IRBX Credential=0123456789abcdef0123456789abcdef, HashAlgorithm=SHA256, SignedHeaders=Host;Service-IrbX-Date;Service-IrbX-Request-Id, Signature=${SIG}`;

describe('Authorization header', () => {
  it('formats with the client spelling of header names', () => {
    expect(
      formatAuthorization({
        credential: 'org1',
        hashAlgorithm: 'SHA256',
        signedHeaders: ['host', 'service-irbx-date', 'service-irbx-request-id', 'content-type'],
        signature: 'AAAA',
      }),
    ).toBe(
      'IRBX Credential=org1, HashAlgorithm=SHA256, SignedHeaders=Host;Service-IrbX-Date;Service-IrbX-Request-Id;Content-Type, Signature=AAAA',
    );
  });

  it('parses what it formats', () => {
    const p = {
      credential: 'org1',
      hashAlgorithm: 'SHA256' as const,
      signedHeaders: ['host', 'service-irbx-date', 'service-irbx-request-id', 'content-type'],
      signature: SIG,
    };
    expect(parseAuthorization(formatAuthorization(p))).toEqual(p);
  });

  it('accepts any order, no or several spaces after commas, and lower-cases names', () => {
    const parsed = parseAuthorization(
      `IRBX Signature=${SIG},SignedHeaders=HOST;service-irbx-date;Service-IRBX-Request-Id ,   HashAlgorithm=SHA256,Credential=abc`,
    );
    expect(parsed).toEqual({
      credential: 'abc',
      hashAlgorithm: 'SHA256',
      signedHeaders: ['host', 'service-irbx-date', 'service-irbx-request-id'],
      signature: SIG,
    });
    expect(parseAuthorization(GOOD_AUTH).credential).toBe('0123456789abcdef0123456789abcdef');
  });

  it.each([
    ['another scheme', GOOD_AUTH.replace('IRBX', 'AWS4-HMAC-SHA256')],
    ['Bearer', 'Bearer abc'],
    ['scheme only', 'IRBX'],
    ['scheme glued to params', GOOD_AUTH.replace('IRBX ', 'IRBX')],
    ['empty', ''],
    ['unknown parameter', `${GOOD_AUTH}, Region=x`],
    ['repeated parameter', `${GOOD_AUTH}, Credential=other`],
    ['missing Credential', GOOD_AUTH.replace(/Credential=[^,]+, /, '')],
    ['missing Signature', GOOD_AUTH.replace(/, Signature=.*$/, '')],
    ['missing SignedHeaders', GOOD_AUTH.replace(/SignedHeaders=[^,]+, /, '')],
    ['missing HashAlgorithm', GOOD_AUTH.replace('HashAlgorithm=SHA256, ', '')],
    ['HashAlgorithm SHA1', GOOD_AUTH.replace('SHA256', 'SHA1')],
    ['HashAlgorithm lower-case', GOOD_AUTH.replace('SHA256', 'sha256')],
    ['empty Credential', GOOD_AUTH.replace(/Credential=[^,]+/, 'Credential=')],
    ['empty Signature', GOOD_AUTH.replace(/Signature=.*$/, 'Signature=')],
    ['empty SignedHeaders', GOOD_AUTH.replace(/SignedHeaders=[^,]+/, 'SignedHeaders=')],
    ['empty header name', GOOD_AUTH.replace('Host;', 'Host;;')],
    ['repeated header name', GOOD_AUTH.replace('Host;', 'Host;host;')],
    ['trailing comma', `${GOOD_AUTH},`],
    ['no equals sign', GOOD_AUTH.replace('HashAlgorithm=SHA256', 'HashAlgorithm')],
    ['Signature not Base-64', GOOD_AUTH.replace(/Signature=.*$/, 'Signature=abc$')],
    ['Signature URL alphabet', GOOD_AUTH.replace(/Signature=.*$/, 'Signature=ab-_')],
    ['Signature without padding', GOOD_AUTH.replace(/Signature=.*$/, 'Signature=AAA')],
    ['space inside a value', GOOD_AUTH.replace('Credential=', 'Credential=a b')],
    ['parameter name in other case', GOOD_AUTH.replace('Credential=', 'credential=')],
  ])('rejects %s', (_label, value) => {
    let error: unknown;
    try {
      parseAuthorization(value);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SigningError);
    expect((error as SigningError).reason).toBe('syntax');
    expect((error as SigningError).message).toMatch(/^Authorization header: .+/);
  });

  it('accepts the scheme case-insensitively (RFC 9110) and surrounding spaces', () => {
    expect(parseAuthorization(`  irbx  ${GOOD_AUTH.slice(5)}  `).signature).toBe(SIG);
  });

  it('names the problem in the message', () => {
    expect(() => parseAuthorization(GOOD_AUTH.replace('SHA256', 'MD5'))).toThrow(/HashAlgorithm "MD5"/);
    expect(() => parseAuthorization(`${GOOD_AUTH}, Foo=1`)).toThrow(/unknown parameter "Foo"/);
    expect(() => parseAuthorization(GOOD_AUTH.replace(/, Signature=.*$/, ''))).toThrow(/Signature is missing/);
  });
});

describe('keySigner', () => {
  it('matches openssl dgst -sha256 -sign over the 64 hex characters', () => {
    const keyFile = path.join(tmp, 'key.pem');
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const hex = stringToSign('GET\n/\n\nhost:x\n\nhost\n' + EMPTY_PAYLOAD_HASH);
    const fromOpenssl = execFileSync(
      'sh',
      ['-c', 'printf %s "$HEX" | openssl dgst -sha256 -sign "$KEY" | base64 -w0'],
      {
        env: { ...process.env, HEX: hex, KEY: keyFile },
        encoding: 'utf8',
      },
    );
    expect(fromOpenssl).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(signer(hex)).toBe(fromOpenssl);
  });

  it('accepts a PEM string', () => {
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
    expect(keySigner(pem)('a'.repeat(64))).toBe(signer('a'.repeat(64)));
  });
});

describe('signRequest / verifyRequest', () => {
  const body = Buffer.from('{"name":"Study A"}');
  const input: SignRequestInput = {
    method: 'POST',
    target: '/containers/c1/items/documents?recurse=true',
    host: '127.0.0.1:8080',
    organizationId: '0123456789abcdef0123456789abcdef',
    requestId: 'fedcba9876543210fedcba9876543210',
    date: new Date('2026-03-04T05:06:07Z'),
    payloadHash: sha256Hex(body),
    extraSignedHeaders: [['Content-Type', 'application/json']],
  };
  const signed = signRequest(input, signer);
  const sentHeaders: HeaderList = [...Object.entries(signed.headers), ['User-Agent', 'Study Exchange Desktop/0.1']];

  function verifyInput(overrides: Partial<VerifyRequestInput> = {}): VerifyRequestInput {
    return {
      method: input.method,
      target: input.target,
      headers: sentHeaders,
      payloadHash: input.payloadHash,
      authorization: parseAuthorization(signed.headers['Authorization']!),
      publicKey,
      ...overrides,
    };
  }

  function replaceHeader(name: string, value: string): HeaderList {
    return sentHeaders.map(([n, v]) => [n, n.toLowerCase() === name ? value : v] as const);
  }

  it('sends the required headers, the extra one and the Authorization header', () => {
    expect(signed.headers).toMatchObject({
      Host: '127.0.0.1:8080',
      'Service-IrbX-Date': '20260304T050607Z',
      'Service-IrbX-Request-Id': 'fedcba9876543210fedcba9876543210',
      'Content-Type': 'application/json',
    });
    expect(signed.headers['Authorization']).toMatch(
      /^IRBX Credential=0123456789abcdef0123456789abcdef, HashAlgorithm=SHA256, SignedHeaders=Host;Service-IrbX-Date;Service-IrbX-Request-Id;Content-Type, Signature=[A-Za-z0-9+/]+=*$/,
    );
    expect(signed.canonical.split('\n')).toEqual([
      'POST',
      '/containers/c1/items/documents',
      'recurse=true',
      'content-type:application/json',
      'host:127.0.0.1:8080',
      'service-irbx-date:20260304T050607Z',
      'service-irbx-request-id:fedcba9876543210fedcba9876543210',
      '',
      'content-type;host;service-irbx-date;service-irbx-request-id',
      sha256Hex(body),
    ]);
  });

  it('verifies the round trip and returns the canonical request', () => {
    const result = verifyRequest(verifyInput());
    expect(result).toEqual({ ok: true, canonical: signed.canonical });
  });

  it('verifies with a PEM public key, other header case and order, and equivalent targets', () => {
    const shuffled: HeaderList = [...sentHeaders].reverse().map(([n, v]) => [n.toUpperCase(), `  ${v} `] as const);
    const result = verifyRequest(
      verifyInput({
        headers: shuffled,
        target: '/containers/./c1//items/%64ocuments?recurse=%74rue',
        publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      }),
    );
    expect(result.ok).toBe(true);
  });

  it('verifies with the organization certificate (PEM) as the public key', () => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }) as string);
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date('2026-01-01T00:00:00Z');
    cert.validity.notAfter = new Date('2036-01-01T00:00:00Z');
    cert.setSubject([{ name: 'commonName', value: 'Site A' }]);
    cert.setIssuer([{ name: 'commonName', value: 'Site A' }]);
    cert.sign(
      forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string),
      forge.md.sha256.create(),
    );
    const pem = forge.pki.certificateToPem(cert);
    expect(verifyRequest(verifyInput({ publicKey: pem })).ok).toBe(true);
    expect(verifyRequest(verifyInput({ publicKey: pem, method: 'PUT' })).ok).toBe(false);
  });

  it('signs without extra headers (GET with empty body)', () => {
    const get = signRequest(
      { ...input, method: 'GET', payloadHash: EMPTY_PAYLOAD_HASH, extraSignedHeaders: undefined },
      signer,
    );
    expect(get.headers['Authorization']).toContain('SignedHeaders=Host;Service-IrbX-Date;Service-IrbX-Request-Id, ');
    expect(Object.keys(get.headers).sort()).toEqual([
      'Authorization',
      'Host',
      'Service-IrbX-Date',
      'Service-IrbX-Request-Id',
    ]);
    const result = verifyRequest({
      method: 'GET',
      target: input.target,
      headers: Object.entries(get.headers),
      payloadHash: EMPTY_PAYLOAD_HASH,
      authorization: parseAuthorization(get.headers['Authorization']!),
      publicKey,
    });
    expect(result.ok).toBe(true);
  });

  it('refuses an extra header that repeats a required one', () => {
    expect(() => signRequest({ ...input, extraSignedHeaders: [['host', 'evil']] }, signer)).toThrow(SigningError);
    expect(() => signRequest({ ...input, extraSignedHeaders: [['Authorization', 'x']] }, signer)).toThrow(/reserved/);
  });

  const tampers: Array<[string, Partial<VerifyRequestInput>]> = [
    ['method', { method: 'PUT' }],
    ['path', { target: '/containers/c1/items/documentz?recurse=true' }],
    ['path segment split', { target: '/containers/c1/items/docu/ments?recurse=true' }],
    ['query value', { target: '/containers/c1/items/documents?recurse=false' }],
    ['query added', { target: '/containers/c1/items/documents?recurse=true&owner=x' }],
    ['query removed', { target: '/containers/c1/items/documents' }],
    ['host header', { headers: replaceHeader('host', '127.0.0.1:8081') }],
    ['date header', { headers: replaceHeader('service-irbx-date', '20260304T050608Z') }],
    ['request id header', { headers: replaceHeader('service-irbx-request-id', 'fedcba9876543210fedcba9876543211') }],
    ['content-type header', { headers: replaceHeader('content-type', 'application/json; charset=utf-8') }],
    ['repeated signed header', { headers: [...sentHeaders, ['Content-Type', 'text/plain']] }],
    ['body hash', { payloadHash: sha256Hex('{"name":"Study B"}') }],
    ['public key of another organization', { publicKey: other.publicKey }],
  ];

  it.each(tampers)('fails when the %s changes', (_label, overrides) => {
    const result = verifyRequest(verifyInput(overrides));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe('mismatch');
    expect(result.canonical).toBeDefined();
    expect(result.details).toContain(result.canonical);
  });

  it('fails when the signature changes by one byte', () => {
    const auth = parseAuthorization(signed.headers['Authorization']!);
    const bytes = Buffer.from(auth.signature, 'base64');
    bytes[10] = bytes[10]! ^ 1;
    const result = verifyRequest(verifyInput({ authorization: { ...auth, signature: bytes.toString('base64') } }));
    expect(result.ok).toBe(false);
  });

  it('mismatch carries the canonical request the verifier computed', () => {
    const result = verifyRequest(verifyInput({ method: 'PUT' }));
    expect(result).toMatchObject({
      ok: false,
      reason: 'mismatch',
      canonical: signed.canonical.replace(/^POST/, 'PUT'),
    });
  });

  it.each(['host', 'service-irbx-date', 'service-irbx-request-id'])('requires %s among the signed headers', (name) => {
    const auth = parseAuthorization(signed.headers['Authorization']!);
    const result = verifyRequest(
      verifyInput({ authorization: { ...auth, signedHeaders: auth.signedHeaders.filter((h) => h !== name) } }),
    );
    expect(result).toMatchObject({ ok: false, reason: 'unsigned-required-header' });
    if (!result.ok) expect(result.details).toContain(name);
  });

  it('reports a signed header that is missing from the request', () => {
    const result = verifyRequest(verifyInput({ headers: sentHeaders.filter(([n]) => n !== 'Content-Type') }));
    expect(result).toMatchObject({ ok: false, reason: 'missing-signed-header' });
    if (!result.ok) {
      expect(result.details).toContain('content-type');
      expect(result.canonical).toBeUndefined();
    }
  });
});
