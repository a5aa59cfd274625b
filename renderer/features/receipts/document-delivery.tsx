// The details pane's delivery section wired to receipts.forItem and the profile's switch.
import type { ItemView } from '../../../shared/ipc/views.js';
import { toAppError } from '../../bridge/api.js';
import { useDelivery, useReceiptSending } from './receipts.js';
import { DeliverySection } from './delivery-section.js';

interface DocumentDeliveryProps {
  readonly profileId: string;
  readonly containerId: string;
  readonly item: ItemView;
}

/** Shown for documents only: receipts acknowledge documents, not records. */
export function DocumentDelivery({ profileId, containerId, item }: DocumentDeliveryProps) {
  const isDocument = item.decryptedHeader?.type === 'document';
  const delivery = useDelivery(
    profileId,
    containerId,
    isDocument && item.ownedByMe ? item.path : undefined,
    item.contentHash,
  );
  const sending = useReceiptSending(profileId);
  if (!isDocument) return null;
  return (
    <DeliverySection
      ownedByMe={item.ownedByMe}
      delivery={delivery.data}
      sending={sending.data?.sending}
      loading={delivery.isFetching}
      error={delivery.error ? toAppError(delivery.error) : undefined}
      onRetry={() => void delivery.refetch()}
    />
  );
}
