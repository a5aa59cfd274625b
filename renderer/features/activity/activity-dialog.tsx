// The activity log wired to activity.list (filtered by action and text) and activity.exportCsv,
// saved as activity-YYYY-MM-DD.csv.
import { useState } from 'react';
import { toAppError } from '../../bridge/api.js';
import { ActivityView } from './activity-view.js';
import { useActivity, useExportActivity } from './activity.js';
import { activityFileName, downloadText } from '../../lib/file-read.js';
import type { SlotDialogProps } from '../../lib/dialog-slots.js';

export function ActivityDialog({ onClose }: SlotDialogProps) {
  const [action, setAction] = useState('');
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const list = useActivity(action, trimmed);
  const exportCsv = useExportActivity();
  return (
    <ActivityView
      entries={list.data ?? []}
      loading={list.isPending}
      error={list.error ? toAppError(list.error) : undefined}
      action={action}
      text={text}
      onAction={setAction}
      onText={setText}
      exporting={exportCsv.isPending}
      exportError={exportCsv.error ? toAppError(exportCsv.error) : undefined}
      onExport={() =>
        exportCsv.mutate(undefined, {
          onSuccess: ({ csv }) => downloadText(csv, activityFileName(new Date()), 'text/csv'),
        })
      }
      onClose={onClose}
    />
  );
}
