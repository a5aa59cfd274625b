// `access rewrap --target-org ORG_ID [--container ID]`: after an organization's new certificate,
// every grant of the profile's own items to it wrapped again for that certificate, with a line
// per item. With a profile, `--org ORG_ID` still names the target (the older form); with a
// one-off identity `--org` is who acts, so the target must be --target-org.
import { CollaboratorCertificates } from '../../services/trust/collaborator-certificates.js';
import type { SharingService } from '../../services/sharing/sharing.js';
import { UsageError, stringFlag } from '../args.js';
import type { CliContext, CliSession } from '../context.js';

/**
 * The command line's sharing for a saved profile: each certificate keys are wrapped for is
 * remembered for the collaborator check, as the app does; `settled` waits for those writes.
 */
export function rememberingSharing(
  ctx: CliContext,
  opened: CliSession,
): { sharing: SharingService; settled: () => Promise<unknown> } {
  const sharing = ctx.sharing(opened);
  const writes: Promise<void>[] = [];
  if (opened.profile) {
    const collaborators = new CollaboratorCertificates(
      opened.client,
      sharing,
      opened.keys,
      ctx.dataDir,
      opened.profile.id,
      ctx.fileChanges,
    );
    sharing.onKeyWrappedFor = (org, thumbprint) => void writes.push(collaborators.rememberShared(org, thumbprint));
  }
  return { sharing, settled: () => Promise.allSettled(writes) };
}

export async function rewrapCommand(ctx: CliContext): Promise<void> {
  const target = stringFlag(ctx.args, 'target-org');
  const oneOff = stringFlag(ctx.args, 'key') !== undefined || stringFlag(ctx.args, 'cert') !== undefined;
  const orgId = target ?? stringFlag(ctx.args, 'org');
  if (!orgId)
    throw new UsageError(
      'access rewrap needs --target-org ORG_ID: the organization whose new certificate the keys go to.',
    );
  if (!target && oneOff)
    throw new UsageError(
      'With a one-off identity --org names who you are: give the organization whose certificate changed as --target-org ORG_ID.',
    );
  const containerId = stringFlag(ctx.args, 'container');
  const opened = await ctx.open({ orgIsTarget: !target });
  const { client, keys, profile } = opened;
  const sharing = ctx.sharing(opened);
  const watch = new CollaboratorCertificates(
    client,
    sharing,
    keys,
    ctx.dataDir,
    profile?.id ?? `one-off-${client.organizationId}`,
    ctx.fileChanges,
  );
  const result = await watch.rewrap(orgId, {
    ...(containerId ? { containerId } : {}),
    onProgress: (r, done, total) =>
      ctx.progress(
        `${done}/${total} ${r.ok ? 're-wrapped' : 'FAILED'}: ${r.path} in study ${r.containerId}${r.message ? ` (${r.message})` : ''}\n`,
      ),
  });
  const failed = result.results.filter((r) => !r.ok);
  // Each failure was printed as it happened; the command fails so a script sees it.
  if (failed.length > 0)
    throw new Error(
      `${failed.length} of ${result.results.length} grant(s) could not be wrapped again; run the command again to retry them.`,
    );
  ctx.print(
    result,
    () =>
      `${result.results.length} grant(s) wrapped for certificate ${result.thumbprint}${result.skipped ? `, ${result.skipped} done before` : ''}.`,
  );
}
