// Verify an archive… in the Export dialog: choose a .zip an export wrote (here or elsewhere), or
// in Electron the folder one was unpacked into, and main runs the checks of its verify.sh; the
// result or the error shows here, where it was asked.
import { useState } from 'react';
import { toAppError } from '../../bridge/api.js';
import { ErrorDisplay } from '../../components/common/error-display.js';
import { FilePickButton } from '../../components/common/file-pick-button.js';
import { useAppInfo } from '../settings/settings.js';
import { usePickArchive, useVerifyArchive, type ArchiveFileSource, type ArchivePick } from './use-verify.js';
import { VerifyResult } from './verify-result.js';

export function VerifySection({ disabled }: { readonly disabled?: boolean }) {
  const nativeFiles = !!useAppInfo().data?.nativeFiles;
  const pick = usePickArchive();
  const verify = useVerifyArchive();
  const [last, setLast] = useState<ArchiveFileSource>();
  const [lastPick, setLastPick] = useState<ArchivePick>('archive');
  const run = (source: ArchiveFileSource) => {
    setLast(source);
    verify.mutate(source);
  };
  const pickAndRun = (purpose: ArchivePick) => {
    setLastPick(purpose);
    void pick(purpose).then((ref) => ref && run({ kind: 'chosen', ref }));
  };
  // main forgets a reference once used: a retry of a dialog's choice asks again
  const retry = () => {
    if (last?.kind === 'file') run(last);
    else pickAndRun(lastPick);
  };
  return (
    <section className="archive-verify" aria-labelledby="archive-verify-title" data-testid="archive-verify">
      <h3 id="archive-verify-title">Verify an archive</h3>
      <p>Check an archive&apos;s documents and sign-offs as its verify.sh does.</p>
      <FilePickButton
        label="Verify an archive…"
        accept=".zip,application/zip"
        testId="verify-archive"
        disabled={disabled || verify.isPending}
        chosen={last ? (last.kind === 'chosen' ? last.ref.name : last.file.name) : undefined}
        onFile={(file) => run({ kind: 'file', file })}
        onPick={
          nativeFiles
            ? () => {
                setLastPick('archive');
                return pick('archive');
              }
            : undefined
        }
        onPicked={(ref) => run({ kind: 'chosen', ref })}
      />
      {nativeFiles && (
        <p>
          <button
            type="button"
            data-testid="verify-archive-folder"
            disabled={disabled || verify.isPending}
            onClick={() => pickAndRun('archive-folder')}
          >
            Verify an unpacked folder…
          </button>
        </p>
      )}
      {verify.isPending && (
        <p role="status" data-testid="verify-running">
          Checking every document and sign-off…
        </p>
      )}
      {verify.data && !verify.isPending && <VerifyResult view={verify.data} />}
      {verify.error && !verify.isPending && (
        <ErrorDisplay context="The archive could not be verified." error={toAppError(verify.error)} onRetry={retry} />
      )}
    </section>
  );
}
