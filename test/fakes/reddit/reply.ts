/** An HTTP answer before it is written, so faults can delay or damage it. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  /** A Buffer for bytes that are not whole UTF-8 text (a truncated answer). */
  body: string | Buffer;
}

export const JSON_TYPE = 'application/json; charset=UTF-8';

export function jsonReply(
  status: number,
  body: string,
  headers: Record<string, string> = {},
): Reply {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body };
}

/** Reddit's error bodies are Python-formatted: `{"message": "Not Found", "error": 404}`. */
export function errorReply(status: number, message: string): Reply {
  return jsonReply(status, `{"message": "${message}", "error": ${status}}`);
}

export const INVALID_TOKEN_HEADERS = {
  'www-authenticate': 'Bearer realm="reddit", error="invalid_token"',
};
