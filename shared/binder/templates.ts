// The two starting points for a study's expected documents (issue 35): what an sIRB asks of each
// relying site, and what a site's regulatory binder holds. The owner edits them from here.
import type { ChecklistItem } from './checklist.js';
import type { ChecklistTemplate } from './views.js';

const siteItem = (id: string, title: string, docType: string, more: Partial<ChecklistItem> = {}): ChecklistItem => ({
  id,
  title,
  docType,
  from: 'each-site',
  ...more,
});

export const CHECKLIST_TEMPLATES: readonly ChecklistTemplate[] = [
  {
    id: 'sirb-reliance',
    name: 'sIRB reliance set',
    items: [
      siteItem('reliance-agreement', 'Reliance agreement', 'reliance-agreement'),
      siteItem('local-context', 'Local context review', 'local-context'),
      siteItem('pi-cv', 'PI\u2019s CV', 'cv', { needsExpiry: true }),
      siteItem('pi-medical-license', 'PI\u2019s medical licence', 'medical-license', { needsExpiry: true }),
      siteItem('gcp-training', 'GCP training', 'gcp-training', { needsExpiry: true, perPerson: true }),
      siteItem('hsp-training', 'Human subjects training', 'hsp-training', { needsExpiry: true, perPerson: true }),
      siteItem('coi-disclosure', 'COI disclosure', 'coi-disclosure', { needsExpiry: true, perPerson: true }),
      siteItem('site-consent-form', 'Site consent form', 'consent-form'),
    ],
  },
  {
    id: 'site-regulatory',
    name: 'Site regulatory set',
    items: [
      siteItem('protocol-signature-page', 'Protocol signature page', 'protocol-signature-page'),
      siteItem('fda-1572', 'Form FDA 1572', 'fda-1572'),
      siteItem('delegation-log', 'Delegation of authority log', 'delegation-log'),
      siteItem('staff-cv', 'CVs of study staff', 'cv', { needsExpiry: true, perPerson: true }),
      siteItem('medical-license', 'Medical licences', 'medical-license', { needsExpiry: true, perPerson: true }),
      siteItem('gcp-training', 'GCP training', 'gcp-training', { needsExpiry: true, perPerson: true }),
      siteItem('financial-disclosure', 'Financial disclosures', 'financial-disclosure', { perPerson: true }),
      siteItem('lab-certification', 'Laboratory certification', 'lab-certification', { needsExpiry: true }),
      siteItem('lab-normal-ranges', 'Laboratory normal ranges', 'lab-normal-ranges', { needsExpiry: true }),
    ],
  },
];
