// @vitest-environment happy-dom
// The verify result as the window shows it: the counts as verify.sh ends, the failed checks
// each with its line, and a hostile name from the archive shown as text.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { archiveVerifyView, type ArchiveVerifyView } from '../../../shared/ipc/contract/archive.js';
import { VerifyResult } from './verify-result.js';

afterEach(cleanup);

describe('VerifyResult', () => {
  it('a whole archive: the counts and no failed list', () => {
    render(<VerifyResult view={{ fileName: 'Demo archive.zip', passed: 12, failed: 0, failures: [] }} />);
    expect(screen.getByTestId('verify-counts').textContent).toBe('12 checks passed, 0 failed');
    expect(screen.queryByTestId('verify-failures')).toBeNull();
  });

  it('lists each failed check with its line; markup in a name stays text', () => {
    const view: ArchiveVerifyView = {
      fileName: 'x.zip',
      passed: 10,
      failed: 2,
      failures: [
        { number: 3, line: 'FAILED  sha256 documents/<img src=x onerror=alert(1)>.pdf' },
        { number: 11, line: 'FAILED  signoffs/0001: signature' },
      ],
    };
    const { container } = render(<VerifyResult view={view} />);
    expect(screen.getByTestId('verify-counts').textContent).toBe('10 checks passed, 2 failed');
    const items = within(screen.getByTestId('verify-failures')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'line 3 FAILED  sha256 documents/<img src=x onerror=alert(1)>.pdf',
      'line 11 FAILED  signoffs/0001: signature',
    ]);
    expect(container.querySelector('img')).toBeNull();
  });

  it('says when only the first of many failed checks are listed', () => {
    render(
      <VerifyResult
        view={{ fileName: 'x.zip', passed: 0, failed: 5000, failures: [{ number: 1, line: 'FAILED  a' }] }}
      />,
    );
    expect(screen.getByText('The first 1 failed checks:')).toBeTruthy();
  });

  it('the contract refuses a view with more failures than it carries', () => {
    const failures = Array.from({ length: 1001 }, (_, i) => ({ number: i + 1, line: 'FAILED  x' }));
    expect(archiveVerifyView.safeParse({ fileName: 'x', passed: 0, failed: 1001, failures }).success).toBe(false);
  });
});
