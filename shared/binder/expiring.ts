// "Expiring, across studies" (issue 35): every document this profile can see, in every study,
// whose expiresOn falls within the warning period or has passed; the soonest first. The same
// list feeds the window's view, `study-exchange expiring` and the daily notification.
import { dayNumber } from './calendar-date.js';
import { documentTypeName } from './document-types.js';
import type { FulfilmentDocument } from './fulfilment.js';
import type { ExpiringDocument } from './views.js';

export interface StudyDocuments {
  readonly containerId: string;
  readonly studyTitle: string;
  readonly documents: readonly Pick<FulfilmentDocument, 'path' | 'name' | 'ownerId' | 'fields'>[];
}

export function expiringDocuments(
  studies: readonly StudyDocuments[],
  input: {
    readonly today: string;
    readonly withinDays: number;
    readonly viewerId: string;
    readonly organizationName: (id: string) => string;
  },
): ExpiringDocument[] {
  const today = dayNumber(input.today);
  if (today === undefined) throw new RangeError(`today is not a calendar date: ${input.today}`);
  const out: ExpiringDocument[] = [];
  for (const study of studies) {
    for (const d of study.documents) {
      const expiresOn = d.fields?.expiresOn;
      if (!expiresOn) continue;
      const daysLeft = dayNumber(expiresOn)! - today;
      if (daysLeft > input.withinDays) continue;
      const docType = d.fields?.docType;
      out.push({
        containerId: study.containerId,
        studyTitle: study.studyTitle,
        path: d.path,
        name: d.name,
        ...(docType ? { docType, typeName: documentTypeName(docType) } : {}),
        ...(d.fields?.person ? { person: d.fields.person } : {}),
        ownerId: d.ownerId,
        ownerName: input.organizationName(d.ownerId),
        ownedByMe: d.ownerId === input.viewerId,
        expiresOn,
        daysLeft,
        expired: daysLeft < 0,
      });
    }
  }
  return out.sort(
    (a, b) =>
      a.daysLeft - b.daysLeft ||
      a.studyTitle.localeCompare(b.studyTitle) ||
      (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
}
