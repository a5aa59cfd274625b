// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DroppedFile } from '../../lib/drop-walk.js';
import { UploadDescribeDialog, uploadDescription, useDescribeFirst } from './upload-describe-dialog.js';

afterEach(cleanup);

const none = { expiresOn: '', person: '', versionLabel: '' };
const file = (name: string): DroppedFile => ({ file: new File(['x'], name), relativePath: name });

describe('uploadDescription', () => {
  it('needs a type, and carries only what was filled in, trimmed', () => {
    expect(uploadDescription('', { ...none, person: 'Dr Reyes' })).toBeUndefined();
    expect(uploadDescription('cv', none)).toEqual({ docType: 'cv' });
    expect(uploadDescription('cv', { expiresOn: '2027-01-31', person: ' Dr Reyes ', versionLabel: ' v2 ' })).toEqual({
      docType: 'cv',
      expiresOn: '2027-01-31',
      person: { name: 'Dr Reyes' },
      versionLabel: 'v2',
    });
  });
});

describe('UploadDescribeDialog', () => {
  it('names the batch, answers the chosen type and fields once a type is chosen', () => {
    const onAnswer = vi.fn();
    render(<UploadDescribeDialog names={['a/cv-reyes.pdf', 'gcp\u202Etxt.pdf']} onAnswer={onAnswer} />);
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBeTruthy();
    expect(screen.getByText('What are these 2 documents?')).toBeTruthy();
    // names another program chose are shown cleaned (no bidi override)
    expect(screen.getByTestId('upload-describe-names').textContent).not.toContain('\u202E');
    const send = screen.getByTestId('upload-describe-send') as HTMLButtonElement;
    fireEvent.change(screen.getByTestId('describe-person'), { target: { value: 'Dr Reyes' } });
    expect(send.disabled).toBe(true);
    expect(screen.getByTestId('upload-describe-needs-type')).toBeTruthy();
    fireEvent.change(screen.getByTestId('upload-describe-type-search'), { target: { value: 'curriculum' } });
    fireEvent.change(screen.getByTestId('upload-describe-type-list'), { target: { value: 'cv' } });
    fireEvent.change(screen.getByTestId('describe-expires'), { target: { value: '2027-01-31' } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    expect(onAnswer).toHaveBeenCalledWith({ docType: 'cv', expiresOn: '2027-01-31', person: { name: 'Dr Reyes' } });
  });

  it('uploads without describing, or cancels', () => {
    const onAnswer = vi.fn();
    render(<UploadDescribeDialog names={['one.pdf']} onAnswer={onAnswer} />);
    expect(screen.getByText('What is this document?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('upload-describe-skip'));
    expect(onAnswer).toHaveBeenLastCalledWith(undefined);
    fireEvent.click(screen.getByTestId('upload-describe-cancel'));
    expect(onAnswer).toHaveBeenLastCalledWith(null);
  });
});

describe('useDescribeFirst', () => {
  it('asks for files chosen with Upload…, hands them on with the answer, and drops them when cancelled', async () => {
    const upload = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useDescribeFirst(upload));
    let done: Promise<void> | undefined;
    const cv = [file('cv.pdf')];
    act(() => void (done = result.current.uploadFiles(cv, 'site', false)));
    render(<>{result.current.dialog}</>);
    expect(upload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('upload-describe-skip'));
    await act(() => done!);
    expect(upload).toHaveBeenCalledWith(cv, 'site', undefined);
    cleanup();

    const again = renderHook(() => useDescribeFirst(upload));
    act(() => void (done = again.result.current.uploadFiles([file('x.pdf')], 'site', false)));
    render(<>{again.result.current.dialog}</>);
    fireEvent.click(screen.getByTestId('upload-describe-cancel'));
    await act(() => done!);
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('does not ask for a folder chosen with Upload folder…', async () => {
    const upload = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useDescribeFirst(upload));
    const folder = [file('f/a.pdf')];
    await act(() => result.current.uploadFiles(folder, '', true));
    expect(result.current.dialog).toBeNull();
    expect(upload).toHaveBeenCalledWith(folder, '');
  });
});
