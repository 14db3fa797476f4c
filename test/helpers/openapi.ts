import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { HttpClient } from './http-client';

type Operation = { responses: Record<string, { content?: Record<string, { schema: object }> }> };
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, object> };
};

/** `/api/v1/alerts/{id}` as a pattern matching `/api/v1/alerts/42`. */
const templatePattern = (template: string) =>
  new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);

/**
 * Checks answers against the published OpenAPI document: each status must be documented for
 * its operation, and a JSON body must validate against the schema written for it.
 */
export function createContractCheck(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addSchema({ $id: 'doc', ...document });
  const operations = Object.entries(document.paths).map(([template, methods]) => ({
    template,
    pattern: templatePattern(template),
    methods,
  }));
  let checked = 0;
  /** The operations that answered 2xx at least once, by operationId. */
  const succeeded = new Set<string>();
  return {
    get checked() {
      return checked;
    },
    /** The document's operations no check saw succeed. */
    untested() {
      return Object.values(document.paths)
        .flatMap((methods) => Object.values(methods))
        .map((operation) => (operation as Operation & { operationId: string }).operationId)
        .filter((id) => !succeeded.has(id));
    },
    check(method: string, url: string, status: number, body: unknown) {
      const path = url.split('?')[0];
      const entry = operations.find((op) => op.pattern.test(path));
      expect(entry, `${path} is not in the OpenAPI document`).toBeDefined();
      const operation = entry!.methods[method.toLowerCase()];
      expect(operation, `${method} ${entry!.template} is not documented`).toBeDefined();
      const response = operation.responses[String(status)];
      expect(response, `${method} ${entry!.template} does not document ${status}`).toBeDefined();
      const schema = response.content?.['application/json']?.schema;
      if (schema && body !== undefined) {
        const pointer = `doc#/paths/${entry!.template.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
        const validate = ajv.getSchema(pointer)!;
        const valid = validate(body);
        expect(valid, `${method} ${url} → ${status}: ${ajv.errorsText(validate.errors)}`).toBe(
          true,
        );
      }
      checked += 1;
      if (status < 300)
        succeeded.add((operation as Operation & { operationId: string }).operationId);
    },
  };
}

/** An API client whose every answer is checked against the document (see above). */
export class CheckedApiClient extends HttpClient {
  constructor(
    baseUrl: string,
    key: string | undefined,
    private readonly contract: ReturnType<typeof createContractCheck>,
  ) {
    super(baseUrl, key === undefined ? {} : { authorization: `Bearer ${key}` });
  }

  override async request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await super.request(method, path, body, headers);
    if (path.startsWith('/api/v1/')) this.contract.check(method, path, res.status, res.body);
    return res;
  }
}
