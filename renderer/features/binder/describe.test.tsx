// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOCUMENT_TYPES } from '../../../shared/binder/document-types.js';
import { describeChange } from './describe-dialog.js';
import { expiresWords } from './expires-cell.js';
import { TypePicker, matchingTypes } from './type-picker.js';

afterEach(cleanup);

const none = { expiresOn: '', person: '', versionLabel: '' };

describe('describeChange', () => {
  it('with one document sets what is filled in and removes what was emptied', () => {
    const before = { docType: 'cv', expiresOn: '2027-01-01', person: { name: 'Dr Reyes' } };
    expect(describeChange('cv', { ...none, expiresOn: '2028-01-01' }, before, false)).toEqual({
      docType: 'cv',
      expiresOn: '2028-01-01',
      person: null,
    });
    // an unreadable expiry left empty is removed, not kept
    expect(describeChange('cv', none, { docType: 'cv', unreadable: ['expiresOn'] }, false)).toEqual({
      docType: 'cv',
      expiresOn: null,
    });
  });

  it('with several documents changes only what is filled in', () => {
    expect(describeChange('gcp-training', none, undefined, true)).toEqual({ docType: 'gcp-training' });
    expect(describeChange('', { ...none, person: ' Dr Reyes ' }, undefined, true)).toEqual({
      person: { name: 'Dr Reyes' },
    });
  });
});

describe('expiresWords', () => {
  const expiry = { today: '2026-11-28', warningDays: 30 };
  it('says expired, in N days within the warning period, the date beyond, and unreadable date', () => {
    expect(expiresWords('2026-11-27', expiry)).toEqual({ text: 'expired Nov 27, 2026', state: 'expired' });
    expect(expiresWords('2026-11-28', expiry)).toEqual({ text: 'expires today', state: 'soon' });
    expect(expiresWords('2026-12-18', expiry)).toEqual({ text: 'in 20 days', state: 'soon' });
    expect(expiresWords('2026-12-29', expiry)).toEqual({ text: 'Dec 29, 2026', state: 'ok' });
    expect(expiresWords('2026-12-29', { ...expiry, warningDays: 60 }).state).toBe('soon');
    expect(expiresWords('unreadable', expiry)).toEqual({ text: 'unreadable date', state: 'unreadable' });
    expect(expiresWords('2025-02-29', expiry).text).toBe('unreadable date');
    // across a leap day
    expect(expiresWords('2028-03-01', { today: '2028-02-28', warningDays: 30 }).text).toBe('in 2 days');
    expect(expiresWords(undefined, expiry)).toEqual({ text: '', state: '' });
  });
});

describe('TypePicker', () => {
  it('finds types by every word of the search, grouped, and always offers Other', () => {
    expect(matchingTypes(DOCUMENT_TYPES, 'training').map((t) => t.code)).toEqual(['gcp-training', 'hsp-training']);
    expect(matchingTypes(DOCUMENT_TYPES, 'site staff cv').map((t) => t.code)).toEqual(['cv']);
    const onChange = vi.fn();
    render(<TypePicker label="What it is" types={DOCUMENT_TYPES} value="" onChange={onChange} />);
    fireEvent.change(screen.getByTestId('type-picker-search'), { target: { value: 'zzz' } });
    const list = screen.getByTestId('type-picker-list');
    expect([...list.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['Other']);
    expect(screen.getByRole('status').textContent).toBe('No type matches "zzz": choose Other.');
    fireEvent.change(screen.getByTestId('type-picker-search'), { target: { value: 'licen' } });
    expect([...list.querySelectorAll('optgroup')].map((g) => g.label)).toEqual(['Site staff', 'Other']);
    fireEvent.change(list, { target: { value: 'medical-license' } });
    expect(onChange).toHaveBeenCalledWith('medical-license');
  });

  it('keeps a code it does not know, shown as given', () => {
    render(<TypePicker label="What it is" types={DOCUMENT_TYPES} value="ethics-letter" onChange={() => {}} />);
    expect(screen.getByRole('option', { name: 'ethics-letter (type not known to this app)' })).toBeTruthy();
  });
});
