import type { ApiKeyScope } from '@shared/api/api-keys';

/** What each scope lets a key do, as the form and the list say it. */
export const SCOPE_INFO: Record<ApiKeyScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'List keywords, mentions and stats' },
  write: {
    label: 'Write',
    description: 'Also create keywords, mark mentions replied and label them',
  },
};

export const SCOPE_COLOR: Record<ApiKeyScope, string> = { read: 'gray', write: 'orange' };
