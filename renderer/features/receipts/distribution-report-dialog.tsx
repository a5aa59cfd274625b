// The distribution report wired to receipts.report, each document's sign-offs (the details pane's
// signoffs.forItem, under the same query keys) and the reveal of a document. The CSV is the one
// the command-line tool writes (shared/delivery.ts) with the sign-off columns, saved as
// distribution-<study>.csv. Whether this profile sends receipts is switched in Settings.
import { useQueries } from '@tanstack/react-query';
import { reportCsv } from '../../../shared/delivery.js';
import type { SignOffView } from '../../../shared/signoffs/views.js';
import { toAppError } from '../../bridge/api.js';
import { useCall } from '../../data/call.js';
import { keys } from '../../data/query-keys.js';
import { useDistributionReport, useReceiptSending } from './receipts.js';
import { downloadText } from '../../lib/file-read.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { requestReveal } from '../../lib/reveal.js';
import { DistributionReportView } from './distribution-report.js';
import './delivery.css';

/** Sign-offs are read per document: a report of more documents shows them for the first ones only. */
const SIGNOFF_LIMIT = 200;

export function DistributionReportDialog({ context, onClose }: SlotDialogProps) {
  const { profileId } = context;
  const containerId = context.containerId ?? '';
  const call = useCall();
  const report = useDistributionReport(profileId, containerId);
  const sending = useReceiptSending(profileId);
  const rows = (report.data?.rows ?? []).slice(0, SIGNOFF_LIMIT);
  // the same query as the details pane's useSignOffs: one reader, one cache entry per version
  const signOffQueries = useQueries({
    queries: rows.map((r) => ({
      queryKey: [...keys.signOffs(profileId, containerId, r.itemPath), r.contentHash ?? r.updatedAt],
      queryFn: () => call('signoffs.forItem', { containerId, itemPath: r.itemPath }),
      staleTime: 0,
    })),
  });
  const signOffs = new Map<string, readonly SignOffView[]>();
  rows.forEach((r, i) => {
    const data = signOffQueries[i]?.data;
    if (data) signOffs.set(r.itemPath, data);
  });
  return (
    <DistributionReportView
      report={report.data}
      loading={report.isFetching}
      error={report.error ? toAppError(report.error) : undefined}
      onRetry={() => void report.refetch()}
      onExport={() =>
        report.data &&
        downloadText(reportCsv(report.data, signOffs), `distribution-${containerId.slice(0, 8)}.csv`, 'text/csv')
      }
      sending={sending.data?.sending}
      signOffs={signOffs}
      onReveal={(itemPath) => {
        onClose();
        requestReveal({ containerId, itemPaths: [itemPath] });
      }}
      onClose={onClose}
    />
  );
}
