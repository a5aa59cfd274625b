// Issue 7, journeys 4 and 5. The sandbox's Admin profile creates an organization and uploads a
// certificate file made by openssl; the exchange accepts only certificates from CAs it trusts, so a
// self-signed file is refused in the form (1010) and one issued by the test's CA (added to the
// sandbox exchange's trust store) is taken; a duplicate name shows the service's 1003 in the form.
// A profile is added from a PKCS#12 file made by `openssl pkcs12 -export` for a new, registered
// organization: a wrong password says so and saves nothing, the right one adds a working profile.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type RunningHost } from './host-fixture.js';
import { chromeActions, closeDialog, openChromeDialog, switchTo, type ProfileInfo } from './support/app-page.js';
import { saveScreenshot } from './support/artifacts.js';
import { callHost } from './support/host-api.js';
import { certificateAuthority, issuedBy, pkcs12, selfSigned } from './support/openssl.js';
import { restartTrusting } from './support/trust.js';

async function profiles(host: RunningHost): Promise<ProfileInfo[]> {
  return callHost<ProfileInfo[]>(host, 'profiles.list');
}

test('journey 4: the Admin profile creates an organization, uploads its certificate file, and a duplicate name shows the service message', async ({
  page,
  host: first,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-openssl-'));
  const ca = certificateAuthority(dir, 'E2E Test CA');
  const untrusted = selfSigned(dir, 'self', 'Test');
  const northside = issuedBy(ca, dir, 'northside', 'Northside Clinic');
  const host = await restartTrusting(first, ca.certificatePem, page.context());
  try {
    const admin = (await profiles(host)).find((p) => p.roles.includes('admin'))!;
    expect(admin.name).toContain('Sandbox Admin');
    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox IRB');
    expect(await chromeActions(page)).not.toContain('open-admin');
    await switchTo(page, admin);
    await expect(page.getByTestId('active-role')).toContainText('Admin');
    expect(await chromeActions(page)).toContain('open-admin');

    const dialog = await openChromeDialog(page, 'admin');
    await dialog.getByTestId('admin-create-name').fill('Northside Clinic');
    await dialog.getByTestId('admin-create-submit').click();
    await expect(dialog.getByTestId('admin-status')).toHaveText(
      'Northside Clinic was created. Upload its certificate below.',
    );
    const edit = dialog.getByTestId('admin-edit');
    await expect(edit.getByTestId('admin-selected-name')).toHaveText('Northside Clinic');
    await expect(edit).toContainText('certificate none');

    // A self-signed certificate: the service's refusal, in the form, with its reason.
    await edit.getByTestId('admin-cert-input').setInputFiles(untrusted.certPath);
    const refusal = edit.getByTestId('admin-form-error');
    await expect(refusal).toContainText('Northside Clinic was not changed.');
    await expect(edit.getByTestId('admin-form-error-code')).toHaveText('1010');
    await expect(edit.getByTestId('admin-form-error-details')).toHaveText(
      'The certificate is not issued by a certificate authority this service trusts.',
    );
    // The plain-words line names every cause, the untrusted issuer among them, not only key size.
    await expect(refusal.locator('.error-explanation'), 'the explanation fits the refusal').toContainText(
      'issued by an authority this exchange trusts',
    );
    await expect(edit).toContainText('certificate none');

    // One issued by a CA the exchange trusts: uploaded as soon as it is chosen.
    await edit.getByTestId('admin-cert-input').setInputFiles(northside.certPath);
    await expect(dialog.getByTestId('admin-status')).toHaveText(
      `The certificate of Northside Clinic was uploaded (SHA-1 fingerprint ${northside.thumbprint}).`,
    );
    await expect(edit).toContainText(`certificate SHA-1 fingerprint ${northside.thumbprint}`);
    await expect(edit.getByTestId('admin-form-error')).toHaveCount(0);
    const [listed] = await callHost<{ name: string; thumbprint?: string; isSirb: boolean }[]>(
      host,
      'organizations.list',
      { namePrefix: 'Northside' },
    );
    expect(listed).toMatchObject({ name: 'Northside Clinic', thumbprint: northside.thumbprint, isSirb: false });

    // The same name again: the service's refusal in the create form, code and message in full.
    await dialog.getByTestId('admin-create-name').fill('Northside Clinic');
    await dialog.getByTestId('admin-create-submit').click();
    const error = dialog.getByTestId('admin-form-error');
    await expect(error).toContainText('The organization was not created.');
    await expect(dialog.getByTestId('admin-form-error-code')).toHaveText('1003');
    await expect(dialog.getByTestId('admin-form-error-message')).toHaveText('The organization already exists.');
    await saveScreenshot(page, 'journey-7-4-admin-duplicate');
    expect(await callHost<unknown[]>(host, 'organizations.list', { namePrefix: 'Northside' })).toHaveLength(1);
    await closeDialog(dialog);
  } finally {
    await host.stop();
    await rm(dir, { recursive: true, force: true });
  }
});

test('journey 5: a profile is added from a PKCS#12 file; a wrong password is explained and saves nothing, the right one adds a working profile', async ({
  page,
  host: first,
}) => {
  const dir = await mkdtemp(join(tmpdir(), 'e2e-openssl-'));
  const ca = certificateAuthority(dir, 'E2E Test CA');
  const harbor = issuedBy(ca, dir, 'harbor', 'Harbor Health');
  const p12Path = pkcs12(harbor, join(dir, 'harbor.p12'), 'correct horse');
  const host = await restartTrusting(first, ca.certificatePem, page.context());
  try {
    // A new organization registered with that certificate (as Admin), so the profile's org id is real.
    const admin = (await profiles(host)).find((p) => p.roles.includes('admin'))!;
    await callHost(host, 'profiles.switch', { profileId: admin.id });
    const org = await callHost<{ id: string; thumbprint?: string }>(host, 'admin.createOrganization', {
      name: 'Harbor Health',
      isSirb: false,
      certificatePem: harbor.certificatePem,
    });
    // Created with its certificate in one call (protocol.md §2: POST /organizations takes `certificate`).
    expect.soft(org.thumbprint, 'the certificate given at creation is registered').toBe(harbor.thumbprint);
    if (org.thumbprint !== harbor.thumbprint) {
      const updated = await callHost<{ thumbprint?: string }>(host, 'admin.putCertificate', {
        organizationId: org.id,
        certificateBase64: Buffer.from(harbor.certificatePem).toString('base64'),
        mediaType: 'application/x-pem-file',
      });
      expect(updated.thumbprint).toBe(harbor.thumbprint);
    }
    const before = (await profiles(host)).length;

    await page.goto(host.url);
    await expect(page.getByTestId('active-organization')).toHaveText('Sandbox Admin');
    const dialog = await openChromeDialog(page, 'settings');
    await expect(dialog.getByTestId('profile-row')).toHaveCount(before);
    await dialog.getByTestId('settings-nav-backup').click();
    const form = dialog.getByTestId('profile-add-form');
    await form.getByTestId('profile-add-name').fill('Harbor Health');
    await expect(form.getByTestId('profile-add-base-url')).toHaveValue(/^https?:\/\/\S+$/);
    await form.getByTestId('profile-add-org-id').fill(org.id);
    await expect(form.getByTestId('profile-add-submit')).toBeDisabled();
    await form.getByTestId('profile-add-p12-file').setInputFiles(p12Path);
    await form.getByTestId('profile-add-p12-password').fill('wrong password');
    await form.getByTestId('profile-add-submit').click();

    const error = form.getByTestId('profile-add-error');
    await expect(error).toContainText('The profile was not added; nothing was saved.');
    await expect(error).toContainText(/password .*wrong|wrong password/i);
    await saveScreenshot(page, 'journey-7-5-wrong-password');
    await expect(dialog.getByTestId('profile-row')).toHaveCount(before);
    expect(await profiles(host)).toHaveLength(before);

    await form.getByTestId('profile-add-p12-password').fill('correct horse');
    await form.getByTestId('profile-add-submit').click();
    await expect(dialog.getByTestId('settings-status')).toHaveText('Profile "Harbor Health" added for Harbor Health.');
    await expect(dialog.getByTestId('profile-row')).toHaveCount(before + 1);
    const added = (await profiles(host)).find((p) => p.organizationId === org.id)!;
    expect(added.certificate.thumbprint.toLowerCase()).toBe(harbor.thumbprint);
    // Settings shows the profile just added.
    await expect(dialog.getByTestId('profile-page')).toHaveAttribute('data-profile-id', added.id);
    await expect(dialog.getByTestId('profile-certificate').getByTestId('cert-thumbprint')).toHaveText(
      added.certificate.thumbprint,
    );
    await expect(dialog.getByTestId('profile-add-error')).toHaveCount(0);
    await closeDialog(dialog);

    // The new profile works against the exchange: its key signs requests the exchange accepts.
    await switchTo(page, { id: added.id, organizationName: 'Harbor Health' });
    await expect(page.getByTestId('active-role')).toHaveText('pSite');
    await expect(page.getByTestId('connection-indicator')).toHaveClass(/connection-ok/);
    await expect(page.getByTestId('studies-empty')).toBeVisible();
    await saveScreenshot(page, 'journey-7-5-new-profile');
  } finally {
    await host.stop();
    await rm(dir, { recursive: true, force: true });
  }
});
