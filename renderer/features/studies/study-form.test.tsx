// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StudyForm, studyFieldsFrom } from './study-form.js';

afterEach(cleanup);

describe('StudyForm', () => {
  it('asks for a title before creating, then sends only the fields filled in', () => {
    const onSubmit = vi.fn();
    render(<StudyForm mode="create" busy={false} onSubmit={onSubmit} onClose={() => {}} />);
    fireEvent.click(screen.getByTestId('study-form-save'));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Give the study a title.');
    expect(screen.getByTestId('study-title-input').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByTestId('study-title-input'), {
      target: { value: '  Protocol 2026-114: Sleep and Recovery ' },
    });
    fireEvent.change(screen.getByTestId('study-pi-input'), { target: { value: 'Dr. Ada Reyes' } });
    fireEvent.click(screen.getByTestId('study-form-save'));
    expect(onSubmit).toHaveBeenCalledWith(
      { title: 'Protocol 2026-114: Sleep and Recovery', principalInvestigator: { name: 'Dr. Ada Reyes' } },
      ['title', 'principalInvestigator'],
    );
  });

  it('edits the fields it was given; read-only for a study another organization owns', () => {
    const onSubmit = vi.fn();
    const initial = { title: 'Trial A', sponsor: 'NIH', protocolNumber: 'P-1' };
    const { rerender } = render(
      <StudyForm mode="edit" initial={initial} busy={false} onSubmit={onSubmit} onClose={() => {}} />,
    );
    fireEvent.change(screen.getByTestId('study-sponsor-input'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('study-form-save'));
    // only the sponsor changed: an edit applies only that to the record as it is then
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Trial A', protocolNumber: 'P-1' }, ['sponsor']);
    rerender(<StudyForm mode="edit" initial={initial} readOnly busy={false} onSubmit={onSubmit} onClose={() => {}} />);
    expect(screen.queryByTestId('study-form-save')).toBeNull();
    expect((screen.getByTestId('study-title-input') as HTMLInputElement).readOnly).toBe(true);
  });

  it('builds the record fields: trimmed, empty ones left out, an email only with a name', () => {
    expect(
      studyFieldsFrom({
        title: ' T ',
        protocolNumber: ' ',
        piName: '',
        piEmail: 'a@b.c',
        sponsor: 'S',
        description: '',
      }),
    ).toEqual({ title: 'T', sponsor: 'S' });
  });
});
