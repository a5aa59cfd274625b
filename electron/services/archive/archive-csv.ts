// The archive's spreadsheets (decisions §11): the expected-documents status, the distribution
// of the exporter's documents, and this study's activity log. Every cell goes through the shared
// CSV writer, which neutralises formula starts: the text came from other organizations.
import { csvLines } from '../../../shared/csv.js';
import type { Manifest } from './archive-model.js';

export function archiveCsvs(
  manifest: Manifest,
  auditCsv: string | undefined,
  distributionCsv: string | undefined,
): Record<string, string> {
  const checklist = csvLines([
    ['expected item', 'organization', 'status', 'document', 'date'],
    ...(manifest.checklist ?? []).map((r) => [r.item, r.organization, r.status, r.document ?? '', r.date ?? '']),
  ]);
  const distribution =
    distributionCsv ??
    csvLines([['document', 'path', 'updated', 'organization', 'organization id', 'status', 'received at', 'action']]);
  const audit = auditCsv ?? csvLines([['time', 'profile', 'action', 'ok', 'study', 'item', 'organization', 'detail']]);
  return { 'checklist.csv': checklist, 'distribution.csv': distribution, 'audit.csv': audit };
}
