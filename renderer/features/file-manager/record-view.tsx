// A structured record shown as labelled fields (not raw JSON).
import { recordFields, type RecordField } from './record-format.js';

function Fields({ fields }: { readonly fields: readonly RecordField[] }) {
  return (
    <dl className="record-fields">
      {fields.map((f, i) =>
        f.kind === 'value' ? (
          <div key={`${f.label}-${i}`} className="field">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ) : (
          <div key={`${f.label}-${i}`} className="field group">
            <dt>{f.label}</dt>
            <dd>
              <Fields fields={f.fields} />
            </dd>
          </div>
        ),
      )}
    </dl>
  );
}

export function RecordView({ content }: { readonly content: unknown }) {
  return (
    <section className="record-view" aria-label="Record content" data-testid="record-view">
      <Fields fields={recordFields(content)} />
    </section>
  );
}
