import type { Random } from './random';

export interface AuthConfig {
  clientId: string;
  clientSecret: string;
  extraClients: Record<string, string>;
  username: string;
  password: string;
  tokenTtlSeconds: number;
}

export type TokenResult = { status: 200; body: string } | { status: 401; body: string };

export const UNAUTHORIZED_BODY = '{"message": "Unauthorized", "error": 401}';

/** Issues and checks bearer tokens the way Reddit's OAuth endpoint does for script/app clients. */
export class Tokens {
  private readonly tokens = new Map<string, { clientId: string; expiresMs: number }>();

  constructor(
    private readonly config: AuthConfig,
    private readonly random: Random,
    private readonly clock: () => number,
  ) {}

  /** POST /api/v1/access_token with its Authorization header and form body. */
  issue(authorization: string | undefined, form: URLSearchParams): TokenResult {
    const basic = /^basic\s+(.+)$/i.exec(authorization ?? '');
    const [id, secret] = basic ? splitOnce(Buffer.from(basic[1], 'base64').toString('utf8')) : [];
    const known =
      (id === this.config.clientId && secret === this.config.clientSecret) ||
      (id !== undefined &&
        Object.hasOwn(this.config.extraClients, id) &&
        this.config.extraClients[id] === secret);
    if (!known) {
      return { status: 401, body: UNAUTHORIZED_BODY };
    }
    const grant = form.get('grant_type');
    if (grant === 'password') {
      const ok =
        form.get('username') === this.config.username &&
        form.get('password') === this.config.password;
      if (!ok) return { status: 200, body: '{"error": "invalid_grant"}' };
    } else if (grant !== 'client_credentials') {
      return { status: 200, body: '{"error": "unsupported_grant_type"}' };
    }
    const token = `${this.random.int(10_000_000, 99_999_999)}-${this.random.token(27)}`;
    const ttl = this.config.tokenTtlSeconds;
    this.tokens.set(token, { clientId: id, expiresMs: this.clock() + ttl * 1000 });
    return {
      status: 200,
      body: `{"access_token": "${token}", "token_type": "bearer", "expires_in": ${ttl}, "scope": "*"}`,
    };
  }

  /** The client id behind a valid, unexpired `Authorization: bearer …`, else undefined. */
  check(authorization: string | undefined): string | undefined {
    const bearer = /^bearer\s+(\S+)$/i.exec(authorization ?? '');
    const entry = bearer ? this.tokens.get(bearer[1]) : undefined;
    if (!entry || entry.expiresMs <= this.clock()) return undefined;
    return entry.clientId;
  }
}

function splitOnce(text: string): [string, string] {
  const at = text.indexOf(':');
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + 1)];
}
