// A profile's pinned certificates in the data folder (`pins/<profileId>.json`, mode 0600, in a
// 0700 folder; atomic writes), read through the schema: the file is ours, but a damaged one must
// not turn into a pin. One store per profile per process; its changes are made one at a time.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readJsonFile, writeJsonAtomic } from '../../services/atomic-file.js';
import {
  acceptedOf,
  approve,
  pinSchema,
  type AcceptedCertificate,
  type ApprovingPins,
  type CertificateToPin,
  type Pin,
} from '../../../shared/trust/pins.js';

const fileSchema = z.object({ version: z.literal(1), pins: z.record(z.string(), pinSchema) });
type PinFile = z.infer<typeof fileSchema>;

export function pinsFile(dataDir: string, profileId: string): string {
  return path.join(dataDir, 'pins', `${profileId}.json`);
}

export class PinStoreError extends Error {
  override readonly name = 'PinStoreError';
}

export class PinStore implements ApprovingPins {
  private readonly file: string;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    dataDir: string,
    readonly profileId: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = pinsFile(dataDir, profileId);
  }

  async all(): Promise<Pin[]> {
    return Object.values((await this.read()).pins);
  }

  async pinned(organizationId: string): Promise<Pin | undefined> {
    return (await this.read()).pins[organizationId];
  }

  /** Every certificate accepted for the organization, oldest first, with its period. */
  async accepted(organizationId: string): Promise<AcceptedCertificate[]> {
    return acceptedOf(await this.pinned(organizationId));
  }

  async pinFirstUse(organizationId: string, certificate: CertificateToPin): Promise<Pin> {
    return this.change(
      organizationId,
      (pin) =>
        pin ?? {
          organizationId,
          current: { ...certificate, acceptedAt: this.now().toISOString(), how: 'first-use' },
          history: [],
        },
    );
  }

  /** The user accepted this certificate for the organization (the current one goes to the history). */
  async approve(organizationId: string, certificate: CertificateToPin): Promise<Pin> {
    return this.change(organizationId, (pin) => approve(pin, organizationId, certificate, this.now().toISOString()));
  }

  /** "Keep the old one": the offered certificate is remembered as declined. */
  async keep(organizationId: string, declinedSha256: string): Promise<Pin> {
    return this.change(organizationId, (pin) => {
      if (!pin) throw new PinStoreError(`No certificate is accepted for ${organizationId} yet.`);
      const kept = new Set(pin.kept ?? []);
      kept.add(declinedSha256);
      return { ...pin, kept: [...kept] };
    });
  }

  /** Marks the accepted certificate as compared out of band (an empty note clears the mark). */
  async markVerified(organizationId: string, note: string): Promise<Pin> {
    return this.change(organizationId, (pin) => {
      if (!pin) throw new PinStoreError(`No certificate is accepted for ${organizationId} yet.`);
      const { verified: _old, ...rest } = pin;
      return note.trim()
        ? { ...rest, verified: { note: note.trim(), at: this.now().toISOString(), sha256: pin.current.sha256 } }
        : rest;
    });
  }

  /** Every pin, for a profile backup. */
  async export(): Promise<Record<string, Pin>> {
    return (await this.read()).pins;
  }

  /** Pins from a backup; a pin already here is kept (it may be newer than the backup). */
  async restore(pins: Record<string, unknown>): Promise<void> {
    const parsed = z.record(z.string(), pinSchema).parse(pins);
    await this.serial(async () => {
      const file = await this.read();
      await this.write({ version: 1, pins: { ...parsed, ...file.pins } });
    });
  }

  private async change(organizationId: string, f: (pin: Pin | undefined) => Pin): Promise<Pin> {
    return this.serial(async () => {
      const file = await this.read();
      const next = f(file.pins[organizationId]);
      if (next !== file.pins[organizationId])
        await this.write({ ...file, pins: { ...file.pins, [organizationId]: next } });
      return next;
    });
  }

  private serial<T>(f: () => Promise<T>): Promise<T> {
    const run = this.queue.then(f);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async read(): Promise<PinFile> {
    const raw = await readJsonFile<unknown>(this.file);
    if (raw === undefined) return { version: 1, pins: {} };
    const parsed = fileSchema.safeParse(raw);
    // Never guess: a damaged pin file stops sharing until it is dealt with, rather than re-pinning.
    if (!parsed.success)
      throw new PinStoreError(
        `The pinned certificates in ${this.file} cannot be read; nothing is shared until it is repaired or removed.`,
      );
    return parsed.data;
  }

  private async write(file: PinFile): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await writeJsonAtomic(this.file, file);
  }
}

/**
 * The sign-offs' question: which certificates were (or are) accepted for the organization in the
 * profile, oldest first, each with the period it was accepted (`until` absent: the current one).
 */
export async function acceptedCertificates(
  dataDir: string,
  profileId: string,
  organizationId: string,
): Promise<AcceptedCertificate[]> {
  return new PinStore(dataDir, profileId).accepted(organizationId);
}
