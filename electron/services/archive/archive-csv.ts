// The archive's spreadsheets (decisions §11): the expected-documents status, the distribution
// of the exporter's documents, and this study's activity log. Every cell goes through the shared
// CSV writer, which neutralises formula starts: the text came from other organizations.
import { csvLines } from '../../../shared/csv.js';

export function archiveCsvs(
  checklistCsv: string | undefined,
  auditCsv: string | undefined,
  distributionCsv: string | undefined,
): Record<string, string> {
  const checklist = checklistCsv ?? csvLines([['expected item', 'organization', 'status', 'document', 'date']]);
  const distribution =
    distributionCsv ??
    csvLines([['document', 'path', 'updated', 'organization', 'organization id', 'status', 'received at', 'action']]);
  const audit = auditCsv ?? csvLines([['time', 'profile', 'action', 'ok', 'study', 'item', 'organization', 'detail']]);
  return { 'checklist.csv': checklist, 'distribution.csv': distribution, 'audit.csv': audit };
}
