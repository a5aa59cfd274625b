// The docType vocabulary (docs/protocol.md, What a document is; decisions §8): codes a document's
// header may carry, with the name shown, the group offered in pickers, from whom such a document
// usually comes, and whether it usually expires (the window offers "Expires" then). Codes are
// never renamed; new ones may be added. A code this list does not know is kept and shown as given.

export type DocumentGroup =
  'Study' | 'IRB' | 'Site activation' | 'Site staff' | 'Site facilities' | 'Monitoring' | 'Other';

export interface DocumentType {
  readonly code: string;
  readonly name: string;
  readonly group: DocumentGroup;
  readonly usuallyFrom: 'owner' | 'site' | 'either';
  readonly usuallyExpires: boolean;
  /** Why it expires, where the vocabulary says ("approval period", "annual"). */
  readonly expiryNote?: string;
}

const t = (
  code: string,
  name: string,
  group: DocumentGroup,
  usuallyFrom: DocumentType['usuallyFrom'],
  usuallyExpires = false,
  expiryNote?: string,
): DocumentType => ({ code, name, group, usuallyFrom, usuallyExpires, ...(expiryNote ? { expiryNote } : {}) });

/** In the vocabulary's order (pickers group by `group` in this order). */
export const DOCUMENT_TYPES: readonly DocumentType[] = [
  t('protocol', 'Protocol', 'Study', 'owner'),
  t('protocol-amendment', 'Protocol amendment', 'Study', 'owner'),
  t('protocol-signature-page', 'Protocol signature page', 'Study', 'site'),
  t('investigator-brochure', 'Investigator\u2019s brochure', 'Study', 'owner'),
  t('consent-form', 'Informed consent form', 'Study', 'owner'),
  t('consent-form-translation', 'Informed consent form, translated', 'Study', 'either'),
  t('recruitment-material', 'Recruitment material', 'Study', 'either'),
  t('irb-submission', 'IRB submission', 'IRB', 'either'),
  t('irb-approval', 'IRB approval letter', 'IRB', 'owner', true, 'approval period'),
  t('continuing-review', 'Continuing review', 'IRB', 'either'),
  t('modification', 'Modification request', 'IRB', 'either'),
  t('reportable-event', 'Reportable new information', 'IRB', 'site'),
  t('irb-correspondence', 'IRB correspondence', 'IRB', 'either'),
  t('reliance-agreement', 'Reliance agreement', 'Site activation', 'either'),
  t('local-context', 'Local context review (site supplement)', 'Site activation', 'site'),
  t('site-activation-letter', 'Site activation letter', 'Site activation', 'owner'),
  t('cv', 'Curriculum vitae', 'Site staff', 'site', true, 'often 2 years'),
  t('medical-license', 'Medical licence', 'Site staff', 'site', true),
  t('gcp-training', 'GCP training certificate', 'Site staff', 'site', true),
  t('hsp-training', 'Human subjects protection training', 'Site staff', 'site', true),
  t('coi-disclosure', 'Conflict of interest disclosure', 'Site staff', 'site', true, 'annual'),
  t('financial-disclosure', 'Financial disclosure', 'Site staff', 'site', true),
  t('fda-1572', 'Form FDA 1572', 'Site staff', 'site'),
  t('delegation-log', 'Delegation of authority log', 'Site staff', 'site'),
  t('lab-certification', 'Laboratory certification', 'Site facilities', 'site', true),
  t('lab-normal-ranges', 'Laboratory normal ranges', 'Site facilities', 'site', true),
  t('monitoring-report', 'Monitoring visit report', 'Monitoring', 'either'),
  t('other', 'Other', 'Other', 'either'),
];

export const DOCUMENT_GROUPS: readonly DocumentGroup[] = [
  'Study',
  'IRB',
  'Site activation',
  'Site staff',
  'Site facilities',
  'Monitoring',
  'Other',
];

/** A docType code's syntax (§8): 1–64 characters of a-z, 0-9 and '-'. */
export const DOC_TYPE_CODE = /^[a-z0-9-]{1,64}$/;

const BY_CODE: ReadonlyMap<string, DocumentType> = new Map(DOCUMENT_TYPES.map((d) => [d.code, d]));

/** The vocabulary's entry for a code, or undefined for a code it does not know. */
export function documentType(code: string): DocumentType | undefined {
  return BY_CODE.get(code);
}

/** The name shown for a code: the vocabulary's, else the code as given (it is syntax-checked before it gets here). */
export function documentTypeName(code: string): string {
  return BY_CODE.get(code)?.name ?? code;
}
