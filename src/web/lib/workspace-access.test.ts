import type { Role } from '@shared/api/workspaces';
import { describe, expect, test } from 'vitest';
import { allows, type WorkspaceAccess } from './workspace-access';

const access = (role: Role, readOnly = false): WorkspaceAccess => ({
  role,
  readOnly,
  shared: true,
  userId: 1,
});

describe('allows', () => {
  test.each<[string, WorkspaceAccess | null, Role, boolean]>([
    ['unknown yet: shown (the server still refuses)', null, 'admin', true],
    ['an owner, what an admin does', access('owner'), 'admin', true],
    ['an admin, what an admin does', access('admin'), 'admin', true],
    ['a member, what an admin does', access('member'), 'admin', false],
    ['a member, what a member does', access('member'), 'member', true],
    ['a viewer, what a member does', access('viewer'), 'member', false],
    ['a viewer, a read', access('viewer'), 'viewer', true],
    ['read-only: an admin, what a member does', access('admin', true), 'member', false],
    ['read-only: a viewer, a read', access('viewer', true), 'viewer', true],
    ['read-only: the owner, anything', access('owner', true), 'owner', true],
  ])('%s: %s', (_, given, least, expected) => {
    expect(allows(given, least)).toBe(expected);
  });
});
