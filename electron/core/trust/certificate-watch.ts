// Collaborators' certificates checked without anyone opening Settings: when a profile's session
// opens and every few hours after, the active profile's grants are compared with the directory
// (collaborator-certificates.ts). The latest answer per profile is kept for the window and sent
// as an event when it arrives; one check per profile runs at a time.
import type { EventPayloads } from '../../../shared/ipc/contract.js';
import { CollaboratorCertificates, type CertificateChange } from '../../services/trust/collaborator-certificates.js';
import type { OneAtATime } from '../../services/one-at-a-time.js';
import type { Session } from '../profiles/session.js';

export type CertificateNotices = Omit<EventPayloads['certificates.changed'], 'profileId'>;

/** Every few hours: the check lists every grant of the profile's own items. */
export const CHECK_EVERY_MS = 4 * 60 * 60 * 1000;

/**
 * The service for a session's profile. Its state file lives in the data folder, longer than any
 * session (a reset opens another while the old one's work still runs): changed in `fileChanges`,
 * the app's order (AppContext.fileChanges).
 */
export function collaboratorsOf(s: Session, dataDir: string, fileChanges: OneAtATime): CollaboratorCertificates {
  return new CollaboratorCertificates(s.client, s.sharing, s.keys, dataDir, s.profile.id, fileChanges);
}

/** What the window may see of a change: counts, not the grants themselves. */
export function changeView(c: CertificateChange): CertificateNotices['changes'][number] {
  return {
    organizationId: c.organizationId,
    name: c.name,
    oldThumbprint: c.oldThumbprint,
    ...(c.certificate ? { certificate: c.certificate } : {}),
    ...(c.problem ? { problem: c.problem } : {}),
    grantCount: c.grants.length,
    studyCount: c.studies,
    ...(c.decision ? { decision: c.decision } : {}),
  };
}

export interface WatchOptions {
  /** Runs one check for a profile (the app's: its session's scan). */
  readonly check: (profileId: string) => Promise<CertificateNotices>;
  readonly emit: (event: 'certificates.changed', payload: EventPayloads['certificates.changed']) => void;
  /** Which profile the scheduled check is for (the active one), if any. */
  readonly activeProfileId: () => string | undefined;
  readonly everyMs?: number;
  /** The repeating timer (setInterval by default); returns its stop. */
  readonly every?: (ms: number, run: () => void) => () => void;
}

const intervalTimer = (ms: number, run: () => void): (() => void) => {
  const timer = setInterval(run, ms);
  timer.unref?.();
  return () => clearInterval(timer);
};

export class CertificateWatch {
  private readonly latest = new Map<string, CertificateNotices>();
  private readonly running = new Map<string, Promise<CertificateNotices>>();
  private stopTimer: (() => void) | undefined;

  constructor(private readonly options: WatchOptions) {}

  /** Starts the scheduled check of the active profile. */
  start(): void {
    this.stopTimer ??= (this.options.every ?? intervalTimer)(this.options.everyMs ?? CHECK_EVERY_MS, () => {
      const id = this.options.activeProfileId();
      if (id) void this.check(id).catch(() => undefined);
    });
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = undefined;
  }

  /**
   * Checks now, joining a check already running for the profile (`after`: one that starts once it
   * ends, so it sees a change made meanwhile). The answer is kept and sent.
   */
  check(profileId: string, options: { readonly after?: boolean } = {}): Promise<CertificateNotices> {
    const running = this.running.get(profileId);
    if (running && options.after) return running.catch(() => undefined).then(() => this.check(profileId, options));
    if (running) return running;
    const run = this.options
      .check(profileId)
      .then((notices) => {
        this.latest.set(profileId, notices);
        this.options.emit('certificates.changed', { profileId, ...notices });
        return notices;
      })
      .finally(() => this.running.delete(profileId));
    this.running.set(profileId, run);
    return run;
  }

  /** Settles once every check under way has ended: closing waits, so none writes after it. */
  async idle(): Promise<void> {
    await Promise.all([...this.running.values()].map((run) => run.catch(() => undefined)));
  }

  /** The answer of the check running for the profile, else its last answer, else a check now. */
  async current(profileId: string): Promise<CertificateNotices> {
    return this.running.get(profileId) ?? this.latest.get(profileId) ?? this.check(profileId);
  }

  /**
   * Forgets a profile's answer (removed, or its data changed under it); settles once a check under
   * way for it ended, so a removed profile's files can go without that check writing them again.
   */
  async forget(profileId: string): Promise<void> {
    await this.running.get(profileId)?.catch(() => undefined);
    this.latest.delete(profileId);
  }
}
