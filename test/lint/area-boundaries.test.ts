import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, Linter, RuleTester } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import rule, { findAreas } from '../../eslint-rules/area-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

// The rule places areas under the working directory, as ESLint runs from the repository root.
const cwd = process.cwd();
const server = (file: string) => path.join(cwd, 'src/server', file);
const web = (file: string) => path.join(cwd, 'src/web', file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const allowPreviewToMentions = [{ featureImports: { preview: ['mentions'] } }];

tester.run('area-boundaries', rule, {
  valid: [
    // Another area through its index, by folder or by name.
    { filename: server('diagnostic/service.ts'), code: "import { x } from '../alerts';" },
    { filename: server('diagnostic/service.ts'), code: "import { x } from '../alerts/index';" },
    // Inside one's own area, and shared infrastructure.
    { filename: server('billing/plans/service.ts'), code: "import * as r from './repo';" },
    {
      filename: server('billing/subscriptions/sync.ts'),
      code: "import { y } from '../plans/service';",
    },
    { filename: server('alerts/repo.ts'), code: "import { db } from '../db/client';" },
    { filename: server('app.ts'), code: "import { a } from './accounts';" },
    { filename: server('app.ts'), code: "import { f } from './feeds';" },
    // A nested index belongs to its area: the area's own files use whatever is behind it.
    { filename: server('billing/service.ts'), code: "import { s } from './providers/stripe';" },
    { filename: web('app/router.tsx'), code: "import { M } from '../features/mentions';" },
    {
      filename: web('app/routes/dashboard.tsx'),
      code: "import { F } from '../../features/relevance';",
    },
    // A feature imports another only along an allowed edge, and then through its index.
    {
      filename: web('features/preview/components/volume-preview.tsx'),
      code: "import { useStats } from '../../mentions';",
      options: allowPreviewToMentions,
    },
  ],
  invalid: [
    {
      filename: server('diagnostic/service.ts'),
      code: "import { findOwnedAlert } from '../alerts/repo';",

      errors: [{ messageId: 'internal' }],
    },
    {
      filename: server('worker.ts'),
      code: "export { run } from './ingestion/poller';",

      errors: [{ messageId: 'internal' }],
    },
    {
      filename: server('http/security.ts'),
      code: "const m = import('../accounts/sessions');",

      errors: [{ messageId: 'internal' }],
    },
    // feeds and preview are areas because each has an index.ts, not because a list names them.
    {
      filename: server('app.ts'),
      code: "import { feedRoutes } from './feeds/routes';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: server('ingestion/service.ts'),
      code: "import { RecentItemWindow } from '../preview/recent-window';",
      errors: [{ messageId: 'internal' }],
    },
    // A nested index is no door of its own: from outside, billing is reached through billing/.
    {
      filename: server('app.ts'),
      code: "import { p } from './billing/providers';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: web('features/dashboard/page.tsx'),
      code: "import { MentionCard } from '../mentions/components/mention-card';",

      errors: [{ messageId: 'internal' }],
    },
    {
      filename: web('app/routes/settings.tsx'),
      code: "import { X } from '../../features/email/components/x';",

      errors: [{ messageId: 'internal' }],
    },
    // Features compose in app/: one importing another, even through its index, is reported...
    {
      filename: web('features/dashboard/page.tsx'),
      code: "import { M } from '../mentions';",
      errors: [{ messageId: 'feature' }],
    },
    // ...and an allowed edge opens only the direction it names.
    {
      filename: web('features/mentions/components/mention-list.tsx'),
      code: "import { VolumePreview } from '../../preview';",
      options: allowPreviewToMentions,
      errors: [{ messageId: 'feature' }],
    },
    // An allowed edge still goes through the index.
    {
      filename: web('features/preview/components/volume-preview.tsx'),
      code: "import { useStats } from '../../mentions/api/get-stats';",
      options: allowPreviewToMentions,
      errors: [{ messageId: 'internal' }],
    },
  ],
});

describe('areas are found on disk', () => {
  it('lists every folder of src/server with an index.ts, and every web feature', () => {
    const { server: areas, features } = findAreas(cwd);
    expect(areas).toEqual(expect.arrayContaining(['alerts', 'feeds', 'preview', 'relevance']));
    // Infrastructure has no index.ts, so it stays open to all.
    expect(areas).not.toContain('db');
    expect(areas).not.toContain('http');
    expect(features).toEqual(expect.arrayContaining(['alerts', 'dashboard', 'preview']));
  });

  describe('a new area, in a repository the rule has never seen', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'area-boundaries-'));
    afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
    fs.mkdirSync(path.join(root, 'src/server/quotas'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/server/quotas/index.ts'), 'export {};\n');
    fs.mkdirSync(path.join(root, 'src/server/scratch'), { recursive: true });

    // ESLint hands the rule its working directory (context.cwd): the new root, not this one.
    const lint = (file: string, code: string) =>
      new Linter({ cwd: root }).verify(
        code,
        [
          {
            files: ['**/*.ts'],
            plugins: { earshot: { rules: { 'area-boundaries': rule } } },
            rules: { 'earshot/area-boundaries': 'error' },
          },
        ],
        path.join(root, 'src/server', file),
      );

    it('reports a reach-in past its index.ts', () => {
      const messages = lint('app.ts', "import { reserve } from './quotas/reserve';");
      expect(messages).toHaveLength(1);
      expect(messages[0].ruleId).toBe('earshot/area-boundaries');
      expect(messages[0].message).toContain('quotas area');
    });

    it('lets its index through, and leaves a folder without an index.ts open', () => {
      expect(lint('app.ts', "import { reserve } from './quotas';")).toEqual([]);
      expect(lint('app.ts', "import { x } from './scratch/x';")).toEqual([]);
    });
  });
});

describe('the allowed edges between web features', () => {
  // Each line of the record's list: - `feature` → `other`, `another`: why.
  const recorded = () => {
    const record = fs.readFileSync(
      path.join(cwd, 'docs/decisions/018-web-feature-composition.md'),
      'utf8',
    );
    const edges: Record<string, string[]> = {};
    for (const [, from, to] of record.matchAll(/^- `([\w-]+)` → ((?:`[\w-]+`(?:, )?)+):/gm)) {
      edges[from] = [...to.matchAll(/`([\w-]+)`/g)].map((match) => match[1]);
    }
    return edges;
  };

  it('are the ones the decision record lists, exactly', async () => {
    const config = await new ESLint({ cwd }).calculateConfigForFile(
      web('features/alerts/components/keyword-form.tsx'),
    );
    const [severity, options] = config.rules['earshot/area-boundaries'];
    expect(severity).toBe(2);
    expect(options.featureImports).toEqual(recorded());
  });
});
