// What a re-wrap for an organization's new certificate did: how many documents, and a result per
// document under Details (the study's title, the document, and why one failed).
import type { OperationResult } from '../../../shared/ipc/contract.js';
import { toSlashForm } from '../../../shared/item-path.js';
import { Notice } from '../../components/common/notice.js';

export interface RewrapResultNoticeProps {
  readonly organizationName: string;
  readonly result: OperationResult<'certificates.rewrap'>;
  readonly studyTitle: (containerId: string) => string;
  readonly onDismiss: () => void;
}

export function RewrapResultNotice({ organizationName, result, studyTitle, onDismiss }: RewrapResultNoticeProps) {
  const failed = result.results.filter((r) => !r.ok);
  const done = result.results.length - failed.length;
  const earlier = result.skipped ? ` (${result.skipped} done before)` : '';
  return (
    <Notice
      level={failed.length ? 'error' : 'info'}
      testId="rewrap-result-notice"
      detailsLabel={`Details of sharing again with ${organizationName}`}
      actions={
        <button
          type="button"
          onClick={onDismiss}
          aria-label={`Dismiss the result of sharing again with ${organizationName}`}
        >
          Dismiss
        </button>
      }
      details={
        result.results.length ? (
          <ul data-testid="rewrap-results">
            {result.results.map((r) => (
              <li key={`${r.containerId}/${r.path}`}>
                {r.ok ? 'Shared again' : 'Failed'}: {r.name ?? toSlashForm(r.path)} in {studyTitle(r.containerId)}
                {r.message ? ` — ${r.message}` : ''}
              </li>
            ))}
          </ul>
        ) : undefined
      }
    >
      <span role="status">
        {done} of your documents shared again for the new certificate of <strong>{organizationName}</strong>
        {earlier}
        {failed.length ? `; ${failed.length} failed: share again to retry them.` : '.'}
      </span>
    </Notice>
  );
}
