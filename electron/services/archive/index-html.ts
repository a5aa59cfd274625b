// The archive's index.html (decisions §11): one static page, no script, readable offline in any
// browser and printable, that an inspector is handed: the study, the expected-documents status,
// and every document with its type, expiry, version label, owner, receipts and sign-offs as
// §10 asks them shown (printed name, role, organization, date and time with zone, meaning).
// Every value is escaped: names came from other organizations.
import { documentTypeName } from '../../../shared/binder/document-types.js';
import type { Manifest, ManifestDocument, ManifestSignoff } from './archive-model.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A date and time with its zone, the same for every reader: UTC, said so. */
export function shownInstant(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return `unreadable date (${iso})`;
  return `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const MEANINGS: Readonly<Record<string, string>> = {
  reviewed: 'Reviewed',
  approved: 'Approved',
  acknowledged: 'Acknowledged',
  'read-and-understood': 'Read and understood',
  authored: 'Authored',
};

function signoffText(s: ManifestSignoff): string {
  const who = `${esc(s.signerName)}${s.signerRole ? `, ${esc(s.signerRole)}` : ''} (${esc(s.organizationName)})`;
  const status = !s.valid
    ? `<strong class="bad">does not verify${s.reason ? `: ${esc(s.reason)}` : ''}</strong>`
    : s.thisVersion
      ? 'this version'
      : 'an earlier version';
  const comment = s.comment ? `<br><q>${esc(s.comment)}</q>` : '';
  return `<li><strong>${esc(MEANINGS[s.meaning] ?? s.meaning)}</strong> by ${who}, ${esc(shownInstant(s.signedAt))} — ${status}${comment}</li>`;
}

function documentRow(d: ManifestDocument): string {
  const receipts = d.receipts.length
    ? `<ul>${d.receipts
        .map(
          (r) =>
            `<li>${esc(r.organizationName)}: ${
              r.state === 'this'
                ? 'this version'
                : r.state === 'earlier'
                  ? 'an earlier version'
                  : '<strong>not yet</strong>'
            }${r.receivedAt ? `, ${esc(shownInstant(r.receivedAt))} (reported by the receiving site)` : ''}</li>`,
        )
        .join('')}</ul>`
    : '—';
  const signoffs = d.signoffs.length ? `<ul>${d.signoffs.map(signoffText).join('')}</ul>` : '—';
  return `<tr>
<td><a href="${esc(encodeURI(d.path))}">${esc(d.name)}</a><br><small>${esc(d.path)}</small></td>
<td>${esc(d.docType ? documentTypeName(d.docType) : '—')}${d.person ? `<br><small>${esc(d.person.name)}</small>` : ''}</td>
<td>${esc(d.expiresOn ?? '—')}</td>
<td>${esc(d.versionLabel ?? '—')}</td>
<td>${esc(d.owner.name)}</td>
<td>${esc(shownInstant(d.updatedAt))}<br><small class="hash">${esc(d.contentHash)}</small></td>
<td>${receipts}</td>
<td>${signoffs}</td>
</tr>`;
}

export function indexHtml(m: Manifest): string {
  const checklist = m.checklist?.length
    ? `<table><thead><tr><th>Expected item</th><th>Organization</th><th>Status</th><th>Document</th><th>Date</th></tr></thead><tbody>${m.checklist
        .map(
          (r) =>
            `<tr><td>${esc(r.item)}</td><td>${esc(r.organization)}</td><td>${esc(r.status)}</td><td>${esc(r.document ?? '—')}</td><td>${esc(r.date ?? '—')}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>No expected documents were set for this study.</p>';
  const left = m.notIncluded.length
    ? `<h2>Not included</h2><p>Listed by the exchange but not in this archive:</p><table><thead><tr><th>Item</th><th>Owner</th><th>Updated</th><th>Why</th></tr></thead><tbody>${m.notIncluded
        .map(
          (l) =>
            `<tr><td>${esc(l.name ?? l.itemId)}<br><small>${esc(l.itemId)}</small></td><td>${esc(l.owner.name)}</td><td>${esc(shownInstant(l.updatedAt))}</td><td>${esc(l.reason)}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>${esc(m.study.title)} — study archive</title>
<style>
body { font: 14px/1.45 system-ui, sans-serif; margin: 2em; color: #111; background: #fff; }
table { border-collapse: collapse; width: 100%; margin: 1em 0; }
th, td { border: 1px solid #999; padding: 4px 6px; text-align: left; vertical-align: top; }
th { background: #eee; }
ul { margin: 0; padding-left: 1.2em; }
small { color: #444; }
.hash { font-family: monospace; word-break: break-all; }
.bad { color: #a00; }
@media print { body { margin: 0; font-size: 10pt; } a { color: inherit; text-decoration: none; } tr { break-inside: avoid; } }
</style>
</head>
<body>
<h1>${esc(m.study.title)}</h1>
<p>${m.study.protocolNumber ? `Protocol ${esc(m.study.protocolNumber)} · ` : ''}Study ${esc(m.study.id)}</p>
<p>Exported ${esc(shownInstant(m.exportedAt))} by ${esc(m.exportedBy.organizationName)}${m.exportedBy.person ? ` (${esc(m.exportedBy.person)})` : ''} from ${esc(m.exchange)}${m.onlyMine ? ', this organization\u2019s documents only' : ''}.</p>
<p>Check this archive with <code>sh verify.sh</code> (sha256sum and openssl only).</p>
<h2>Expected documents</h2>
${checklist}
<h2>Documents (${m.documents.length})</h2>
<table><thead><tr><th>Document</th><th>Type</th><th>Expires</th><th>Version</th><th>Owner</th><th>Updated</th><th>Received (reported by the receiving site)</th><th>Sign-offs</th></tr></thead>
<tbody>
${m.documents.map(documentRow).join('\n')}
</tbody></table>
${left}
</body>
</html>
`;
}
