// A file choice through a button that names what it picks, never a bare "Choose File" input: main's
// own dialog where there is one (Electron, key files), else a page file input kept out of sight and
// out of the tab order, which the button opens. A key file and a certificate file are its two uses.
import { useRef } from 'react';
import type { FileRef } from '../../../shared/ipc/views.js';
import type { KeyFileSource } from '../../features/profiles/profile-import.js';

export interface FilePickButtonProps {
  /** What the button says, e.g. "Choose the PKCS#12 file…". */
  readonly label: string;
  readonly accept: string;
  /** On the page's file input; on the button itself when main's dialog picks. */
  readonly testId: string;
  readonly disabled?: boolean;
  /** The chosen file's name, shown beside the button. */
  readonly chosen?: string;
  readonly onFile: (file: File) => void;
  /** Main's own dialog: the page never holds the file. */
  readonly onPick?: () => Promise<FileRef | undefined>;
  readonly onPicked?: (ref: FileRef) => void;
}

export function FilePickButton(props: FilePickButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const { onPick, onPicked } = props;
  const chosen = <span className="muted file-chosen">{props.chosen ?? 'none chosen'}</span>;
  if (onPick && onPicked) {
    return (
      <span className="file-pick">
        <button
          type="button"
          data-testid={props.testId}
          disabled={props.disabled}
          onClick={() => void onPick().then((ref) => ref && onPicked(ref))}
        >
          {props.label}
        </button>{' '}
        {chosen}
      </span>
    );
  }
  return (
    <span className="file-pick">
      <button
        type="button"
        data-testid={`${props.testId}-pick`}
        disabled={props.disabled}
        onClick={() => input.current?.click()}
      >
        {props.label}
      </button>{' '}
      {chosen}
      <input
        ref={input}
        type="file"
        accept={props.accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        disabled={props.disabled}
        data-testid={props.testId}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) props.onFile(file);
          e.currentTarget.value = '';
        }}
      />
    </span>
  );
}

/** A key file's field: main's dialog where there is one, else the page's file (then staged). */
export function KeyFileField(props: {
  /** What the field is, above its button, e.g. "Private key (.pem, .key)". */
  readonly field: string;
  readonly label: string;
  readonly accept: string;
  readonly testId: string;
  readonly disabled?: boolean;
  readonly value?: KeyFileSource;
  readonly onChange: (source: KeyFileSource | undefined) => void;
  readonly onPick?: () => Promise<FileRef | undefined>;
}) {
  const { onChange, value } = props;
  return (
    <div className="field-label">
      {props.field}
      <FilePickButton
        label={props.label}
        accept={props.accept}
        testId={props.testId}
        disabled={props.disabled}
        chosen={value ? (value.kind === 'chosen' ? value.ref.name : value.file.name) : undefined}
        onFile={(file) => onChange({ kind: 'file', file })}
        onPick={props.onPick}
        onPicked={(ref) => onChange({ kind: 'chosen', ref })}
      />
    </div>
  );
}

/** The certificate file's field (.pem, .crt, .cer): read in the page, it holds no secret. */
export function CertificateFileField(props: {
  readonly label: string;
  readonly testId: string;
  readonly chosen?: File;
  readonly onFile: (file: File) => void;
}) {
  return (
    <div className="field-label">
      Certificate (.pem, .crt)
      <FilePickButton
        label={props.label}
        accept=".pem,.crt,.cer"
        testId={props.testId}
        chosen={props.chosen?.name}
        onFile={props.onFile}
      />
    </div>
  );
}
