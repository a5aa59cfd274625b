// The active profile's working set: a signed client, the key handle (the private key stays
// in the vault), sharing, and a small directory cache of organization names.
import { exchangeUrlProblem } from '../../../shared/exchange-url.js';
import type { Organization } from '../../../shared/types.js';
import type { ProfileView, Role } from '../../../shared/ipc/views.js';
import { ExchangeClient } from '../../services/exchange-client.js';
import { UserFacingError } from '../../../shared/app-error.js';
import type { KeyVault } from '../../services/keys/key-vault.js';
import { openProfileKeys } from '../../services/keys/key-ring.js';
import type { Profile } from '../../services/profiles/profiles.js';
import { SharingService, type TrustAnchors } from '../../services/sharing/sharing.js';
import { MemoryPins, type CertificatePins } from '../../../shared/trust/pins.js';
import { StudyRecords } from '../../services/study-records.js';
import { SearchIndex } from '../search/search-index.js';
import { HeaderCache } from '../studies/header-cache.js';
import { StudyWatch, type WatchOptions } from '../whats-new/study-watch.js';
import type { StudySession } from '../studies/study-session.js';

/** The active profile's session: acting as its organization, plus what the app keeps beside it. */
export interface Session extends StudySession {
  readonly sharing: SharingService;
  /** "Find in all studies": this session's index, built on the first search. */
  readonly search: SearchIndex;
  /**
   * The shared refresh of this session's studies: Find, the file list (`study.changed`), New marks
   * and Changes follow it; `watch.onArrivals` is the notifier's hook.
   */
  readonly watch: StudyWatch;
  /** The re-wrap of the profile's own items after a renewal, once started (own-rewrap.ts): it runs once per session. */
  ownRewrap: Promise<void> | undefined;
  close(): void;
}

export async function openSession(
  profile: Profile,
  vault: KeyVault,
  userAgent: string,
  onClockSkew: (seconds: number) => void,
  /** Where grantee certificates must chain to; the profile's own anchors by default. */
  trustAnchors: TrustAnchors = profile.trustAnchors ?? [],
  /** Where the refresh keeps what the user saw, where it tells the window, and when it runs (the app's). */
  watchOptions: WatchOptions = {},
  /** The profile's pinned certificates (the app's store in the data folder; else this session's memory). */
  pins: CertificatePins = new MemoryPins(),
): Promise<Session> {
  // A profile saved before the https rule: refused here rather than used over plain HTTP.
  const problem = exchangeUrlProblem(profile.baseUrl, profile.environment);
  if (problem)
    throw new UserFacingError(
      'insecure-exchange',
      `The profile "${profile.name}" cannot be used: ${problem}`,
      'Edit the profile\u2019s exchange address to https:// in Settings.',
    );
  const keys = await openProfileKeys(vault, profile);
  const client = new ExchangeClient({
    baseUrl: profile.baseUrl,
    organizationId: profile.organizationId,
    signer: keys.signer,
    userAgent,
    onClockSkew: (ms) => onClockSkew(Math.round(ms / 1000)),
  });
  const directory = new Map<string, Organization>();
  let loaded: Promise<void> | undefined;
  const refresh = async () => {
    const orgs = await client.listOrganizations();
    directory.clear();
    for (const o of orgs) directory.set(o.id, o);
  };
  const organization = async (id: string) => {
    if (!directory.has(id)) {
      loaded = refresh();
      await loaded.catch(() => undefined);
    }
    return directory.get(id);
  };
  const sharing = new SharingService(client, keys, trustAnchors, pins);
  const studies = new StudyRecords(client, keys, sharing);
  const titles = new Map<string, string>();
  let titleChanges = 0;
  const remember = (containerId: string, title: string): void => {
    if (titles.get(containerId) !== title) titleChanges++;
    titles.set(containerId, title);
  };
  let search: SearchIndex | undefined;
  let watch: StudyWatch | undefined;
  const session: Session = {
    profile,
    client,
    keys,
    sharing,
    trustAnchors: async () => (typeof trustAnchors === 'function' ? await trustAnchors() : trustAnchors),
    studies,
    async studyTitle(containerId) {
      const known = titles.get(containerId);
      if (known) return known;
      const { title, record } = await studies.title({ id: containerId });
      // learnt by whoever asked (a Find build), so not a change to what it built
      if (record) titles.set(containerId, title);
      return title;
    },
    knownTitle: (containerId) => titles.get(containerId),
    rememberTitle: remember,
    get titleChanges() {
      return titleChanges;
    },
    organization,
    organizationName: async (id) => (await organization(id))?.name ?? id,
    get search() {
      return (search ??= new SearchIndex(session));
    },
    get watch() {
      return (watch ??= new StudyWatch(session, watchOptions));
    },
    headers: new HeaderCache(),
    ownRewrap: undefined,
    close: () => {
      watch?.close();
      client.close();
    },
  };
  // in the app the loop runs whenever a window is visible and this profile is active
  if (watchOptions.gate) session.watch.start();
  return session;
}

function rolesOf(profile: Profile, organization?: Organization): Role[] {
  const roles: Role[] = [];
  const sirb = organization?.isSirb ?? profile.roleHints.sirb ?? false;
  roles.push(sirb ? 'sirb' : 'psite');
  if (profile.roleHints.admin) roles.push('admin');
  return roles;
}

export function toProfileView(profile: Profile, active: boolean, organization?: Organization): ProfileView {
  const none = { subject: '', issuer: '', validFrom: '', validTo: '', thumbprint: '', keyBits: 0 };
  return {
    id: profile.id,
    name: profile.name,
    environment: profile.environment,
    baseUrl: profile.baseUrl,
    organizationId: profile.organizationId,
    organizationName: organization?.name ?? profile.name.replace(/^Sandbox \u2014 /, ''),
    roles: rolesOf(profile, organization),
    certificate: profile.certificate ?? none,
    active,
    trustAnchorCount: profile.trustAnchors?.length ?? 0,
    backedUp: profile.backup?.keyRef === profile.keyRef,
    readingKeyCount: profile.readingKeyRefs?.length ?? 0,
  };
}
