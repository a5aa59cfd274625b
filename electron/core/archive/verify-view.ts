// Verify an archive… in the window: the checks of verify.sh on the `.zip` the user chose, as the
// contract's view (its counts and the failed checks with their lines), parsed before it leaves.
import { UserFacingError } from '../../../shared/app-error.js';
import {
  archiveVerifyView,
  MAX_CHECK_LINE,
  MAX_FAILED_CHECKS_SHOWN,
  type ArchiveVerifyView,
} from '../../../shared/ipc/contract/archive.js';
import { verdictLine, verifyArchive, type ArchiveVerdict } from '../../services/archive/verify-archive.js';

export async function verifyArchiveView(path: string, fileName: string): Promise<ArchiveVerifyView> {
  let verdict: ArchiveVerdict;
  try {
    verdict = await verifyArchive(path);
  } catch (e) {
    throw new UserFacingError(
      'not-an-archive',
      `${fileName} could not be read as a study archive.`,
      `Choose the .zip an export wrote, or the folder it was unpacked into. (${e instanceof Error ? e.message : String(e)})`,
      true, // Retry: choose the file again (a copy still being written, or another one)
    );
  }
  const failures = verdict.checks
    .map((c, i) => ({ c, number: i + 1 }))
    .filter(({ c }) => !c.ok)
    .slice(0, MAX_FAILED_CHECKS_SHOWN)
    .map(({ c, number }) => ({ number, line: verdictLine(c).slice(0, MAX_CHECK_LINE) }));
  return archiveVerifyView.parse({
    fileName: fileName.slice(0, MAX_CHECK_LINE),
    passed: verdict.passed,
    failed: verdict.failed,
    failures,
  });
}
