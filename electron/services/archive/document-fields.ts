// What a document is (decisions §8: docType, expiresOn, person, versionLabel), as the archive
// records it: only values of the right form, cleaned, since another organization wrote them.
import { cleanText } from '../../../shared/file-name.js';
import type { DocumentHeader } from '../../../shared/types.js';

export interface DocumentFields {
  readonly docType?: string;
  readonly expiresOn?: string;
  readonly person?: { readonly name: string };
  readonly versionLabel?: string;
}

const DOC_TYPE = /^[a-z0-9-]{1,64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function documentFields(header: DocumentHeader): DocumentFields {
  const { docType, expiresOn, person, versionLabel } = header as Record<string, unknown>;
  const personName = (person as { name?: unknown } | undefined)?.name;
  return {
    ...(typeof docType === 'string' && DOC_TYPE.test(docType) ? { docType } : {}),
    ...(typeof expiresOn === 'string' && DATE.test(expiresOn) ? { expiresOn } : {}),
    ...(typeof personName === 'string' && cleanText(personName)
      ? { person: { name: cleanText(personName).slice(0, 200) } }
      : {}),
    ...(typeof versionLabel === 'string' && cleanText(versionLabel)
      ? { versionLabel: cleanText(versionLabel).slice(0, 64) }
      : {}),
  };
}
