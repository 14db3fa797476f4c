import { z } from 'zod';
import { mentionPersonSchema } from './workspaces';

export const API_KEY_SCOPES = ['read', 'write'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES, { error: 'Scope must be read or write' });
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** What every key starts with, so secret scanners (and our log redaction) recognise a leak. */
export const API_KEY_PREFIX = 'esk_';

/** POST /api/api-keys. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .max(400, 'Name must be at most 100 characters')
    .transform((value) => value.trim())
    .refine((value) => value.length > 0, 'Name is required')
    .refine((value) => value.length <= 100, 'Name must be at most 100 characters'),
  scope: apiKeyScopeSchema,
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** A key as lists show it: never the key itself, which only its creation answer carries. */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: apiKeyScopeSchema,
  /** The key's first characters ("esk_AbC12xYz"), to tell keys apart and find a leaked one. */
  prefix: z.string(),
  createdAt: z.string(),
  /** To the minute: a key's use is recorded at most once a minute. */
  lastUsedAt: z.string().nullable(),
  /** Who made it; the key acts for them in this workspace. */
  createdBy: mentionPersonSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreatedSchema = z.object({
  apiKey: apiKeySchema,
  /** Shown this once; only its hash is stored. */
  key: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
