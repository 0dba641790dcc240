import { todayInTimeZone } from '@carpool/shared/time-zones';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewerTimeZone, viewerToday } from './viewer-time-zone';

const savedZone = process.env.TZ;
afterEach(() => {
  vi.unstubAllGlobals();
  process.env.TZ = savedZone;
});

describe('viewerToday', () => {
  it("is the day todayInTimeZone gives in the viewer's zone, on both sides of midnight and across a DST change", () => {
    for (const zone of ['America/New_York', 'Asia/Kolkata', 'Pacific/Kiritimati', 'UTC']) {
      process.env.TZ = zone;
      for (const iso of ['2026-03-08T04:59:59Z', '2026-03-08T05:00:00Z', '2026-11-01T05:30:00Z', '2026-12-31T18:29:00Z', '2026-12-31T18:31:00Z', '2026-12-31T23:59:59Z']) {
        const instant = new Date(iso);
        expect(viewerToday(instant), `${zone} ${iso}`).toBe(todayInTimeZone(zone, instant));
      }
    }
  });
});

describe('viewerTimeZone', () => {
  it("takes Temporal's answer where the browser has it", () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Europe/Paris' } });
    expect(viewerTimeZone()).toBe('Europe/Paris');
  });

  it("asks Intl without Temporal, or when Temporal's answer is no zone name", () => {
    process.env.TZ = 'America/Chicago';
    expect(viewerTimeZone()).toBe('America/Chicago');
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'not a zone <>' } });
    expect(viewerTimeZone()).toBe('America/Chicago');
  });
});
