import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from '../../eslint-rules/label-needs-role.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: {
    ecmaVersion: 2022,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});

tester.run('label-needs-role', rule, {
  valid: [
    { code: '<Stack role="status" aria-busy="true" aria-label="Loading feeds" />' },
    { code: '<Paper component="section" aria-label="Usage" />' },
    { code: '<Button aria-label="Close" />' },
    { code: '<nav aria-label="Main" />' },
    { code: '<Stack {...props} aria-label="Loading" />' },
    { code: '<Stack gap="md" />' },
  ],
  invalid: [
    {
      code: '<Stack gap="md" aria-busy="true" aria-label="Loading feeds" />',
      errors: [{ messageId: 'generic', data: { name: 'Stack' } }],
    },
    {
      code: '<Skeleton height={60} aria-label="Loading your channels" />',
      errors: [{ messageId: 'generic' }],
    },
    { code: '<div aria-label="x">y</div>', errors: [{ messageId: 'generic' }] },
    { code: '<Loader size="sm" aria-label="Loading" />', errors: [{ messageId: 'generic' }] },
  ],
});
