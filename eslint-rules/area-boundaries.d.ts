import type { Rule } from 'eslint';

/** The server areas and web features under a repository root, sorted by name. */
export function findAreas(cwd: string): { server: string[]; features: string[] };
declare const rule: Rule.RuleModule;
export default rule;
