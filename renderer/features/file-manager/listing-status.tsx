// What the file list says about a study's listing as it streams in: how many items have come so
// far, or, when the answer broke off, how many are shown and a Retry that completes the list.
import type { UseQueryResult } from '@tanstack/react-query';
import { toAppError } from '../../bridge/api.js';
import type { ItemsCache } from './items-cache.js';
import { ErrorDisplay } from '../../components/common/error-display.js';

export function ListingStatus({ items }: { readonly items: UseQueryResult<ItemsCache> }) {
  // from the data, not the query's error: a header load or an upload's refresh clears that
  const stopped = items.data?.incomplete;
  if (stopped && !items.isFetching) {
    return (
      <ErrorDisplay
        context={`The list stopped loading after ${stopped.received.toLocaleString()} items; those are shown.`}
        error={stopped.error}
        onRetry={() => void items.refetch()}
      />
    );
  }
  if (items.error) {
    return (
      <ErrorDisplay
        context={
          items.data
            ? `The list stopped loading after ${items.data.items.length.toLocaleString()} items; those are shown.`
            : 'The files of this study could not be loaded.'
        }
        error={toAppError(items.error)}
        onRetry={() => void items.refetch()}
      />
    );
  }
  return items.data && items.isFetching ? (
    <p className="muted" role="status" data-testid="files-streaming">
      Loading the list… {items.data.items.length.toLocaleString()} items so far
    </p>
  ) : null;
}
