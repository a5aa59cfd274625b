// Types of check-module-state.mjs for its test.
export interface ModuleStateFinding {
  readonly line: number;
  readonly name: string;
  readonly what: string;
}
export const ALLOWED: ReadonlyMap<string, string>;
export function isProductionFile(path: string): boolean;
export function findModuleState(fileName: string, text: string): ModuleStateFinding[];
export function check(root: string, files?: readonly string[]): string[];
