import type { AlertInput } from '../../src/server/matching';

/** An active, site-wide alert on posts and comments with no minimum score, unless `extra` says. */
export const alertInput = (
  id: number,
  keyword: string,
  extra: Partial<AlertInput> = {},
): AlertInput => ({
  id,
  keyword,
  subreddits: null,
  includeComments: true,
  titlesOnly: false,
  minScore: 0,
  isActive: true,
  isPaused: false,
  ...extra,
});
