// A profile's keys as one password-protected PKCS#12 file (RFC 7292), written and read with
// node:crypto; node-forge only lays out and walks the ASN.1. Each key is a pkcs8ShroudedKeyBag
// under PBES2 (PBKDF2-HMAC-SHA256, 600 000 iterations, AES-256-CBC); the file's MAC is
// HMAC-SHA256 with the PKCS#12 key derivation at the same count, so the MAC is no cheaper a
// way to try passwords than the keys. node-forge's own writer cannot do this: its PBKDF2 runs in
// JavaScript when the PRF is not SHA-1 (seconds per key at this count) and its MAC is SHA-1.
// OpenSSL 1.1 and later and Windows 10 and later read these files. A file may also carry the
// profile's companion data (its pinned certificates) as one secretBag of type data: covered by the
// MAC like the rest (whoever changes it must know the password), not encrypted (certificates and
// notes, no secret); other tools skip it.
import {
  createCipheriv,
  createHash,
  createHmac,
  createPrivateKey,
  pbkdf2,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { keyMatchesCertificate, type CertificateInfo } from '../../../shared/protocol/certificates.js';
import { KeyImportError, readCertificate } from './key-import.js';

/** PBKDF2-HMAC-SHA256 iterations: the current OWASP guidance. */
export const BACKUP_ITERATIONS = 600_000;
/** The fewest a backup is written with, whatever STUDY_EXCHANGE_P12_ITERATIONS (the tests' cheaper files) asks. */
export const MIN_BACKUP_ITERATIONS = 100_000;

/** The count to write with: the default, or the environment's override never below the floor. */
export function backupIterations(env: NodeJS.ProcessEnv): number {
  const asked = Math.trunc(Number(env.STUDY_EXCHANGE_P12_ITERATIONS ?? ''));
  return asked > 0 ? Math.max(MIN_BACKUP_ITERATIONS, asked) : BACKUP_ITERATIONS;
}

/** Whose key a bag holds, as its friendlyName says. */
export type BackupRole = 'current' | 'reading';
const NAMES: Readonly<Record<BackupRole, string>> = {
  current: 'Study Exchange current key',
  reading: 'Study Exchange reading key',
};
const COMPANION_NAME = 'Study Exchange companion data';
/** Companion data larger than this is not ours: refused rather than read. */
export const MAX_COMPANION_BYTES = 16 * 1024 * 1024;

export interface BackupEntry {
  readonly role: BackupRole;
  readonly privateKey: KeyObject;
  readonly certificate: CertificateInfo;
}

/** Thrown for a PKCS#12 file of another layout: it is then read the general way (key-import). */
export class ForeignPkcs12 extends Error {
  override readonly name = 'ForeignPkcs12';
}

const { asn1 } = forge;
const oid = (name: string): string => {
  const found = forge.pki.oids[name];
  if (!found) throw new Error(`unknown OID name ${name}`);
  return found;
};
const OID = (name: string) =>
  asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid(name)).getBytes());
const SEQ = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, items);
const SET = (items: forge.asn1.Asn1[]) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SET, true, items);
const OCTETS = (b: Buffer) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, b.toString('binary'));
const INT = (n: number) => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const NULL = () => asn1.create(asn1.Class.UNIVERSAL, asn1.Type.NULL, false, '');
const EXPLICIT0 = (inner: forge.asn1.Asn1) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [inner]);
const der = (node: forge.asn1.Asn1): Buffer => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const dataInfo = (content: Buffer) => SEQ([OID('data'), EXPLICIT0(OCTETS(content))]);

const pbkdf2Async = promisify(pbkdf2);

