// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appError } from '../../test-support/fixtures.js';
import { org } from '../../test-support/org-fixtures.js';
import { AdminView, type AdminViewProps } from './admin-view.js';

afterEach(cleanup);

const riverside = org('2', 'Riverside Medical Center');

function props(overrides: Partial<AdminViewProps> = {}): AdminViewProps {
  return {
    isAdmin: true,
    query: '',
    onQuery: vi.fn(),
    organizations: [riverside],
    onSelect: vi.fn(),
    busy: false,
    onCreate: vi.fn(),
    onRename: vi.fn(),
    onSetSirb: vi.fn(),
    onSetDisabled: vi.fn(),
    onCertificateFile: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
}

describe('AdminView', () => {
  it('creates an organization with its name and sIRB flag', () => {
    const p = props();
    render(<AdminView {...p} />);
    const submit = screen.getByTestId('admin-create-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('admin-create-name'), { target: { value: '  North Clinic ' } });
    fireEvent.click(screen.getByTestId('admin-create-sirb'));
    fireEvent.click(submit);
    expect(p.onCreate).toHaveBeenCalledWith({ name: 'North Clinic', isSirb: true });
  });

  it("shows the service's duplicate-name refusal (1003) in the create form with code, message and details", () => {
    const refusal = appError({
      code: 1003,
      message: 'The organization already exists.',
      details: 'An organization named "North Clinic" already exists.',
      explanation: 'An organization with this name already exists.',
      status: 409,
    });
    render(<AdminView {...props({ error: { form: 'create', error: refusal } })} />);
    const box = screen.getByTestId('admin-form-error');
    expect(box.getAttribute('role')).toBe('alert');
    expect(box.closest('form')?.getAttribute('aria-label')).toBe('Create an organization');
    expect(screen.getByTestId('admin-form-error-code').textContent).toBe('1003');
    expect(screen.getByTestId('admin-form-error-message').textContent).toBe('The organization already exists.');
    expect(screen.getByTestId('admin-form-error-details').textContent).toContain('"North Clinic" already exists');
    expect(box.textContent).toContain('An organization with this name already exists.');
  });

  it('changes the selected organization: rename, sIRB, disable, certificate file; edit refusals show there', () => {
    const p = props({
      selected: riverside,
      error: {
        form: 'edit',
        error: appError({
          code: 1010,
          message: 'The certificate is not valid.',
          details: 'not a certificate',
          explanation: '',
        }),
      },
    });
    render(<AdminView {...p} />);
    expect(screen.getByTestId('admin-selected-name').textContent).toBe('Riverside Medical Center');
    // the hash named as everywhere else in the window
    expect(screen.getByTestId('admin-edit').textContent).toContain(`certificate SHA-1 fingerprint ${'ab'.repeat(20)}`);
    expect(screen.getByTestId('admin-form-error').closest('[data-testid="admin-edit"]')).not.toBeNull();
    expect(screen.getByTestId('admin-form-error-code').textContent).toBe('1010');
    fireEvent.change(screen.getByTestId('admin-rename-input'), { target: { value: 'Riverside Health' } });
    fireEvent.click(screen.getByTestId('admin-rename-submit'));
    expect(p.onRename).toHaveBeenCalledWith('Riverside Health');
    fireEvent.click(screen.getByTestId('admin-sirb-toggle'));
    expect(p.onSetSirb).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByTestId('admin-disable-toggle'));
    expect(p.onSetDisabled).toHaveBeenCalledWith(true);
    const file = new File(['-----BEGIN CERTIFICATE-----'], 'riverside.pem', { type: 'application/x-pem-file' });
    fireEvent.change(screen.getByTestId('admin-cert-input'), { target: { files: [file] } });
    expect(p.onCertificateFile).toHaveBeenCalledWith(file);
  });

  it('a disabled organization offers Enable', () => {
    const p = props({ selected: org('2', 'Riverside Medical Center', { isDisabled: true, isSirb: true }) });
    render(<AdminView {...p} />);
    expect(screen.getByTestId('admin-disable-toggle').textContent).toBe('Enable');
    fireEvent.click(screen.getByTestId('admin-disable-toggle'));
    expect(p.onSetDisabled).toHaveBeenCalledWith(false);
    expect(screen.getByTestId('admin-sirb-toggle').textContent).toBe('Clear sIRB');
  });
});
