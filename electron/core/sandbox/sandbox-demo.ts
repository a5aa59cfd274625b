// The sandbox's demo content, so a newcomer sees a working exchange at once: two named studies
// with folders (Protocol, Consent forms, Site documents/<site>), small real documents (PDF, DOCX,
// XLSX) and a structured record, the sites invited, some documents shared. Written by the
// sandbox's sIRB through the app's own services, so it is what any client would have made. The
// first site has received the first study's consent form (its receipt is there) and the second
// has not, so the sIRB's delivery shows both. Last, that site uploads an enrolment report the
// sIRB has not seen: New (and one notification) on the sIRB's first run. The first site has
// signed off the protocol and the sIRB has asked the sites to acknowledge the consent form.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { joinItemPath } from '../../../shared/item-path.js';
import type { StudyFields } from '../../../shared/study-record.js';
import { minimalDocx, minimalPdf, minimalXlsx } from '../../services/demo-documents.js';
import type { ExchangeClient } from '../../services/exchange-client.js';
import type { KeyHandle } from '../../services/keys/key-vault.js';
import { SharingService, type TrustAnchors } from '../../services/sharing/sharing.js';
import { StudyRecords } from '../../services/study-records.js';
import { receiptContent, writeReceipt } from '../../services/receipts/receipt-sender.js';
import { newDocumentPath, uploadDocument } from '../../services/transfers/document-upload.js';
import { writeRecord } from '../../services/transfers/records.js';
import { seedSignOffs } from '../signoffs/sandbox-signoffs.js';
import { writeSeenBaseline } from '../whats-new/seen-baseline.js';

interface DemoSite {
  readonly id: string;
  readonly name: string;
}

interface DemoStudy {
  readonly fields: StudyFields;
  /** How many of the sites are invited (the first n). */
  readonly siteCount: number;
}

export const DEMO_STUDIES: readonly DemoStudy[] = [
  {
    fields: {
      title: 'Protocol 2025-031: Heart Failure Telemonitoring',
      protocolNumber: '2025-031',
      principalInvestigator: { name: 'Dr. Maria Okafor', email: 'm.okafor@sandbox-irb.example' },
      sponsor: 'National Heart Institute',
      description: 'Remote monitoring of weight and blood pressure after discharge for heart failure.',
    },
    siteCount: 2,
  },
  {
    fields: {
      title: 'Protocol 2026-007: Pediatric Asthma Inhaler Adherence',
      protocolNumber: '2026-007',
      principalInvestigator: { name: 'Dr. James Lindqvist' },
      sponsor: 'Children’s Respiratory Foundation',
    },
    siteCount: 1,
  },
];

/** The first site, acting as itself: it writes the receipt for the consent form it received. */
interface DemoReceiver {
  readonly client: ExchangeClient;
  readonly keys: KeyHandle;
}

