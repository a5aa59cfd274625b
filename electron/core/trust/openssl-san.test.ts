// The README's openssl command for a consortium's CA: the certificate it signs names the
// organization, as the app reads it (and generate-key's request asks for the same name).
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createCertificateAuthority, createCsr, generateRsaKeyPem } from '../../../shared/protocol/certificates.js';
import { namedOrganizations } from '../../../shared/protocol/organization-name.js';
import { tempDirPerTest } from '../../services/test-support/temp-dir.js';

const run = promisify(execFile);
const dir = tempDirPerTest('openssl-san');

describe('a consortium CA naming the organization with openssl', () => {
  it('signs a request into a certificate that names the organization id', async () => {
    const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
    const block = /```sh\n(printf 'subjectAltName=URI:urn:study-exchange:org[\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    const ca = createCertificateAuthority('Consortium CA');
    const orgId = '0123456789abcdef0123456789abcdef';
    const key = generateRsaKeyPem();
    await writeFile(`${dir()}/consortium-ca.pem`, ca.certificatePem);
    await writeFile(`${dir()}/consortium-ca.key`, ca.privateKeyPem);
    const csr = createCsr(key, { commonName: 'Site Hospital', organizationId: orgId });
    await writeFile(`${dir()}/site.csr`, csr);
    // the request itself asks for the name (generate-key's CSR)
    const asked = await run('openssl', ['req', '-in', `${dir()}/site.csr`, '-noout', '-text']);
    expect(asked.stdout).toContain(`URI:urn:study-exchange:org:${orgId}`);
    await run('sh', ['-c', block!], { cwd: dir(), env: { ...process.env, ORG_ID: orgId } });
    expect(namedOrganizations(await readFile(`${dir()}/site.pem`, 'utf8'))).toEqual([orgId]);
  });
});