/** PKCS#12 (RFC 7292, B.2) key for the MAC: ID 3, one block of the digest's size, iterated in slices so the event loop keeps turning. */
async function macKey(password: string, salt: Buffer, iterations: number, digest: MacDigest): Promise<Buffer> {
  const { u, v } = MAC_DIGESTS[digest];
  const fill = (b: Buffer) => (b.length === 0 ? Buffer.alloc(0) : Buffer.alloc(v * Math.ceil(b.length / v), b));
  const bmp = Buffer.from(`${password}\0`, 'utf16le').swap16();
  let a = createHash(digest).update(Buffer.alloc(v, 3)).update(fill(salt)).update(fill(bmp)).digest();
  for (let i = 1; i < iterations;) {
    const end = Math.min(iterations, i + 20_000);
    for (; i < end; i++) a = createHash(digest).update(a).digest();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return a.subarray(0, u);
}

const MAC_DIGESTS = {
  sha1: { u: 20, v: 64 },
  sha256: { u: 32, v: 64 },
  sha384: { u: 48, v: 128 },
  sha512: { u: 64, v: 128 },
} as const;
type MacDigest = keyof typeof MAC_DIGESTS;

/** EncryptedPrivateKeyInfo under PBES2: PBKDF2-HMAC-SHA256 and AES-256-CBC over the PKCS#8 DER. */
async function shroud(key: KeyObject, password: string, iterations: number): Promise<forge.asn1.Asn1> {
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const kek = await pbkdf2Async(Buffer.from(password, 'utf8'), salt, iterations, 32, 'sha256');
  const plain = key.export({ type: 'pkcs8', format: 'der' });
  const cipher = createCipheriv('aes-256-cbc', kek, iv);
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  plain.fill(0);
  kek.fill(0);
  const kdf = SEQ([
    OID('pkcs5PBKDF2'),
    SEQ([OCTETS(salt), INT(iterations), INT(32), SEQ([OID('hmacWithSHA256'), NULL()])]),
  ]);
  return SEQ([SEQ([OID('pkcs5PBES2'), SEQ([kdf, SEQ([OID('aes256-CBC'), OCTETS(iv)])])]), OCTETS(sealed)]);
}

const friendlyName = (name: string) =>
  SEQ([OID('friendlyName'), SET([asn1.create(asn1.Class.UNIVERSAL, asn1.Type.BMPSTRING, false, name)])]);

function bagAttributes(localKeyId: Buffer, role: BackupRole): forge.asn1.Asn1 {
  return SET([SEQ([OID('localKeyId'), SET([OCTETS(localKeyId)])]), friendlyName(NAMES[role])]);
}

/** SecretBag (RFC 7292, 4.2.5) of type data holding the companion bytes. */
function companionBag(companion: Buffer): forge.asn1.Asn1 {
  const secret = SEQ([OID('data'), EXPLICIT0(OCTETS(companion))]);
  return SEQ([OID('secretBag'), EXPLICIT0(secret), SET([friendlyName(COMPANION_NAME)])]);
}

/**
 * The file: certificates in one SafeContents, shrouded keys in another, paired by localKeyId,
 * the companion data (when given) in a third; then the MAC.
 */
export async function writeBackup(
  entries: readonly BackupEntry[],
  password: string,
  iterations = BACKUP_ITERATIONS,
  companion?: Buffer,
): Promise<Buffer> {
  if (password.length === 0) throw new KeyImportError('wrong-password', 'A backup needs a password.');
  const certBags: forge.asn1.Asn1[] = [];
  const keyBags: forge.asn1.Asn1[] = [];
  for (const entry of entries) {
    const id = Buffer.from(entry.certificate.thumbprint, 'hex');
    const certBag = SEQ([OID('x509Certificate'), EXPLICIT0(OCTETS(Buffer.from(entry.certificate.der)))]);
    certBags.push(SEQ([OID('certBag'), EXPLICIT0(certBag), bagAttributes(id, entry.role)]));
    keyBags.push(
      SEQ([
        OID('pkcs8ShroudedKeyBag'),
        EXPLICIT0(await shroud(entry.privateKey, password, iterations)),
        bagAttributes(id, entry.role),
      ]),
    );
  }
  if (companion && companion.length > MAX_COMPANION_BYTES)
    throw new KeyImportError('unreadable-p12', 'The profile\u2019s companion data is too large to back up.');
  const authSafe = der(
    SEQ([
      dataInfo(der(SEQ(certBags))),
      dataInfo(der(SEQ(keyBags))),
      ...(companion ? [dataInfo(der(SEQ([companionBag(companion)])))] : []),
    ]),
  );
  const macSalt = randomBytes(16);
  const mac = createHmac('sha256', await macKey(password, macSalt, iterations, 'sha256'))
    .update(authSafe)
    .digest();
  const macData = SEQ([SEQ([SEQ([OID('sha256'), NULL()]), OCTETS(mac)]), OCTETS(macSalt), INT(iterations)]);
  return der(SEQ([INT(3), dataInfo(authSafe), macData]));
}

interface Bag {
  readonly kind: 'key' | 'cert' | 'companion';
  readonly value: Buffer;
  readonly localKeyId?: string;
  readonly friendlyName?: string;
}

function octets(node: forge.asn1.Asn1 | undefined): Buffer {
  if (!node || node.type !== asn1.Type.OCTETSTRING || typeof node.value !== 'string')
    throw new ForeignPkcs12('not a primitive OCTET STRING');
  return Buffer.from(node.value, 'binary');
}

function children(node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new ForeignPkcs12('not a constructed value');
  return node.value;
}

const oidOf = (node: forge.asn1.Asn1 | undefined): string =>
  node && typeof node.value === 'string' ? asn1.derToOid(node.value) : '';
const parse = (bytes: Buffer) => asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')), true);

/** The content of a ContentInfo of type data (anything else is another tool's layout). */
function dataContent(info: forge.asn1.Asn1): Buffer {
  const [type, content] = children(info);
  if (oidOf(type) !== oid('data')) throw new ForeignPkcs12('content that is not plain data');
  return octets(children(content)[0]);
}

function attributes(node: forge.asn1.Asn1 | undefined): { localKeyId?: string; friendlyName?: string } {
  const found: { localKeyId?: string; friendlyName?: string } = {};
  if (!node) return found;
  for (const attr of children(node)) {
    const [type, values] = children(attr);
    const first = children(values)[0];
    if (oidOf(type) === oid('localKeyId')) found.localKeyId = octets(first).toString('hex');
    if (oidOf(type) === oid('friendlyName') && first && typeof first.value === 'string')
      found.friendlyName = first.value;
  }
  return found;
}

function bags(safeContents: Buffer): Bag[] {
  return children(parse(safeContents)).flatMap((bag): Bag[] => {
    const [type, value, attrs] = children(bag);
    const inner = children(value)[0];
    const kind = oidOf(type);
    if (kind === oid('pkcs8ShroudedKeyBag') && inner) return [{ kind: 'key', value: der(inner), ...attributes(attrs) }];
    if (kind === oid('certBag')) {
      const [certType, certValue] = children(inner);
      if (oidOf(certType) !== oid('x509Certificate')) return [];
      return [{ kind: 'cert', value: octets(children(certValue)[0]), ...attributes(attrs) }];
    }
    if (kind === oid('keyBag')) throw new ForeignPkcs12('an unencrypted key');
    if (kind === oid('secretBag')) {
      const found = attributes(attrs);
      const [secretType, secretValue] = children(inner);
      if (found.friendlyName !== COMPANION_NAME || oidOf(secretType) !== oid('data')) return [];
      return [{ kind: 'companion', value: octets(children(secretValue)[0]), ...found }];
    }
    return [];
  });
}

async function verifyMac(pfx: forge.asn1.Asn1[], authSafe: Buffer, password: string): Promise<void> {
  const macData = pfx[2];
  if (!macData) throw new ForeignPkcs12('no MAC');
  const [digestInfo, saltNode, iterNode] = children(macData);
  const [algorithm, digestNode] = children(digestInfo);
  const names: Record<string, MacDigest> = {
    [oid('sha1')]: 'sha1',
    [oid('sha256')]: 'sha256',
    [oid('sha384')]: 'sha384',
    [oid('sha512')]: 'sha512',
  };
  const digest = names[oidOf(children(algorithm)[0])];
  if (!digest) throw new ForeignPkcs12('an unknown MAC digest');
  const iterations = iterNode && typeof iterNode.value === 'string' ? asn1.derToInteger(iterNode.value) : 1;
  if (!(iterations >= 1 && iterations <= 10_000_000))
    throw new KeyImportError('unreadable-p12', 'The PKCS#12 file asks for an unusable MAC iteration count.');
  const expected = octets(digestNode);
  const mac = createHmac(digest, await macKey(password, octets(saltNode), iterations, digest))
    .update(authSafe)
    .digest();
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
    throw new KeyImportError('wrong-password', 'The password of the PKCS#12 file is wrong.');
}

/** A backup's keys, the current one first, and its companion data when it has one. */
export interface BackupContents {
  readonly entries: BackupEntry[];
  readonly companion?: Buffer;
}

/**
 * The keys of a file this app wrote (or one laid out alike): each key with the certificate it
 * belongs to and its role, the current key first. Throws ForeignPkcs12 for another layout.
 */
export async function readBackup(p12: Buffer, password: string): Promise<BackupEntry[]> {
  return (await readBackupFile(p12, password)).entries;
}

/** readBackup with the companion data (a second copy of it is refused: which one would be meant?). */
export async function readBackupFile(p12: Buffer, password: string): Promise<BackupContents> {
  let pfx: forge.asn1.Asn1[];
  try {
    pfx = children(parse(p12));
  } catch (error) {
    throw error instanceof ForeignPkcs12
      ? error
      : new KeyImportError('unreadable-p12', 'The file is not a PKCS#12 backup.');
  }
  const authSafe = dataContent(pfx[1]!);
  await verifyMac(pfx, authSafe, password);
  const all = children(parse(authSafe)).flatMap((info) => bags(dataContent(info)));
  const certificates = all
    .filter((b) => b.kind === 'cert')
    .map((b) => ({ bag: b, info: readCertificate(derToPem(b.value)) }));
  const entries = all
    .filter((b) => b.kind === 'key')
    .map((bag): BackupEntry => {
      let privateKey: KeyObject;
      try {
        privateKey = createPrivateKey({ key: bag.value, format: 'der', type: 'pkcs8', passphrase: password });
      } catch (error) {
        throw new KeyImportError(
          'unreadable-p12',
          `A key in the backup could not be decrypted (${(error as Error).message}).`,
        );
      }
      const paired =
        certificates.find((c) => bag.localKeyId !== undefined && c.bag.localKeyId === bag.localKeyId) ??
        certificates.find((c) => keyMatchesCertificate(privateKey, c.info));
      if (!paired || !keyMatchesCertificate(privateKey, paired.info))
        throw new KeyImportError('no-certificate', 'A key in the backup comes without its certificate.');
      return { role: bag.friendlyName === NAMES.reading ? 'reading' : 'current', privateKey, certificate: paired.info };
    });
  if (entries.length === 0) throw new KeyImportError('no-key', 'The PKCS#12 file holds no private key.');
  if (entries.filter((e) => e.role === 'current').length !== 1) throw new ForeignPkcs12('not exactly one current key');
  const companions = all.filter((b) => b.kind === 'companion');
  if (companions.length > 1 || (companions[0] && companions[0].value.length > MAX_COMPANION_BYTES))
    throw new KeyImportError('unreadable-p12', 'The backup\u2019s companion data cannot be read.');
  return {
    entries: [...entries.filter((e) => e.role === 'current'), ...entries.filter((e) => e.role === 'reading')],
    ...(companions[0] ? { companion: companions[0].value } : {}),
  };
}

function derToPem(bytes: Buffer): string {
  return `-----BEGIN CERTIFICATE-----\n${bytes.toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END CERTIFICATE-----\n`;
}
