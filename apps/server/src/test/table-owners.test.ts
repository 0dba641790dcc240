import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_TABLES, TABLE_OWNERS, foreignTableWrites, type TableWrite } from './table-owners.js';

const sourceRoot = path.resolve(import.meta.dirname, '..');

/** The server's source files, relative to src: everything but tests and the test helpers. */
function serverSources(): string[] {
  return (readdirSync(sourceRoot, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts') && !file.startsWith('test/'));
}

const describeWrite = (write: TableWrite) => `${write.file}:${write.line} writes ${write.table} (${write.how})`;

describe('one owner per table', () => {
  it('gives every table of the schema to one existing module folder', () => {
    const modules = new Set(readdirSync(path.join(sourceRoot, 'modules')).filter((name) => statSync(path.join(sourceRoot, 'modules', name)).isDirectory()));
    expect([...SCHEMA_TABLES.values()].sort()).toEqual(Object.keys(TABLE_OWNERS).sort());
    expect(Object.values(TABLE_OWNERS).filter((owner) => !modules.has(owner))).toEqual([]);
  });

  it("finds no repository, service or other file writing another module's table, or a seat column outside the seat inventory", () => {
    const foreign = serverSources().flatMap((file) => foreignTableWrites(file, readFileSync(path.join(sourceRoot, file), 'utf8')));
    expect(foreign.map(describeWrite)).toEqual([]);
  });

  describe('the check itself, on planted files', () => {
    const schemaImport = "import { bookings, notifications, rides as ridesTable, waitlistEntries } from '../../db/schema.js';\n";

    it("finds drizzle's insert, update and delete of another module's table, under any local name", () => {
      const planted = `${schemaImport}
        export const cancel = (db, id) => db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.rideId, id));
        export const hide = (db, id) => db.update(ridesTable).set({ hiddenAt: new Date() });
        export const tell = (db, row) => db.insert(notifications).values(row);
        export const unlist = (db) => db.delete(waitlistEntries);`;
      expect(foreignTableWrites('modules/rides/rides.repository.ts', planted).map((write) => `${write.line} ${write.table} ${write.how}`)).toEqual([
        '3 bookings .update(bookings)',
        '5 notifications .insert(notifications)',
        '6 waitlist_entries .delete(waitlistEntries)',
      ]);
    });

    it('finds SQL text that inserts, updates or deletes another module\'s table, by name or by ${table}', () => {
      const planted = `${schemaImport}
        export const book = sql\`
          with reserved as (update \${ridesTable} set leg_seats = legs_add(leg_seats, r, -1) where id = \${id} returning 1),
          unlisted as (delete from waitlist_entries where ride_id = \${id}),
          booked as (insert into \${bookings} (id) select \${id} from reserved),
          notified as (INSERT INTO "notifications" (user_id) select 1 from booked)
          select 1\`;`;
      expect(foreignTableWrites('modules/bookings/bookings.repository.ts', planted).map((write) => `${write.table} ${write.how}`)).toEqual([
        'rides update rides',
        'waitlist_entries delete from waitlist_entries',
        'notifications insert into notifications',
        'rides.leg_seats leg_seats = ...',
      ]);
    });

    it("lets a module put the owners' exported fragments into its own statement, and ignores locks, upserts and comments", () => {
      const planted = `${schemaImport}
        // Booking the ride ends the wait: delete from waitlist_entries (in the waitlist's fragment).
        export const book = sql\`
          with reserved as (\${takeSeatsCte(booking)}),
          booked as (insert into \${bookings} (id) select \${id} from reserved returning id),
          unlisted as (\${endWaitOnBookingCte(entry)}),
          notified as (\${insertBookingNotificationCte(values, sql\`booked\`)})
          -- a comment that says update rides changes nothing
          select 1 from \${ridesTable} where id = \${id} for update of rides skip locked\`;
        export const upsert = sql\`insert into bookings (id) values (1) on conflict (id) do update set id = excluded.id\`;`;
      expect(foreignTableWrites('modules/bookings/bookings.repository.ts', planted)).toEqual([]);
    });

    it('gives the plumbing and the use-case modules no table at all', () => {
      const planted = `import { users } from '../db/schema.js';\nexport const touch = (db) => db.update(users).set({ name: 'x' });`;
      expect(foreignTableWrites('plugins/auth.ts', planted).map((write) => write.table)).toEqual(['users']);
      expect(foreignTableWrites('modules/trips/trips.service.ts', planted.replace('../db', '../../db')).map((write) => write.table)).toEqual(['users']);
    });

    it('keeps the seat columns of rides to the seat inventory, inside the rides module too', () => {
      const planted = `${schemaImport}
        export const free = (db, id) => db.update(ridesTable).set({ status: 'cancelled', legSeats: sql\`array_fill(total_seats, array[1])\` });
        export const resize = sql\`update rides set total_seats = 4 where id = \${id}\`;`;
      expect(foreignTableWrites('modules/rides/rides.repository.ts', planted).map((write) => `${write.table} ${write.how}`)).toEqual([
        'rides.leg_seats .set({ legSeats })',
        'rides.total_seats total_seats = ...',
      ]);
      expect(foreignTableWrites('modules/rides/seat-inventory.ts', planted)).toEqual([]);
    });
  });
});
