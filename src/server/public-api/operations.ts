import { errorEnvelopeSchema } from '@shared/api/errors';
import { PUBLIC_API_BASE } from '@shared/api/public-api';

/** The tags the reference groups operations under, in its order, each described once. */
export const API_TAGS = [
  {
    name: 'Keywords',
    description: 'The keywords (alerts) Earshot listens for, and their settings.',
  },
  { name: 'Mentions', description: 'The posts and comments that matched, newest first.' },
  { name: 'Stats', description: 'Counts for the dashboard: mentions, replies and plan usage.' },
] as const;
type Tag = (typeof API_TAGS)[number]['name'];

/** Every error a v1 call can answer, in the one envelope (DESIGN §7). */
const ERRORS = {
  400: errorEnvelopeSchema.describe('The request is invalid; `details` names each field.'),
  401: errorEnvelopeSchema.describe('No API key, or one that is mistyped or revoked.'),
  403: errorEnvelopeSchema.describe('A read key asked to write, or a plan limit refused it.'),
  404: errorEnvelopeSchema.describe("Nothing with this id in the key's workspace."),
  429: errorEnvelopeSchema.describe("Over the key's requests a minute; see `Retry-After`."),
};

/** A curl line for the reference, with the key from the environment (never a real one). */
function curl(appUrl: string, method: string, path: string, body?: object) {
  const lines = [
    `curl${method === 'GET' ? '' : ` -X ${method}`} '${appUrl}${PUBLIC_API_BASE}${path}'`,
    `  -H "Authorization: Bearer $EARSHOT_API_KEY"`,
  ];
  if (body) {
    lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(body)}'`);
  }
  return ['```bash', lines.join(' \\\n'), '```'].join('\n');
}

/**
 * The documentation half of a v1 route's schema: its tag, words for people and models, a curl
 * example, the bearer key, and the error answers. The request and success schemas beside it
 * are the ones that validate, so the reference cannot drift from the code.
 */
export function operation(
  appUrl: string,
  spec: {
    id: string;
    tag: Tag;
    summary: string;
    description: string;
    example: { method: string; path: string; body?: object };
  },
) {
  const { method, path, body } = spec.example;
  return {
    operationId: spec.id,
    tags: [spec.tag],
    summary: spec.summary,
    description: `${spec.description}\n\n${curl(appUrl, method, path, body)}`,
    security: [{ apiKey: [] }],
  };
}

export const errorResponses = ERRORS;
