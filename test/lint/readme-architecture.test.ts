import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findAreas } from '../../eslint-rules/area-boundaries.js';

// The README's architecture tree is read by newcomers before any code: it names every server
// area and web feature the lint rule finds on disk, and nothing that is gone.
const cwd = process.cwd();
const readme = fs.readFileSync(path.join(cwd, 'README.md'), 'utf8');

/** The fenced block of the "Architecture" section. */
function architectureTree(markdown: string) {
  const section = markdown.split(/^## Architecture$/m)[1]?.split(/^## /m)[0] ?? '';
  const block = /^```\n([\s\S]*?)^```$/m.exec(section)?.[1];
  if (!block) throw new Error('README.md: no fenced block under "## Architecture"');
  return block.split('\n');
}

/**
 * The folder names (`name/`) a tree names at one depth of one top-level entry. A name sits at
 * the start of its line, indented two spaces a level; several may share a line; the text after
 * two spaces is its description, and description lines are indented further.
 */
function namesIn(tree: string[], topLevel: string, indent: number, under?: string) {
  const names: string[] = [];
  let top = '';
  let parent = '';
  for (const line of tree) {
    const depth = line.length - line.trimStart().length;
    const [head = ''] = line.trim().split(/ {2,}/);
    if (depth === 0) top = head;
    if (depth === 2) parent = head;
    if (top !== topLevel || depth !== indent || (under && parent !== under)) continue;
    for (const token of head.split(' ')) {
      const folder = /^([\w-]+)\/$/.exec(token);
      if (folder) names.push(folder[1]);
    }
  }
  return names;
}

const tree = architectureTree(readme);
const { server, features } = findAreas(cwd);

const drift = (kind: string, where: string, onDisk: string[], named: string[]) => {
  const missing = onDisk.filter((name) => !named.includes(name));
  const gone = named.filter((name) => !fs.existsSync(path.join(cwd, where, name)));
  return [
    ...missing.map((name) => `add ${kind} ${name}/ (${where}/${name}) to the README's tree`),
    ...gone.map((name) => `remove ${name}/ from the README's tree: ${where}/${name} is gone`),
  ];
};

describe("the README's architecture tree", () => {
  it('names every server area (a folder of src/server with an index.ts), and no folder that is gone', () => {
    const named = namesIn(tree, 'src/server/', 2);
    expect(drift('the server area', 'src/server', server, named)).toEqual([]);
  });

  it('names every web feature (a folder of src/web/features), and no folder that is gone', () => {
    const named = namesIn(tree, 'src/web/', 4, 'features/');
    expect(drift('the web feature', 'src/web/features', features, named)).toEqual([]);
  });

  it('reads names the way the tree writes them', () => {
    const sample = [
      'src/server/',
      '  main.ts              entry',
      '  accounts/            registration',
      '                       alerts/ in a description is no entry',
      '  db/ http/            infrastructure',
      'src/web/',
      '  features/            one folder per feature',
      '    alerts/ mentions/',
      '                       named as the server',
      '  components/ lib/     shared',
    ];
    expect(namesIn(sample, 'src/server/', 2)).toEqual(['accounts', 'db', 'http']);
    expect(namesIn(sample, 'src/web/', 4, 'features/')).toEqual(['alerts', 'mentions']);
    expect(
      drift('the server area', 'src/server', ['accounts', 'alerts'], ['accounts', 'nope']),
    ).toEqual([
      "add the server area alerts/ (src/server/alerts) to the README's tree",
      "remove nope/ from the README's tree: src/server/nope is gone",
    ]);
  });
});
