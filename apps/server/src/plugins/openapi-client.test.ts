import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { postRide, RIDES_TEST_START } from '../test/ride-fixtures.js';

/** The example client that docs/api.md shows to integrators. */
const exampleClientUrl = new URL('../../../../docs/api-example/carpool-client.ts', import.meta.url);
const exampleClient = fileURLToPath(exampleClientUrl);

/**
 * The example's entry point. It is loaded at run time, not imported: its types come from the
 * generated file that only exists in the test's directory, where it is typechecked.
 */
type RunExample = (baseUrl: string, email: string) => Promise<{
  ridesFound: number;
  booking: { id: string; status: string; seats: number };
  refusal: { status: number; code: string; message: string };
}>;

/** Typechecks files the way an integrator's strict TypeScript project would. */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    skipLibCheck: false,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('a client generated from the served document', () => {
  let t: TestApp;
  let baseUrl: string;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp('pglite', { start: RIDES_TEST_START });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    dir = await mkdtemp(path.join(tmpdir(), 'carpool-client-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('compiles with the example client', { timeout: 120_000 }, async () => {
    const document = await (await fetch(`${baseUrl}/api/docs/json`)).text();
    await writeFile(path.join(dir, 'carpool-api.ts'), astToString(await openapiTS(document)));
    await copyFile(exampleClient, path.join(dir, 'carpool-client.ts'));
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    expect(typeErrors([path.join(dir, 'carpool-client.ts')])).toEqual([]);
  });

  it('types the errors an operation declares, so a wrong code is a compile error', { timeout: 120_000 }, async () => {
    await writeFile(
      path.join(dir, 'misuse.ts'),
      [
        "import type { BookingRefusal } from './carpool-client.js';",
        "export const refused: BookingRefusal['code'] = 'RIDE_FULL';",
        "export const notARefusal: BookingRefusal['code'] = 'FILE_TOO_LARGE';",
      ].join('\n'),
    );
    const errors = typeErrors([path.join(dir, 'misuse.ts')]);
    expect(errors).toEqual([expect.stringContaining('"FILE_TOO_LARGE"')]);
  });

  it('runs the example against a started server: sign in, search, book, read a refusal', async () => {
    const driver = await t.signIn('example-driver@cornell.edu');
    const ride = await postRide(t, driver.token, { seatsAvailable: 2, totalSeats: 2 });

    const { runExample } = (await import(exampleClientUrl.href)) as { runExample: RunExample };
    const outcome = await runExample(baseUrl, 'example-passenger@cornell.edu');

    expect(outcome.ridesFound).toBe(1);
    expect(outcome.booking).toMatchObject({ status: 'pending', seats: 1 });
    expect(outcome.refusal).toMatchObject({ status: 409, code: 'ALREADY_BOOKED' });
    const bookings = await t.call({ method: 'GET', url: `/api/bookings/ride/${ride.id}`, token: driver.token });
    expect(bookings.json().map((b: { id: string }) => b.id)).toEqual([outcome.booking.id]);
  });
});
