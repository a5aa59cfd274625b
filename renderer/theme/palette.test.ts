// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../lib/contrast.js';
import { DARK, LIGHT } from './palette.js';
import { applyTheme, resolveTheme } from './use-theme.js';

// Every text-on-background pair the stylesheet uses.
const PAIRS: readonly [string, string][] = [
  ['--fg', '--bg'],
  ['--fg', '--bg-soft'],
  ['--fg', '--bg-raised'],
  ['--fg-muted', '--bg'],
  ['--fg-muted', '--bg-soft'],
  ['--fg-muted', '--bg-raised'],
  ['--accent', '--bg'],
  ['--accent', '--bg-raised'],
  ['--accent-fg', '--accent'],
  ['--selected-fg', '--selected-bg'],
  ['--danger-fg', '--danger'],
  ['--danger', '--bg-raised'],
  ['--danger', '--selected-bg'],
  ['--ok', '--bg-soft'],
  ['--warning', '--bg-raised'],
  ['--warning', '--bg'],
  ['--fg', '--warning-bg'],
  ['--fg', '--error-bg'],
  ['--fg', '--drop-bg'],
  ['--badge-sandbox-fg', '--badge-sandbox-bg'],
  ['--badge-test-fg', '--badge-test-bg'],
  ['--badge-production-fg', '--badge-production-bg'],
  ['--badge-other-fg', '--badge-other-bg'],
];

describe.each([
  ['light', LIGHT],
  ['dark', DARK],
])('%s palette', (_name, palette) => {
  it.each(PAIRS)('%s on %s reaches 4.5:1', (fg, bg) => {
    const a = palette[fg];
    const b = palette[bg];
    expect(a, fg).toBeDefined();
    expect(b, bg).toBeDefined();
    expect(contrastRatio(a!, b!)).toBeGreaterThanOrEqual(4.5);
  });

  it('defines the same variables as the other palette', () => {
    expect(Object.keys(palette).sort()).toEqual(Object.keys(LIGHT).sort());
  });
});

describe('theme', () => {
  it('resolves system to the OS preference and applies the palette to <html>', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    applyTheme(document.documentElement, 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(document.documentElement.style.getPropertyValue('--bg')).toBe(DARK['--bg']);
    applyTheme(document.documentElement, 'light');
    expect(document.documentElement.style.getPropertyValue('--fg')).toBe(LIGHT['--fg']);
  });

  it('computes WCAG contrast', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    expect(() => contrastRatio('red', '#fff')).toThrow(/not a #rrggbb/);
  });
});
