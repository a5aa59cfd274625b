// What the parts that read studies need of a profile's session: the views (views.ts), the shared
// refresh (watch/) and what it hands on (sign-off requests), and Find (search/). Narrower than the Session that creates those parts
// (profiles/session.ts extends it), so none of them imports the session back.
import type { Organization } from '../../../shared/types.js';
import type { ExchangeSession } from '../../services/exchange-session.js';
import type { ProfileKeys } from '../../services/keys/key-ring.js';
import type { Profile } from '../../services/profiles/profiles.js';
import type { StudyRecords } from '../../services/study-records.js';
import type { HeaderCache } from './header-cache.js';

export interface StudySession extends ExchangeSession {
  readonly profile: Profile;
  /** The current key and the reading keys kept from before a renewal. */
  readonly keys: ProfileKeys;
  /** The CA certificates (PEM) this profile trusts: its own anchors, and the sandbox's for its profiles. */
  trustAnchors(): Promise<readonly string[]>;
  /** The `study` records of this profile's studies (protocol.md §7). */
  readonly studies: StudyRecords;
  /** A study's title as last read (or the fallback), for logs and notifications. */
  studyTitle(containerId: string): Promise<string>;
  /** The title last read or written, without asking the exchange (undefined when none was). */
  knownTitle(containerId: string): string | undefined;
  /** Remembers a study's title once read or written. */
  rememberTitle(containerId: string, title: string): void;
  /** Counts titles remembered new or different: what was built from the titles (Find) is behind when it moved. */
  readonly titleChanges: number;
  /** Organization by id, from the directory (refreshed on a miss). */
  organization(id: string): Promise<Organization | undefined>;
  organizationName(id: string): Promise<string>;
  /** The item headers this session opened (views.ts), so a refresh does not unwrap a key twice. */
  readonly headers: HeaderCache;
}
