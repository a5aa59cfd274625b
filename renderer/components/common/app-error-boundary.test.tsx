// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from './app-error-boundary.js';

afterEach(cleanup);

function Broken(): never {
  throw new Error('render failed \u202Eexe.pdf');
}

describe('AppErrorBoundary', () => {
  it('shows what happened with Reload instead of a blank window', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onReload = vi.fn();
    render(
      <AppErrorBoundary onReload={onReload}>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/went wrong/);
    expect(screen.getByTestId('app-crash').textContent).toContain('render failed exe.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalled();
    vi.restoreAllMocks();
  });
});
