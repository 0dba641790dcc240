import { describe, expect, it } from 'vitest';
import { importAuthSchemas, importRideRequestSchemas, importRideSchemas } from './schema-modules';

describe('schema modules loaded in turn', () => {
  it('gives each first-paint answer the module its schema is in', async () => {
    expect((await importRideSchemas()).RideListDto.safeParse([]).success).toBe(true);
    expect((await importAuthSchemas()).AuthConfigDto).toBeDefined();
    expect((await importRideRequestSchemas()).RideRequestListDto.safeParse([]).success).toBe(true);
  });

  it('loads once: a second call gets the same module', async () => {
    const [first, second] = await Promise.all([importRideSchemas(), importRideSchemas()]);
    expect(second).toBe(first);
    expect(await importRideSchemas()).toBe(first);
  });
});
