// Validation of requests and responses against the committed slice of GitHub's
// published OpenAPI description (see scripts/extract-openapi.mjs), and a sampler
// that builds schema-valid response skeletons so the fake's answers are
// GitHub-shaped, not whatever the client happens to read.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type Plugin, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

type Json = any;
// ajv-formats is CommonJS with a default export: under NodeNext the plugin is on .default
const addFormats = ((addFormatsModule as unknown as { default?: Plugin<unknown> }).default ??
  addFormatsModule) as unknown as Plugin<unknown>;

export const slice: Json = JSON.parse(
  readFileSync(fileURLToPath(new URL('../fixtures/github-openapi-slice.json', import.meta.url)), 'utf8'),
);

/** OpenAPI 3.0 `nullable` → JSON Schema; `nullable` without `type` becomes anyOf [.., null]. */
export function normalise(node: Json): Json {
  if (Array.isArray(node)) return node.map(normalise);
  if (!node || typeof node !== 'object') return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === 'example' || k === 'examples' ? v : normalise(v);
  if (out.nullable === true) {
    delete out.nullable;
    if (typeof out.type === 'string') {
      out.type = [out.type, 'null'];
      if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    } else {
      return { anyOf: [out, { type: 'null' }] };
    }
  }
  return out;
}

const components = normalise(slice.components);
const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ $id: 'gh', components }, 'gh');

interface Operation {
  method: string;
  query: Set<string>;
  template: string;
  re: RegExp;
  operationId: string;
  /** Compiled on first use: each test file compiles only the operations it meets. */
  requestBody?: () => ValidateFunction;
  responses: Map<string, (() => ValidateFunction) | null>;
  responseSchemas: Map<string, Json>;
}

/** Compiles a schema the first time a validator is asked for (Ajv caches nothing by itself). */
const lazy = (schema: Json): (() => ValidateFunction) => {
  let v: ValidateFunction | undefined;
  return () => (v ??= ajv.compile(rewrite(schema)));
};

const rewrite = (schema: Json): Json =>
  JSON.parse(JSON.stringify(normalise(schema)).replace(/"#\/components\//g, '"gh#/components/'));

const resolveResponse = (resp: Json): Json => {
  if (resp?.$ref) {
    const name = resp.$ref.split('/').pop();
    return slice.components.responses[name];
  }
  return resp;
};

export const operations: Operation[] = [];
for (const [template, methods] of Object.entries<Json>(slice.paths)) {
  for (const [method, op] of Object.entries<Json>(methods)) {
    const re = new RegExp('^' + template.replace(/\{[^}]+\}/g, '[^/]+') + '$');
    const responses = new Map<string, (() => ValidateFunction) | null>();
    const responseSchemas = new Map<string, Json>();
    for (const [status, resp] of Object.entries<Json>(op.responses ?? {})) {
      const schema = resolveResponse(resp)?.content?.['application/json']?.schema;
      responses.set(status, schema ? lazy(schema) : null);
      if (schema) responseSchemas.set(status, schema);
    }
    const bodySchema = op.requestBody?.content?.['application/json']?.schema;
    const params = (op.parameters ?? []).map((p: Json) =>
      p.$ref ? slice.components.parameters[p.$ref.split('/').pop()] : p,
    );
    operations.push({
      query: new Set(params.filter((p: Json) => p.in === 'query').map((p: Json) => p.name)),
      method: method.toUpperCase(),
      template,
      re,
      operationId: op.operationId,
      requestBody: bodySchema ? lazy(bodySchema) : undefined,
      responses,
      responseSchemas,
    });
  }
}

export function findOperation(method: string, path: string): Operation | undefined {
  return operations.find((o) => o.method === method && o.re.test(path));
}

const fmt = (v: ValidateFunction): string =>
  (v.errors ?? [])
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');

export function validateRequest(
  method: string,
  path: string,
  body: Json,
  query: Record<string, string> = {},
): { operationId: string | null; violations: string[] } {
  const op = findOperation(method, path);
  if (!op)
    return {
      operationId: null,
      violations: [`${method} ${path} is not an operation in GitHub's OpenAPI description (slice)`],
    };
  const violations: string[] = [];
  for (const k of Object.keys(query))
    if (!op.query.has(k)) violations.push(`query parameter ${k} is not a parameter of ${op.operationId}`);
  const check = op.requestBody?.();
  if (check && body !== undefined && !check(body)) violations.push(`request body: ${fmt(check)}`);
  return { operationId: op.operationId, violations };
}

export function validateResponse(method: string, path: string, status: number, body: Json): string[] {
  const op = findOperation(method, path);
  if (!op) return [];
  const compile = op.responses.get(String(status));
  if (compile === undefined) {
    // error statuses GitHub may send without the description listing them (5xx, 429)
    if (status >= 400) return [];
    return [`status ${status} is not a documented response of ${op.operationId}`];
  }
  const v = compile?.();
  if (v && !v(body)) return [`response ${status} of ${op.operationId}: ${fmt(v)}`];
  return [];
}

/** A minimal schema-valid instance: required properties only, nullable ones null. */
export function sample(schema: Json, depth = 0): Json {
  if (depth > 30) return null;
  if (schema?.$ref) return sample(slice.components.schemas[schema.$ref.split('/').pop()], depth + 1);
  if (schema?.nullable) return null;
  if (schema?.allOf) return Object.assign({}, ...schema.allOf.map((s: Json) => sample(s, depth + 1)));
  if (schema?.anyOf || schema?.oneOf) return sample((schema.anyOf ?? schema.oneOf)[0], depth + 1);
  if (schema?.enum) return schema.enum[0];
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  switch (type) {
    case 'object': {
      const o: Json = {};
      for (const k of schema.required ?? []) o[k] = sample(schema.properties?.[k] ?? {}, depth + 1);
      return o;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'uri' || schema.format === 'url') return 'https://github.test/x';
      if (schema.format === 'email') return 'x@example.test';
      return 'x';
    default:
      if (schema?.properties) return sample({ ...schema, type: 'object' }, depth + 1);
      return null;
  }
}

const skeletons = new Map<string, Json>();
/** A schema-valid skeleton of the documented success response of an operation. */
export function skeleton(method: string, path: string, status: number): Json {
  const op = findOperation(method, path);
  if (!op) throw new Error(`no operation for ${method} ${path}`);
  const key = `${op.operationId}:${status}`;
  if (!skeletons.has(key)) {
    let schema = op.responseSchemas.get(String(status));
    if (schema?.type === 'array') schema = schema.items;
    skeletons.set(key, sample(schema));
  }
  return structuredClone(skeletons.get(key));
}
