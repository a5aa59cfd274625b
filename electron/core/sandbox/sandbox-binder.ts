// The sandbox's binder (issue 35): the first demo study's expected documents, and what each site
// sent against them, so the binder shows every status on first run. Riverside has sent most of
// its items, its GCP training certificate expiring in 20 days; Lakeside is missing two, one of
// them overdue. Dates are relative to the day the sandbox is made (a reset makes them again).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addDays, calendarDay } from '../../../shared/binder/calendar-date.js';
import type { ChecklistItem } from '../../../shared/binder/checklist.js';
import type { DescribeFields } from '../../../shared/binder/describe-schema.js';
import { joinItemPath } from '../../../shared/item-path.js';
import { ChecklistRecords } from '../../services/binder/checklist-records.js';
import { minimalPdf } from '../../services/demo-documents.js';
import type { ExchangeClient } from '../../services/exchange-client.js';
import type { KeyHandle } from '../../services/keys/key-vault.js';
import { SharingService, type TrustAnchors } from '../../services/sharing/sharing.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';

export interface BinderParty {
  readonly client: ExchangeClient;
  readonly keys: KeyHandle;
  /** The site's name (its folder under Site documents). */
  readonly name?: string;
}

/** The demo checklist, dated from `today`. */
export function demoChecklist(today: string): ChecklistItem[] {
  return [
    { id: 'reliance-agreement', title: 'Reliance agreement', docType: 'reliance-agreement', from: 'each-site' },
    { id: 'pi-cv', title: 'PI\u2019s CV', docType: 'cv', from: 'each-site', needsExpiry: true },
    {
      id: 'gcp-training',
      title: 'GCP training',
      docType: 'gcp-training',
      from: 'each-site',
      needsExpiry: true,
      perPerson: true,
    },
    {
      id: 'local-context',
      title: 'Local context review',
      docType: 'local-context',
      from: 'each-site',
      dueOn: addDays(today, 14),
    },
    {
      id: 'coi-disclosure',
      title: 'COI disclosure',
      docType: 'coi-disclosure',
      from: 'each-site',
      needsExpiry: true,
      dueOn: addDays(today, -7),
    },
  ];
}

/** What each site sends: Riverside all but the local context review; Lakeside neither that nor the COI disclosure. */
function sent(today: string, riverside: boolean): { file: string; fields: DescribeFields }[] {
  const documents = [
    { file: 'reliance-agreement.pdf', fields: { docType: 'reliance-agreement' } },
    {
      file: 'pi-cv.pdf',
      fields: { docType: 'cv', expiresOn: addDays(today, 400), person: { name: 'Dr. Elena Reyes' } },
    },
    {
      file: 'gcp-training-rivera.pdf',
      fields: {
        docType: 'gcp-training',
        expiresOn: addDays(today, riverside ? 20 : 300),
        person: { name: 'A. Rivera' },
      },
    },
  ];
  if (riverside)
    documents.push({
      file: 'coi-disclosure-2026.pdf',
      fields: { docType: 'coi-disclosure', expiresOn: addDays(today, 200), person: { name: 'Dr. Elena Reyes' } },
    });
  return documents;
}

/**
 * Saves the checklist as the sIRB (granted to the invited sites) and uploads each site's
 * documents as that site, granted to the sIRB. `sites` in the sandbox's order: Riverside first.
 */
export async function seedBinder(
  sirb: BinderParty,
  sites: readonly BinderParty[],
  containerId: string,
  trustAnchors: TrustAnchors,
  dir: string,
  now = new Date(),
): Promise<void> {
  const today = calendarDay(now);
  const sirbSharing = new SharingService(sirb.client, sirb.keys, trustAnchors);
  await new ChecklistRecords(sirb.client, sirb.keys, sirbSharing).save(
    containerId,
    sirb.client.organizationId,
    demoChecklist(today),
  );
  for (const [i, site] of sites.entries()) {
    const sharing = new SharingService(site.client, site.keys, trustAnchors);
    for (const { file, fields } of sent(today, i === 0)) {
      const local = join(dir, `${i}-${file}`);
      await writeFile(local, minimalPdf(`${site.name ?? 'Site'} - ${file.replace(/\.pdf$/, '')}`));
      const path = newDocumentPath(joinItemPath('Site documents', site.name ?? 'Site'));
      await uploadDocument({
        client: site.client,
        containerId,
        path,
        file: local,
        name: file.replace(/\.pdf$/, ''),
        header: fields,
        wrapForSelf: site.keys.wrapForSelf,
      });
      await sharing.shareWithOwner(containerId, path);
    }
  }
}
