import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, test } from 'vitest';
import { importCycles } from '../../eslint-rules/import-cycles.js';

// Small projects on disk, each linted with the repository's cycle rule: the rule resolves
// imports through the files themselves and the tsconfig beside them.
const root = mkdtempSync(path.join(tmpdir(), 'import-cycles-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function cyclesIn(name: string, files: Record<string, string>) {
  const dir = path.join(root, name);
  for (const [file, code] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), code);
  }
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
      importCycles({ files: ['**/*.ts'], tsconfig: path.join(dir, 'tsconfig.json') }),
    ],
  });
  const results = await eslint.lintFiles(['**/*.ts']);
  return results
    .filter((result) => result.messages.some((m) => m.ruleId === 'import-x/no-cycle'))
    .map((result) => path.relative(dir, result.filePath).split(path.sep).join('/'))
    .sort();
}

describe('the import cycle rule', () => {
  test('reports both sides of a cycle of value imports', async () => {
    const found = await cyclesIn('values', {
      'a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'b.ts': "import { a } from './a';\nexport const b = () => a;\n",
      'c.ts': "import { a } from './a';\nexport const c = a;\n",
    });
    expect(found).toEqual(['a.ts', 'b.ts']);
  });

  test.each([
    [
      'import type',
      "import type { B } from './b';\nexport type A = { b?: B };\n",
      "import type { A } from './a';\nexport type B = { a?: A };\n",
    ],
    [
      'inline type names and a type re-export',
      "import { type B } from './b';\nexport type A = { b?: B };\n",
      "export type { A as B } from './a';\n",
    ],
  ])('counts a cycle made only of types (%s)', async (name, a, b) => {
    const found = await cyclesIn(`types-${name.replace(/\W+/g, '-')}`, { 'a.ts': a, 'b.ts': b });
    expect(found).toEqual(['a.ts', 'b.ts']);
  });

  test('follows the tsconfig paths, as the @shared alias is written', async () => {
    const found = await cyclesIn('paths', {
      'tsconfig.json': JSON.stringify({
        compilerOptions: { baseUrl: '.', paths: { '@lib/*': ['lib/*'] } },
      }),
      'lib/a.ts': "import { b } from '../app/b';\nexport const a = () => b;\n",
      'app/b.ts': "import { a } from '@lib/a';\nexport const b = () => a;\n",
    });
    expect(found).toEqual(['app/b.ts', 'lib/a.ts']);
  });

  test('reports nothing where imports run one way', async () => {
    const found = await cyclesIn('one-way', {
      'a.ts':
        "import type { B } from './b';\nimport { c } from './c';\nexport const a = (b: B) => c(b);\n",
      'b.ts': "import { c } from './c';\nexport type B = string;\nexport const b = c('b');\n",
      'c.ts': 'export const c = (text: string) => text;\n',
    });
    expect(found).toEqual([]);
  });
});
