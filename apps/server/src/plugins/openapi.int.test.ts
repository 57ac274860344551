import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { RECORD_KIND_NAMES, RECORD_KINDS_PLAIN } from '@ff/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { SYSTEM_ACTOR } from '../lib/audit-context.js';
import { startPostingHarness, type PostingHarness } from '../test/posting-harness.js';
import { caseOf, routeLabel, withQuery, type CaseContext } from '../test/route-cases.js';
import type { TestClient } from '../test/test-client.js';
import type { RouteCatalogueEntry } from './access.js';
import { OPENAPI_DOCUMENT_URL, OPENAPI_UI_URL } from './openapi.js';

type Operation = {
  responses: Record<string, { content?: unknown }>;
  security?: Record<string, string[]>[];
  operationId?: string;
  summary?: string;
  tags?: string[];
};
type Document = {
  openapi: string;
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, Record<string, string>>;
    schemas: Record<string, unknown>;
  };
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The lint's rules, at the repository's root (where `redocly lint` looks for them too). */
const REDOCLY_CONFIG = new URL('../../../../redocly.yaml', import.meta.url);

let h: PostingHarness;
let ctx: CaseContext;
let admin: TestClient;
let doc: Document;
beforeAll(async () => {
  h = await startPostingHarness({ queue: true, worker: false });
  const { token } = await h.app.services.apiTokens.create('openapi', {
    actor: SYSTEM_ACTOR,
    ip: '127.0.0.1',
  });
  ctx = { h, apiToken: token };
  admin = await h.signInAsAdmin();
  const response = await admin.get(OPENAPI_DOCUMENT_URL);
  expect(response.status).toBe(200);
  doc = response.body as Document;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** The app's routes the document describes: every catalogued route but the document's and the docs' own. */
const documented = () =>
  h.app.routeCatalogue.filter(
    (route) => route.url !== OPENAPI_DOCUMENT_URL && !route.url.startsWith(OPENAPI_UI_URL),
  );
const operationOf = (route: RouteCatalogueEntry): Operation | undefined =>
  doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];

/**
 * Checks answers against the served document itself (issue 23's contract test), as a client generated from it or
 * a validating proxy would: the JSON Schema the document gives for that path, method and status.
 */
function documentValidator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'openapi.json');
  const pointer = (...parts: string[]) =>
    parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  return (route: RouteCatalogueEntry, status: number, answer: unknown): string | null => {
    const path = route.url.replace(/:(\w+)/g, '{$1}');
    const responses = doc.paths[path]?.[route.method.toLowerCase()]?.responses ?? {};
    const declared = responses[String(status)] ?? responses.default;
    if (!declared) return `${routeLabel(route)} answered ${status}, which the document does not declare`;
    const content = (declared.content ?? {}) as Record<string, unknown>;
    if (!('application/json' in content)) return null;
    const status_ = String(status) in responses ? String(status) : 'default';
    const validate = ajv.compile({
      $ref: `openapi.json#/${pointer('paths', path, route.method.toLowerCase(), 'responses', status_, 'content', 'application/json', 'schema')}`,
    });
    return validate(answer)
      ? null
      : `${routeLabel(route)} ${status}: ${ajv.errorsText(validate.errors, { dataVar: 'answer' })}`;
  };
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes every route of the app with its answers (at least one success answer each)', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const routes = documented();
    expect(routes.length).toBeGreaterThan(30);
    const missing = routes.filter((route) => !operationOf(route)).map(routeLabel);
    expect(missing, 'routes missing from the document').toEqual([]);
    const undescribed = routes.filter(
      (route) => !Object.keys(operationOf(route)!.responses).some((s) => /^2/.test(s)),
    );
    expect(
      undescribed.map(routeLabel),
      'routes that declare no schema.response for their success answer',
    ).toEqual([]);
  });

  it('documents the session cookie, the CSRF header and the bearer token, and which routes take which', () => {
    const schemes = doc.components.securitySchemes;
    expect(schemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'ff_session' });
    expect(schemes.csrfHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' });
    expect(schemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const imports = documented().filter((route) => route.access.auth === 'apiToken');
    expect(imports.map(routeLabel)).toContain('POST /api/v1/import/:kind');
    for (const route of imports)
      expect(operationOf(route)?.security, routeLabel(route)).toEqual([{ bearerToken: [] }]);
    for (const route of documented().filter((r) => r.access.auth === 'user')) {
      const expected = UNSAFE.has(route.method)
        ? [{ sessionCookie: [], csrfHeader: [] }]
        : [{ sessionCookie: [] }];
      expect(operationOf(route)?.security, routeLabel(route)).toEqual(expected);
    }
    // Public routes say what they need: nothing to read (`security: []`), the anonymous session's CSRF pair to
    // sign in and the like.
    for (const route of documented().filter((r) => r.access.auth === 'public'))
      expect(operationOf(route)?.security, routeLabel(route)).toEqual(
        UNSAFE.has(route.method) ? [{ sessionCookie: [], csrfHeader: [] }] : [],
      );
  });

  it('names every operation (issue 23): a unique camelCase operationId, a summary and one of the declared tags', () => {
    const declared = doc.tags.map((tag) => tag.name);
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const route of documented()) {
      const operation = operationOf(route)!;
      const label = routeLabel(route);
      if (!/^[a-z][A-Za-z0-9]*$/.test(operation.operationId ?? ''))
        problems.push(`${label}: no camelCase operationId`);
      else if (ids.has(operation.operationId!))
        problems.push(
          `${label}: operationId ${operation.operationId} is also ${ids.get(operation.operationId!)}'s`,
        );
      else ids.set(operation.operationId!, label);
      if (!operation.summary) problems.push(`${label}: no summary`);
      if (operation.tags?.length !== 1 || !declared.includes(operation.tags[0]!))
        problems.push(`${label}: tags ${JSON.stringify(operation.tags)} are not one declared tag`);
    }
    expect(problems).toEqual([]);
    // Every declared tag is used.
    const used = new Set(
      Object.values(doc.paths).flatMap((ops) => Object.values(ops).flatMap((o) => o.tags ?? [])),
    );
    expect(declared.filter((tag) => !used.has(tag))).toEqual([]);
  });

  it('names the shared shapes (issue 23) and the routes refer to them: rows, post bodies, import rows, errors', () => {
    const names = Object.keys(doc.components.schemas);
    for (const name of [
      'Message',
      'ValidationError',
      'PostingResult',
      'PageMeta',
      'ImportReport',
      'ApiToken',
    ])
      expect(names).toContain(name);
    for (const kind of ['SalesInvoice', 'CashAdvanceRecord', 'VasTransaction']) {
      expect(names).toContain(`${kind}Row`);
      expect(names).toContain(`${kind}PostBody`);
    }
    expect(names.filter((name) => name.endsWith('ImportRow'))).toHaveLength(5);
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const post = doc.paths['/api/v1/journalCashAdvance']!.post! as unknown as {
      requestBody: { content: Record<string, { schema: unknown }> };
      responses: Record<string, { content: Record<string, { schema: { anyOf?: unknown[] } }> }>;
    };
    // The record POST's 422 is the posting result or the validation error (it declared only the first).
    expect(post.responses['422']!.content['application/json']!.schema.anyOf).toEqual([
      ref('PostingResult'),
      ref('ValidationError'),
    ]);
    expect(post.requestBody.content['application/json']!.schema).toEqual(ref('CashAdvanceRecordPostBody'));
    const imported = doc.paths['/api/v1/import/{kind}']!.post! as unknown as {
      requestBody: { content: Record<string, { schema: { items: { anyOf: unknown[] } } }> };
    };
    expect(imported.requestBody.content['application/json']!.schema.items.anyOf).toContainEqual(
      ref('CashAdvanceImportRow'),
    );
    // Nothing named is left unused.
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.schemas);
    expect(names.filter((name) => !text.includes(`"#/components/schemas/${name}"`))).toEqual([]);
  });

  it("describes the record posts' refusals truly: a body that fails validation answers the document's 422", async () => {
    const checkDocument = documentValidator();
    const mismatches: string[] = [];
    for (const name of RECORD_KIND_NAMES) {
      const { apiPath } = RECORD_KINDS_PLAIN[name];
      const route = documented().find((r) => r.method === 'POST' && r.url === apiPath)!;
      const response = await admin.post(apiPath, { postSap: [{}] });
      expect(response.status, apiPath).toBe(422);
      expect(Object.keys(response.body.errors ?? {}).length, apiPath).toBeGreaterThan(0);
      const problem = checkDocument(route, 422, response.body);
      if (problem) mismatches.push(problem);
    }
    expect(mismatches).toEqual([]);
  });

  it("passes Redocly's recommended lint (redocly.yaml) with no error and no warning", async () => {
    const config = await loadConfig({ configPath: fileURLToPath(REDOCLY_CONFIG) });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    expect(
      problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
    ).toEqual([]);
  });

  it("describes each route's answers truly: the answer to a valid request matches the schema declared for its status, in the route and in the served document", async () => {
    const mismatches: string[] = [];
    const checkDocument = documentValidator();
    for (const route of documented()) {
      const routeCase = caseOf(route);
      const request = await routeCase.valid(ctx);
      const client = routeCase.ownsSession ? await h.signInAsAdmin() : admin;
      const headers: Record<string, string> =
        route.access.auth === 'apiToken' ? { authorization: `Bearer ${ctx.apiToken}` } : {};
      const body =
        request.body !== undefined ? { body: request.body } : UNSAFE.has(route.method) ? { body: {} } : {};
      const response = await client.request({
        method: route.method as 'GET',
        url: withQuery(request),
        headers,
        ...body,
      });
      const schema = route.schema.response?.[String(response.status)] as ZodType | undefined;
      const answer: unknown = response.body ?? undefined;
      const againstDocument =
        response.body === undefined ? null : checkDocument(route, response.status, answer);
      if (againstDocument) mismatches.push(`the document: ${againstDocument}`);
      const parsed = schema?.safeParse(answer);
      if (!schema)
        mismatches.push(`${routeLabel(route)} answered ${response.status} but declares no schema for it`);
      else if (!parsed?.success)
        mismatches.push(`${routeLabel(route)} ${response.status}: ${parsed?.error.message}`);
      // A schema that silently drops a field the route sends would describe less than the answer holds.
      else if (!isDeepStrictEqual(parsed.data, answer))
        mismatches.push(`${routeLabel(route)} ${response.status} sends fields its schema lacks`);
    }
    expect(mismatches).toEqual([]);
  });
});

describe('the document and Swagger UI are for signed-in users', () => {
  it('answers 401 to anonymous callers on the document, the UI and its files', async () => {
    const anonymous = h.client();
    await anonymous.csrf();
    for (const url of [
      OPENAPI_DOCUMENT_URL,
      OPENAPI_UI_URL,
      `${OPENAPI_UI_URL}/`,
      `${OPENAPI_UI_URL}/json`,
      `${OPENAPI_UI_URL}/static/swagger-ui.css`,
    ]) {
      const response = await anonymous.get(url);
      expect(response.status, url).toBe(401);
      expect(typeof response.body?.message, url).toBe('string');
    }
  });

  it('serves Swagger UI as HTML, under the app CSP, reading the same document', async () => {
    const page = await admin.get(OPENAPI_UI_URL);
    expect(page.status).toBe(200);
    expect(String(page.headers['content-type'])).toMatch(/^text\/html/);
    expect(page.text).toContain('swagger-ui-bundle.js');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    expect(page.headers['cache-control']).toBe('no-store');
    const script = await admin.get(`${OPENAPI_UI_URL}/static/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect((await admin.get(`${OPENAPI_UI_URL}/json`)).body).toEqual(doc);
  });
});
