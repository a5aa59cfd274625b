// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileKind } from '../../lib/file-kind.js';
import { KindIcon } from './kind-icon.js';

afterEach(cleanup);

/** The lucide icon a kind is drawn with (lucide-react names it in the class: `lucide-file-type`). */
function iconOf(kind: FileKind): string {
  const { container } = render(<KindIcon kind={kind} />);
  const svg = container.querySelector('svg')!;
  expect(svg.dataset.kind).toBe(kind);
  expect(svg.getAttribute('aria-hidden')).toBe('true');
  const name = [...svg.classList].find((c) => c.startsWith('lucide-'));
  cleanup();
  return name ?? '';
}

describe('KindIcon', () => {
  it('draws the kinds a coordinator tells apart at a glance with icons of their own', () => {
    const kinds: FileKind[] = [
      'folder',
      'pdf',
      'word',
      'excel',
      'powerpoint',
      'image',
      'archive',
      'study-record',
      'other',
    ];
    const icons = kinds.map(iconOf);
    expect(icons.every((i) => i !== '')).toBe(true);
    expect(new Set(icons).size).toBe(kinds.length);
  });

  it('marks each kind by a class of its own: PDF (drawn red) and plain text share a shape', () => {
    const { container } = render(
      <>
        <KindIcon kind="pdf" />
        <KindIcon kind="text" />
      </>,
    );
    const [pdf, text] = [...container.querySelectorAll('svg')];
    expect(pdf!.classList.contains('kind-pdf')).toBe(true);
    expect(text!.classList.contains('kind-text')).toBe(true);
  });

  it('marks a record, structured or the study’s own, with the record icon, not a document’s', () => {
    expect(iconOf('record')).toBe(iconOf('study-record'));
    expect(iconOf('record')).not.toBe(iconOf('document'));
  });
});
