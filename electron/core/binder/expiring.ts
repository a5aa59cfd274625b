// The expiring view's documents, from the shared refresh (electron/core/whats-new/): every study it
// has listed, each document's §8 fields as its header was opened there (the same opened headers
// Find reads), so the view costs no listing of its own.
import { expiringDocuments, type StudyDocuments } from '../../../shared/binder/expiring.js';
import type { ExpiringView } from '../../../shared/binder/views.js';
import { cleanText } from '../../../shared/file-name.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { MAX_ORGANIZATION_NAME } from '../../../shared/limits.js';
import type { Session } from '../profiles/session.js';

export async function expiringView(
  s: Session,
  input: {
    readonly today: string;
    readonly withinDays: number;
    /** Open every header first (studies listed before are listed whole once); false: what is opened or kept now. */
    readonly prepare?: boolean;
  },
): Promise<ExpiringView> {
  // nothing listed yet (just started): one refresh first
  if (s.watch.listed().length === 0 && input.prepare !== false) await s.watch.fresh(s.watch.timing.intervalMs);
  if (input.prepare !== false) await s.watch.prepareNames();
  else s.watch.wantNames();
  const listed = s.watch.listed();
  const studies: StudyDocuments[] = [];
  for (const study of listed) {
    const documents: StudyDocuments['documents'][number][] = [];
    await s.watch.names(study.id, (item) => {
      if (item.record || !item.fields?.expiresOn) return;
      const path = toSlashForm(item.id);
      documents.push({ path, name: item.name || path, ownerId: item.ownerId, fields: item.fields });
    });
    studies.push({ containerId: study.id, studyTitle: study.title, documents });
  }
  const owners = new Map<string, string>();
  for (const id of new Set(studies.flatMap((st) => st.documents.map((d) => d.ownerId))))
    owners.set(id, cleanText(await s.organizationName(id).catch(() => id)).slice(0, MAX_ORGANIZATION_NAME) || id);
  const containers = await s.client.listContainers().catch(() => undefined);
  return {
    today: input.today,
    withinDays: input.withinDays,
    documents: expiringDocuments(studies, {
      today: input.today,
      withinDays: input.withinDays,
      viewerId: s.profile.organizationId,
      organizationName: (id) => owners.get(id) ?? id,
    }),
    pendingStudies: containers ? Math.max(0, containers.length - listed.length) : 0,
  };
}
