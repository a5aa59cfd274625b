// What Verify an archive… found: the counts as verify.sh ends, and each failed check with its
// line (names from the archive are shown as text, never followed).
import type { ArchiveVerifyView } from '../../../shared/ipc/contract/archive.js';

export function VerifyResult({ view }: { readonly view: ArchiveVerifyView }) {
  const shown = view.failures.length;
  return (
    <div role="status" data-testid="verify-result" className={view.failed ? 'verify-failed' : 'verify-passed'}>
      <p>
        <strong data-testid="verify-counts">
          {view.passed} checks passed, {view.failed} failed
        </strong>{' '}
        in {view.fileName}.{view.failed === 0 && ' Every document matches SHA256SUMS and every sign-off verifies.'}
      </p>
      {shown > 0 && (
        <>
          <p>{shown < view.failed ? `The first ${shown} failed checks:` : 'Failed checks:'}</p>
          <ul className="verify-failures" data-testid="verify-failures">
            {view.failures.map((f) => (
              <li key={f.number}>
                <span className="muted">line {f.number}</span> <code>{f.line}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
