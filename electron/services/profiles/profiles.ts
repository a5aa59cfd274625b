// Profiles: which exchange, as which organization, with which stored key. One JSON file
// in the app data folder, written atomically; checked with zod when read back.
import { exchangeUrlProblem } from '../../../shared/exchange-url.js';
import { FailureError } from '../../../shared/failure-error.js';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomic } from '../atomic-file.js';
import { ENVIRONMENTS, type Environment } from '../../../shared/ipc/views.js';
import type { CertificateSummary } from '../keys/certificate-summary.js';

interface RoleHints {
  readonly sirb?: boolean;
  readonly admin?: boolean;
}

export interface Profile {
  readonly id: string;
  readonly name: string;
  readonly environment: Environment;
  readonly baseUrl: string;
  readonly organizationId: string;
  readonly roleHints: RoleHints;
  /** Reference into the key vault; never the key. */
  readonly keyRef: string;
  /** Keys from before a renewal, kept for reading what is still wrapped for them (vault references). */
  readonly readingKeyRefs?: readonly string[];
  /** The last backup: which key was current then (a renewal makes a key not yet backed up). */
  readonly backup?: { readonly keyRef: string; readonly at: string };
  readonly certificate?: CertificateSummary;
  /** The consortium's CA certificates (PEM): a grantee's certificate must be issued by one. */
  readonly trustAnchors?: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}

export type ProfileInput = Omit<Profile, 'id' | 'createdAt' | 'updatedAt'>;
type ProfilePatch = Partial<Omit<Profile, 'id' | 'createdAt' | 'updatedAt'>>;

const certificateSchema = z.object({
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  thumbprint: z.string(),
  keyBits: z.number(),
  expired: z.boolean(),
});

const profileSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{32}$/),
  name: z.string().trim().min(1).max(100),
  environment: z.enum(ENVIRONMENTS),
  baseUrl: z.string().refine(isExchangeUrl, 'must be an http or https address'),
  organizationId: z.string().min(1).max(200),
  roleHints: z.object({ sirb: z.boolean().optional(), admin: z.boolean().optional() }),
  keyRef: z.string(),
  readingKeyRefs: z
    .array(z.string().regex(/^[0-9a-f]{32}$/))
    .max(50)
    .optional(),
  backup: z.object({ keyRef: z.string(), at: z.string() }).optional(),
  certificate: certificateSchema.optional(),
  trustAnchors: z
    .array(z.string().max(64 * 1024))
    .max(50)
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const fileSchema = z.object({ version: z.literal(1), profiles: z.array(profileSchema) });

export class ProfileError extends FailureError<'not-found' | 'duplicate-name' | 'invalid'> {
  override readonly name = 'ProfileError';
}

function isExchangeUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export class ProfileStore {
  readonly file: string;
  // Writes are serialized so two quick edits cannot lose one another.
  private chain: Promise<unknown> = Promise.resolve();

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'profiles.json');
  }

  async list(): Promise<Profile[]> {
    const data = await readJsonFile<unknown>(this.file);
    if (data === undefined) return [];
    const parsed = fileSchema.safeParse(data);
    if (!parsed.success)
      throw new ProfileError(
        'invalid',
        `The profiles file ${this.file} is damaged: ${parsed.error.issues[0]?.message ?? 'unknown problem'}.`,
      );
    return parsed.data.profiles as Profile[];
  }

  /** By id, or by name (case-insensitive). */
  async get(idOrName: string): Promise<Profile> {
    const profiles = await this.list();
    const lower = idOrName.toLowerCase();
    const found = profiles.find((p) => p.id === idOrName) ?? profiles.find((p) => p.name.toLowerCase() === lower);
    if (!found) throw new ProfileError('not-found', `There is no profile named "${idOrName}".`);
    return found;
  }

  async add(input: ProfileInput): Promise<Profile> {
    return this.mutate((profiles) => {
      const now = new Date().toISOString();
      const profile = validate({ ...input, id: randomBytes(16).toString('hex'), createdAt: now, updatedAt: now });
      assertUniqueName(profiles, profile);
      return { profiles: [...profiles, profile], result: profile };
    });
  }

  async update(id: string, patch: ProfilePatch): Promise<Profile> {
    return this.mutate((profiles) => {
      const index = profiles.findIndex((p) => p.id === id);
      const current = profiles[index];
      if (!current) throw new ProfileError('not-found', `There is no profile with id ${id}.`);
      const next = validate({
        ...current,
        ...patch,
        id: current.id,
        createdAt: current.createdAt,
        updatedAt: new Date().toISOString(),
      });
      assertUniqueName(profiles, next);
      const copy = [...profiles];
      copy[index] = next;
      return { profiles: copy, result: next };
    });
  }

  async remove(id: string): Promise<Profile> {
    return this.mutate((profiles) => {
      const found = profiles.find((p) => p.id === id);
      if (!found) throw new ProfileError('not-found', `There is no profile with id ${id}.`);
      return { profiles: profiles.filter((p) => p.id !== id), result: found };
    });
  }

  private mutate<T>(change: (profiles: Profile[]) => { profiles: Profile[]; result: T }): Promise<T> {
    const run = this.chain.then(async () => {
      const { profiles, result } = change(await this.list());
      await writeJsonAtomic(this.file, { version: 1, profiles });
      return result;
    });
    this.chain = run.catch(() => undefined);
    return run;
  }
}

function validate(candidate: unknown): Profile {
  const parsed = profileSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProfileError(
      'invalid',
      `The profile is not valid: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'unknown problem'}.`,
    );
  }
  const problem = exchangeUrlProblem(parsed.data.baseUrl, parsed.data.environment);
  if (problem) throw new ProfileError('invalid', `The profile is not valid: ${problem}`);
  return parsed.data as Profile;
}

function assertUniqueName(profiles: readonly Profile[], profile: Profile): void {
  const lower = profile.name.toLowerCase();
  if (profiles.some((p) => p.id !== profile.id && p.name.toLowerCase() === lower)) {
    throw new ProfileError('duplicate-name', `A profile named "${profile.name}" already exists.`);
  }
}
