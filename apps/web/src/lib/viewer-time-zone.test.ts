import { todayInTimeZone } from '@carpool/shared/time-zones';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewerTimeZone, viewerToday } from './viewer-time-zone';

const savedZone = process.env.TZ;
afterEach(() => {
  vi.unstubAllGlobals();
  if (savedZone === undefined) delete process.env.TZ;
  else process.env.TZ = savedZone;
});

describe('viewerToday', () => {
  it("is the day todayInTimeZone gives in the viewer's zone, on both sides of midnight and of DST changes", () => {
    const instants = [
      // New York: the spring change at 2:00 local (07:00 UTC), and midnight before it.
      '2026-03-08T04:59:59Z',
      '2026-03-08T05:00:00Z',
      '2026-03-08T06:59:59Z',
      '2026-03-08T07:00:00Z',
      // Santiago: at midnight local (03:00 UTC) clocks go back to 23:00, so the 4th's last hour comes twice.
      '2026-04-05T02:59:59Z',
      '2026-04-05T03:00:00Z',
      '2026-04-05T03:59:59Z',
      '2026-04-05T04:00:00Z',
      // Kolkata (+05:30) and Kiritimati (+14) around their midnights.
      '2026-12-31T18:29:00Z',
      '2026-12-31T18:31:00Z',
      '2026-12-31T09:59:59Z',
      '2026-12-31T10:00:00Z',
      '2026-12-31T23:59:59Z',
    ];
    for (const zone of ['America/New_York', 'America/Santiago', 'Asia/Kolkata', 'Pacific/Kiritimati', 'UTC']) {
      process.env.TZ = zone;
      for (const iso of instants) {
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
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'UTC' } });
    expect(viewerTimeZone()).toBe('UTC');
  });

  it("asks Intl without Temporal, or when Temporal's answer is not a plain zone name", () => {
    process.env.TZ = 'America/Chicago';
    vi.stubGlobal('Temporal', undefined);
    expect(viewerTimeZone()).toBe('America/Chicago');
    for (const odd of ['+05:30', 'Etc/Unknown', 'not a zone <>', '']) {
      vi.stubGlobal('Temporal', { Now: { timeZoneId: () => odd } });
      expect(viewerTimeZone(), odd).toBe('America/Chicago');
    }
  });
});
