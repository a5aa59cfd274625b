// The transfers panel wired to the service: the list and its events, cancel, retry, clear.
import { useState } from 'react';
import { toAppError } from '../../bridge/api.js';
import { useClearTransfers, useTransferAction, useTransfers } from './transfers.js';
import { statesOf } from './transfer-groups.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { TransfersPanel } from './transfers-panel.js';

export function TransfersDock({ profileId }: { readonly profileId?: string }) {
  const transfers = useTransfers(profileId);
  const cancel = useTransferAction('transfers.cancel');
  const retry = useTransferAction('transfers.retry');
  const clear = useClearTransfers();
  const [dismissed, setDismissed] = useState<unknown>(undefined);
  const failure = cancel.error ?? retry.error ?? clear.error;
  if (transfers.error)
    return (
      <ErrorDisplay
        context="The transfers could not be loaded."
        error={toAppError(transfers.error)}
        onRetry={() => void transfers.refetch()}
      />
    );
  return (
    <TransfersPanel
      transfers={transfers.data ?? []}
      ready={transfers.data !== undefined}
      onCancel={(id) => cancel.mutate(id)}
      onRetry={(id) => retry.mutate(id)}
      onClear={(tab) => clear.mutate(statesOf(tab))}
      actionError={failure && failure !== dismissed ? toAppError(failure) : undefined}
      onDismissError={() => setDismissed(failure)}
    />
  );
}
