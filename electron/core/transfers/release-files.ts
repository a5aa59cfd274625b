// The window's file references released, but never one an upload is still reading: its
// transfer releases it when done (or when cleared, so a Retry can still read a staged copy).
import type { AppContext } from '../app-context.js';

export async function releaseUnlessUploading(
  ctx: Pick<AppContext, 'files' | 'uploadRefs'>,
  refs: readonly string[],
): Promise<void> {
  const uploading = new Set(ctx.uploadRefs.values());
  for (const ref of refs) if (!uploading.has(ref)) await ctx.files.release(ref);
}
