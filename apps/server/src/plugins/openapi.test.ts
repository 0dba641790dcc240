import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error.js';
import { contractProblems } from '../test/api-contract.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { authPlugin } from './auth.js';
import { openapiPlugin } from './openapi.js';

describe('the API contract', () => {
  let t: TestApp;
  let document: OpenAPIV3_1.Document;

  beforeAll(async () => {
    // The test clock and the development provider add routes of their own: they are part of it too.
    t = await createTestApp('pglite', { config: { testClock: true, publicUrl: 'https://carpool.example.edu' } });
    document = (await t.call({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it('is kept by every route: operationId, request and response schemas, security and errors', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(40);
    expect(contractProblems(t.app.apiRoutes, document)).toEqual([]);
  });

  it('names the deployment, the licence and the module of each operation', () => {
    expect(document.servers).toEqual([expect.objectContaining({ url: 'https://carpool.example.edu' })]);
    expect(document.info.license?.name).toBeTruthy();
    const declared = new Set(document.tags?.map((tag) => tag.name));
    for (const item of Object.values(document.paths ?? {})) {
      for (const operation of Object.values(item ?? {}) as OpenAPIV3_1.OperationObject[]) {
        for (const tag of operation.tags ?? []) expect(declared, `tag ${tag}`).toContain(tag);
      }
    }
  });

  it("documents each operation's own error codes under their status, and those every route can answer", () => {
    const book = document.paths?.['/api/bookings/bookRide']?.post;
    const codesOf = (status: string) => {
      const response = book?.responses?.[status] as OpenAPIV3_1.ResponseObject;
      const schema = response.content?.['application/json']?.schema as OpenAPIV3_1.SchemaObject;
      return (schema.allOf?.[1] as OpenAPIV3_1.SchemaObject).properties?.code as OpenAPIV3_1.SchemaObject;
    };
    expect(codesOf('409').enum).toEqual(['CONFLICT', 'ALREADY_BOOKED', 'RIDE_FULL', 'RIDE_CANCELLED', 'RIDE_DEPARTED']);
    expect(codesOf('404').enum).toEqual(['NOT_FOUND']);
    expect(codesOf('400').enum).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'INVALID_REGION']));
    expect(codesOf('401').enum).toEqual(['UNAUTHORIZED', 'TOKEN_EXPIRED']);
    expect(codesOf('429').enum).toEqual(['RATE_LIMITED']);
    expect(book?.security).toEqual([{ bearer: [] }]);

    const health = document.paths?.['/api/health']?.get;
    expect(health?.security).toEqual([]);
    expect(Object.keys(health?.responses ?? {})).not.toContain('429');
    expect(Object.keys(health?.responses ?? {})).toContain('503');
    // Signing in is optional on a ride search: both ways are documented.
    expect(document.paths?.['/api/rides/getall']?.get?.security).toEqual([{}, { bearer: [] }]);
    expect(document.components?.schemas?.ErrorBody).toMatchObject({ required: ['error', 'message', 'code'] });
  });

  it('documents files as bytes and uploads as multipart forms, and still accepts the uploads', async () => {
    const file = document.paths?.['/api/files/{id}']?.get?.responses?.['200'] as OpenAPIV3_1.ResponseObject;
    expect(file.content?.['image/webp']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    const upload = document.paths?.['/api/users/upload-image']?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(upload.content['multipart/form-data']?.schema).toMatchObject({
      required: ['image'],
      properties: { image: { type: 'string', format: 'binary' } },
    });

    const user = await t.signIn('contract@cornell.edu');
    const form = new FormData();
    form.append('image', new Blob([Buffer.from('not an image')]), 'a.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.call({
      method: 'POST',
      url: '/api/users/upload-image',
      token: user.token,
      headers: { 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    // Read by the multipart reader (not refused by a body validator): the bytes are not an image.
    expect([res.statusCode, res.json().code]).toEqual([415, 'UNSUPPORTED_FILE_TYPE']);
  });
});

describe('the contract check', () => {
  it('names a route that declares no schemas, no operationId or no security', async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openapiPlugin, { publicUrl: null });
    app.decorate('deps', {} as never);
    await app.register(authPlugin, { authenticate: () => Promise.reject(new AppError('UNAUTHORIZED', 'You are not signed in')) });
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/bare/:id', async () => ({ ok: true }));
    r.get('/api/half/:id', { schema: { operationId: 'getHalf' } }, async () => ({ ok: true }));
    r.get('/api/no-id', { schema: { response: { 200: z.object({ ok: z.boolean() }) } } }, async () => ({ ok: true }));
    r.get(
      '/api/kept/:id',
      {
        schema: { operationId: 'getKept', params: z.object({ id: z.string() }), response: { 200: z.object({ ok: z.boolean() }) } },
        onRequest: app.requireAuth,
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenAPIV3_1.Document>();
    expect(contractProblems(app.apiRoutes, document)).toEqual([
      'GET /api/bare/:id: declares no schema, or hides itself from the document',
      'GET /api/half/:id: has path parameters but declares no params schema',
      'GET /api/half/:id: declares no 2xx (or 3xx redirect) response schema',
      "GET /api/no-id: declares no operationId (schema.operationId: 'verbNoun', like its service function)",
    ]);
    expect(document.paths?.['/api/kept/{id}']?.get?.security).toEqual([{ bearer: [] }]);
    await app.close();
  });

  it('logs what the document cannot be made of, as an error of the app, and answers 500', async () => {
    const lines: { level: number; plugin?: string; err?: { message: string } }[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } } });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openapiPlugin, { publicUrl: null });
    // A recursive schema used inline, with no name for the document's components to call it by.
    const odd: z.ZodType<{ children: unknown[] }> = z.object({
      get children() {
        return z.array(odd);
      },
    });
    app.withTypeProvider<ZodTypeProvider>().get('/api/odd', { schema: { operationId: 'getOdd', response: { 200: odd } } }, async () => ({ children: [] }));
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(500);
    expect(lines.filter((line) => line.level >= 50)).toEqual([expect.objectContaining({ plugin: 'docs', err: expect.objectContaining({ message: expect.any(String) }) })]);
    await app.close();
  });
});

describe('the docs pages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('are made on the first request (several at once) and served as the files they are', async () => {
    const [page, json, yaml] = await Promise.all([
      t.call({ method: 'GET', url: '/api/docs' }),
      t.call({ method: 'GET', url: '/api/docs/json' }),
      t.call({ method: 'GET', url: '/api/docs/yaml' }),
    ]);
    expect([page.statusCode, page.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
    expect(page.body).toContain('/api/docs/static/swagger-ui.css');
    expect(json.json<OpenAPIV3_1.Document>().paths?.['/api/health']?.get?.operationId).toBe('getHealth');
    expect([yaml.statusCode, yaml.headers['content-type']]).toEqual([200, 'application/x-yaml']);
    expect(yaml.body).toMatch(/^openapi: 3\.1\.0/);

    const style = await t.call({ method: 'GET', url: '/api/docs/static/swagger-ui.css' });
    expect([style.statusCode, style.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    expect(style.headers['x-content-type-options']).toBe('nosniff');
    const unchanged = await t.call({ method: 'GET', url: '/api/docs/static/swagger-ui.css', headers: { 'if-none-match': String(style.headers.etag) } });
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);

    const head = await t.call({ method: 'HEAD', url: '/api/docs/static/swagger-ui.css' });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([200, style.headers['content-length'], '']);

    const missing = await t.call({ method: 'GET', url: '/api/docs/static/nothing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
