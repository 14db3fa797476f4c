import type { Linter } from 'eslint';

export function importCycles(options: { files: string[]; tsconfig?: string }): Linter.Config;
