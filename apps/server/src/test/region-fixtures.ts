import type { CreateRegionInput } from '@carpool/shared/schemas/regions';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/** A campus as an operator makes it in the console: Rochester's words, an orange theme that passes AA, its domain. */
export function regionInput(slug: string, overrides: Partial<CreateRegionInput> = {}): CreateRegionInput {
  return {
    slug,
    name: 'Rochester',
    where: 'at Rochester',
    subtitle: 'Intercity Carpool Platform for Rochester',
    theme: { light: '#c2410c', dark: '#fdba74' },
    timeZone: 'America/New_York',
    map: { lat: 43.1566, lng: -77.6088, zoom: 7 },
    emailDomains: ['rochester.edu'],
    ...overrides,
  };
}

/** Creates the region through the console's API, imports its places from a CSV and publishes it. */
export async function openRegion(t: TestApp, adminToken: string, input: CreateRegionInput, placesCsv: string): Promise<void> {
  const steps: [method: 'POST' | 'PUT', url: string, payload?: Record<string, unknown>][] = [
    ['POST', '/api/admin/regions', input],
    ['PUT', `/api/admin/regions/${input.slug}/places`, { format: 'csv', content: placesCsv }],
    ['POST', `/api/admin/regions/${input.slug}/publish`],
  ];
  for (const [method, url, payload] of steps) {
    const res = await t.call({ method, url, token: adminToken, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
}
