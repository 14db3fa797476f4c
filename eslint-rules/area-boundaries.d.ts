import type { Rule } from 'eslint';

export const SERVER_AREAS: string[];
declare const rule: Rule.RuleModule;
export default rule;
