// axe-core scans of the window: serious and critical violations fail the journey; the rest are
// collected and printed, so what remains to improve is listed in the test's output.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface ScanFinding {
  readonly state: string;
  readonly rule: string;
  readonly impact: string;
  readonly nodes: number;
  readonly help: string;
  readonly targets: string;
}

export interface ScanOptions {
  /**
   * label-content-name-mismatch, one of axe's experimental rules (off by default): a name that does
   * not contain the words a control shows fails speech input (issue 34's "Changes 1"). Opt-in:
   * it also counts a folder tree item's nested subfolders as its visible text.
   */
  readonly nameMismatch?: boolean;
}

export async function scanState(page: Page, state: string, options: ScanOptions = {}): Promise<ScanFinding[]> {
  const builder = new AxeBuilder({ page });
  if (options.nameMismatch) builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const result = await builder.analyze();
  return result.violations.map((v) => ({
    state,
    rule: v.id,
    impact: v.impact ?? 'unknown',
    nodes: v.nodes.length,
    help: v.help,
    targets: v.nodes
      .slice(0, 3)
      .map((n) => n.target.join(' '))
      .join(' | '),
  }));
}

export function isBlocking(f: ScanFinding): boolean {
  return f.impact === 'serious' || f.impact === 'critical';
}

export function report(findings: readonly ScanFinding[], states: number): string {
  const lines = [
    `axe: ${states} states scanned, ${findings.length} violations (${findings.filter(isBlocking).length} serious or critical)`,
  ];
  for (const f of findings) lines.push(`  [${f.impact}] ${f.state}: ${f.rule} ×${f.nodes} — ${f.help} (${f.targets})`);
  return lines.join('\n');
}

/** The scans of one journey: each state scanned under the theme set last, and what they found. */
export class StateScans {
  readonly findings: ScanFinding[] = [];
  states = 0;
  /** Names the scans' states until set again (the journeys go through light, then dark). */
  theme = 'light';

  constructor(
    private readonly page: Page,
    private readonly options: ScanOptions = {},
  ) {}

  async scan(name: string): Promise<void> {
    this.states++;
    this.findings.push(...(await scanState(this.page, `${this.theme}: ${name}`, this.options)));
  }

  report(): string {
    return report(this.findings, this.states);
  }
}
