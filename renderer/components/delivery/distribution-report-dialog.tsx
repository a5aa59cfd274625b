// The distribution report wired to receipts.report and the profile's receipts switch; the CSV
// is the one the command-line tool writes (shared/delivery.ts), saved as distribution-<study>.csv.
import { reportCsv } from '../../../shared/delivery.js';
import { toAppError } from '../../bridge/api.js';
import { useDistributionReport, useReceiptSending, useSetReceiptSending } from '../../data/receipts.js';
import { downloadText } from '../../lib/file-read.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';
import { DistributionReportView } from './distribution-report.js';
import './delivery.css';

export function DistributionReportDialog({ context, onClose }: SlotDialogProps) {
  const { profileId } = context;
  const containerId = context.containerId ?? '';
  const report = useDistributionReport(profileId, containerId);
  const sending = useReceiptSending(profileId);
  const setSending = useSetReceiptSending(profileId);
  return (
    <DistributionReportView
      report={report.data}
      loading={report.isFetching}
      error={report.error ? toAppError(report.error) : undefined}
      onRetry={() => void report.refetch()}
      onExport={() =>
        report.data && downloadText(reportCsv(report.data), `distribution-${containerId.slice(0, 8)}.csv`, 'text/csv')
      }
      sending={sending.data?.sending}
      onSending={(on) => setSending.mutate(on)}
      settingError={setSending.error ? toAppError(setSending.error) : undefined}
      onClose={onClose}
    />
  );
}
