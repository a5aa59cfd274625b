// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appError } from '../../test-support/fixtures.js';
import { ErrorDisplay } from './error-display.js';

afterEach(cleanup);

describe('ErrorDisplay', () => {
  it('says what failed in plain words and keeps code, message, details and request id under Details', () => {
    render(<ErrorDisplay context="The files of this study could not be loaded." error={appError()} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The files of this study could not be loaded.');
    expect(alert.textContent).toContain('Not found, or you do not have access to it.');
    const details = alert.querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(details.querySelector('summary')?.textContent).toBe('Details');
    fireEvent.click(details.querySelector('summary')!);
    const text = details.textContent ?? '';
    expect(screen.getByTestId('error-code').textContent).toBe('1015');
    expect(text).toContain('The resource was not found.');
    expect(text).toContain('item documents/abc');
    expect(text).toContain('req-123');
    expect(text).toContain('404');
  });

  it('offers Retry only when the error is retryable and calls back', () => {
    const onRetry = vi.fn();
    const { rerender } = render(<ErrorDisplay context="Upload failed." error={appError()} onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    rerender(<ErrorDisplay context="Upload failed." error={appError({ retryable: false })} onRetry={onRetry} />);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('explains a service code from the shared table when main gave no explanation', () => {
    render(<ErrorDisplay context="Refused." error={appError({ code: 2004, explanation: '', requestId: undefined })} />);
    expect(screen.getByRole('alert').textContent).toContain('clock is too far');
    expect(screen.getByRole('alert').textContent).toContain('Request id—');
  });
});