export async function seedDemo(
  client: ExchangeClient,
  keys: KeyHandle,
  trustAnchors: TrustAnchors,
  sites: readonly DemoSite[],
  receiver?: DemoReceiver,
  /** The sIRB profile's seen state (whats-new/seen-store.ts): all but the site's upload is seen. */
  sirbSeenFile?: string,
  /** The first study's binder (sandbox-binder.ts), written before the seen state so it is not New. */
  binder?: (containerId: string, dir: string) => Promise<void>,
): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sandbox-demo-'));
  const sharing = new SharingService(client, keys, trustAnchors);
  const studies = new StudyRecords(client, keys, sharing);
  const created: string[] = [];
  const upload = async (containerId: string, folder: string, fileName: string, bytes: Buffer): Promise<string> => {
    const file = join(dir, fileName);
    await writeFile(file, bytes);
    const path = newDocumentPath(folder);
    await uploadDocument({
      client,
      containerId,
      path,
      file,
      name: fileName.replace(/\.[^.]+$/, ''),
      wrapForSelf: keys.wrapForSelf,
    });
    return path;
  };
  try {
    // Oldest first, so the list (newest first) shows the first study on top.
    for (const demo of [...DEMO_STUDIES].reverse()) {
      const invited = sites.slice(0, demo.siteCount);
      const c = await client.createContainer();
      created.push(c.id);
      await studies.save(c.id, demo.fields);
      const number = demo.fields.protocolNumber ?? '';
      const forEveryone = [
        await upload(
          c.id,
          'Protocol',
          `protocol-${number}-v2.pdf`,
          minimalPdf(`${demo.fields.title} - protocol, version 2`),
        ),
        await upload(
          c.id,
          'Protocol',
          `protocol-${number}-amendment-1.docx`,
          minimalDocx(`Amendment 1 to protocol ${number}`),
        ),
        await upload(c.id, 'Consent forms', 'informed-consent-v3.pdf', minimalPdf('Informed consent form, version 3')),
      ];
      await upload(
        c.id,
        'Consent forms',
        'assent-form-draft.docx',
        minimalDocx('Assent form for minors (draft, not yet shared)'),
      );
      for (const site of invited) {
        await client.grantContainerAccess(c.id, site.id);
        await studies.grantTo(c.id, site.id);
        const folder = joinItemPath('Site documents', site.name);
        const log = await upload(
          c.id,
          folder,
          'delegation-log.xlsx',
          minimalXlsx([
            ['Name', 'Role', 'Start'],
            ['A. Rivera', 'Study coordinator', '2026-01-12'],
            ['K. Osei', 'Sub-investigator', '2026-02-03'],
          ]),
        );
        const activation = joinItemPath(folder, 'site-activation');
        await writeRecord(client, keys, c.id, activation, {
          header: { type: 'site-activation', name: `Site activation: ${site.name}` },
          content: { site: site.name, activatedOn: '2026-03-02', irbApproval: 'approved', enrolmentTarget: 24 },
        });
        for (const path of [log, activation]) await sharing.grant(c.id, path, site.id);
        for (const path of forEveryone) await sharing.grant(c.id, path, site.id);
      }
      if (receiver && demo === DEMO_STUDIES[0] && invited.some((site) => site.id === receiver.client.organizationId)) {
        const consent = await receiver.client.getItem(c.id, forEveryone[2]!);
        const session = { ...receiver, sharing: new SharingService(receiver.client, receiver.keys, trustAnchors) };
        await writeReceipt(
          session,
          c.id,
          client.organizationId,
          receiptContent({ containerId: c.id, item: consent, action: 'opened' }),
        );
        await seedSignOffs({
          sirb: { client, keys },
          site: receiver,
          containerId: c.id,
          protocolPath: forEveryone[0]!,
          consentPath: forEveryone[2]!,
          siteIds: invited.map((site) => site.id),
          trustAnchors,
        });
      }
    }
    const first = created.at(-1); // the first study was created last
    if (binder && first) await binder(first, dir);
    if (receiver && first && sirbSeenFile)
      await siteReport({ sirb: client, containerId: first, sites, receiver, trustAnchors, dir, sirbSeenFile });
    return created;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The demo site's enrolment report in the first study, uploaded after the sIRB's seen state was
 * written (so it is the one New document) and shared with the sIRB.
 */
async function siteReport(r: {
  readonly sirb: ExchangeClient;
  readonly containerId: string;
  readonly sites: readonly DemoSite[];
  readonly receiver: DemoReceiver;
  readonly trustAnchors: TrustAnchors;
  readonly dir: string;
  readonly sirbSeenFile: string;
}): Promise<void> {
  const { receiver, containerId } = r;
  const site = r.sites.find((x) => x.id === receiver.client.organizationId);
  if (!site) return;
  await writeSeenBaseline(r.sirb, r.sirbSeenFile);
  const file = join(r.dir, 'enrolment-report-march-2026.pdf');
  await writeFile(file, minimalPdf(`${site.name} - enrolment report, March 2026`));
  const path = newDocumentPath(joinItemPath('Site documents', site.name));
  await uploadDocument({
    client: receiver.client,
    containerId,
    path,
    file,
    name: 'enrolment-report-march-2026',
    wrapForSelf: receiver.keys.wrapForSelf,
  });
  await new SharingService(receiver.client, receiver.keys, r.trustAnchors).grant(
    containerId,
    path,
    r.sirb.organizationId,
  );
}
