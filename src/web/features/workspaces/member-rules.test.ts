import type { Member, Role } from '@shared/api/workspaces';
import { describe, expect, test } from 'vitest';
import { grantableRoles, mayChangeRole, mayRemove, seatsUsed, withArticle } from './member-rules';

const SELF = 7;
const WORKSPACE = 1;
const member = (userId: number, role: Role): Member => ({
  userId,
  role,
  email: `user${userId}@example.com`,
  username: `user${userId}`,
  joinedAt: '2026-01-05T10:00:00.000Z',
});

describe('grantableRoles', () => {
  test.each<[Role, Role[]]>([
    ['owner', ['owner', 'admin', 'member', 'viewer']],
    ['admin', ['admin', 'member', 'viewer']],
    ['member', []],
    ['viewer', []],
  ])('%s may give %j', (actor, roles) => {
    expect(grantableRoles(actor)).toEqual(roles);
  });
});

describe('mayChangeRole and mayRemove', () => {
  test.each<[string, Role, Member, boolean, boolean]>([
    ['an owner, on an admin', 'owner', member(3, 'admin'), true, true],
    ['an owner, on another owner', 'owner', member(3, 'owner'), true, true],
    ['an admin, on a member', 'admin', member(3, 'member'), true, true],
    ['an admin, on an owner', 'admin', member(3, 'owner'), false, false],
    ['a member, on a viewer', 'member', member(3, 'viewer'), false, false],
    ['a viewer, on a member', 'viewer', member(3, 'member'), false, false],
    ['an owner, on themselves', 'owner', member(SELF, 'owner'), false, false],
    ['an admin, on themselves', 'admin', member(SELF, 'admin'), false, false],
    // The account whose personal workspace it is stays in it; its role may still change.
    ['an owner, on the personal owner', 'owner', member(WORKSPACE, 'owner'), true, false],
  ])('%s: change %s, remove %s', (_, actor, target, change, remove) => {
    expect(mayChangeRole(actor, target, SELF)).toBe(change);
    expect(mayRemove(actor, target, SELF, WORKSPACE)).toBe(remove);
  });
});

test.each([
  [1, 1, '1 of 1 seat used'],
  [2, 5, '2 of 5 seats used'],
  [6, 5, '6 of 5 seats used'],
])('%i members of %i seats: "%s"', (used, seats, text) => {
  expect(seatsUsed(used, seats)).toBe(text);
});

test.each<[Role, string]>([
  ['owner', 'an owner'],
  ['admin', 'an admin'],
  ['member', 'a member'],
  ['viewer', 'a viewer'],
])('%s in a sentence is "%s"', (role, text) => {
  expect(withArticle(role)).toBe(text);
});
