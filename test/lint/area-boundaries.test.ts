import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from '../../eslint-rules/area-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

// The rule places areas under the working directory, as ESLint runs from the repository root.
const cwd = process.cwd();
const server = (file: string) => path.join(cwd, 'src/server', file);
const web = (file: string) => path.join(cwd, 'src/web', file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

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
    { filename: web('features/dashboard/page.tsx'), code: "import { M } from '../mentions';" },
    { filename: web('app/router.tsx'), code: "import { M } from '../features/mentions';" },
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
  ],
});
