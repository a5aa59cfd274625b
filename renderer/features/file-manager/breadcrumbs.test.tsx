// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Breadcrumbs, foldedCrumbs, reservedWidth } from './breadcrumbs.js';

afterEach(cleanup);

describe('Breadcrumbs', () => {
  it('shows folder names another organization chose cleaned and cut', () => {
    render(
      <Breadcrumbs path={`Site documents/\u202Efdp.exe/${'z'.repeat(5000)}`} rootLabel="Study 1" onOpen={() => {}} />,
    );
    const nav = screen.getByRole('navigation');
    expect(nav.textContent).not.toContain('\u202E');
    expect(nav.textContent).toContain('fdp.exe');
    expect(nav.textContent!.length).toBeLessThan(600);
    for (const li of nav.querySelectorAll('li[title]')) expect(li.getAttribute('title')).not.toContain('\u202E');
  });
});

describe('foldedCrumbs', () => {
  // Root 200, three middle folders of 100, current 150; gaps 4; the "…" button 30.
  const widths = [200, 100, 100, 100, 150];
  const all = 650 + 4 * 4;

  it('folds nothing when every crumb fits', () => {
    expect(foldedCrumbs(widths, all, 4, 30)).toBe(0);
  });

  it('folds the middle folders oldest first, counting the "…" button, before anything shrinks', () => {
    expect(foldedCrumbs(widths, all - 1, 4, 30)).toBe(1); // -104 + 34
    expect(foldedCrumbs(widths, all - 70, 4, 30)).toBe(1);
    expect(foldedCrumbs(widths, all - 71, 4, 30)).toBe(2);
    expect(foldedCrumbs(widths, 200, 4, 30)).toBe(3); // never the root or the current folder
  });

  it('has nothing to fold with only the root and the current folder', () => {
    expect(foldedCrumbs([400, 300], 100, 4, 30)).toBe(0);
    expect(foldedCrumbs([400], 100, 4, 30)).toBe(0);
  });
});

describe('reservedWidth', () => {
  it("keeps room for the current folder's whole name beside a shrunk title, within bounds", () => {
    expect(reservedWidth(1, 600)).toBe(180); // at the root a long title may shrink
    expect(reservedWidth(1, 130)).toBe(138); // a short one keeps no more room than it needs
    expect(reservedWidth(2, 50)).toBe(50 + 84 + 8);
    expect(reservedWidth(2, 150)).toBe(150 + 84 + 8);
    expect(reservedWidth(3, 150)).toBe(150 + 84 + 34 + 12 + 8);
    expect(reservedWidth(3, 900)).toBe(340);
  });

  it('in a roomy window keeps room for the study title whole beside the folders, up to 440 px', () => {
    expect(reservedWidth(1, 330, 330, true)).toBe(338);
    expect(reservedWidth(2, 100, 300, true)).toBe(300 + 16 + 100 + 8);
    expect(reservedWidth(3, 170, 320, true)).toBe(440);
    expect(reservedWidth(2, 50, 60, true)).toBe(reservedWidth(2, 50)); // never less than without room
    expect(reservedWidth(2, 100, 300, false)).toBe(100 + 84 + 8);
  });
});
