/**
 * BENCH_SCALE shrinks every count and duration (0.05 for a quick smoke run); 1 is the full
 * benchmark the results files come from.
 */
function readScale(): number {
  const raw = process.env.BENCH_SCALE;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!(value > 0 && value <= 1)) throw new Error(`BENCH_SCALE must be a number in (0, 1], got "${raw}"`);
  return value;
}

export const SCALE = readScale();

const scaled = (full: number, minimum: number) => Math.max(minimum, Math.round(full * SCALE));

export const SIZES = {
  users: scaled(20_000, 600),
  rides: scaled(100_000, 2_000),
  days: 60,
  /** Users that get a session (search, booking and chat clients); they drive none of the seeded rides. */
  signedInUsers: scaled(2_200, 300),
  conversations: scaled(20_000, 400),
  messagesPerConversation: 5,
  search: {
    rates: [250, 500, 1000],
    phaseSeconds: scaled(10, 2),
    warmupSeconds: scaled(3, 1),
    connections: 32,
  },
  booking: {
    bookings: scaled(3_000, 160),
    concurrency: Number(process.env.BENCH_BOOKING_CONCURRENCY ?? 32),
    seatsPerRide: 8,
    raceClients: 200,
    raceSeats: 3,
    raceRounds: 3,
  },
  /** Full rides whose bookings are all cancelled, with and without passengers waiting (each freed seat books the next in line). */
  waitlist: {
    rides: scaled(150, 10),
    seats: 2,
    waiting: 3,
  },
  /** E-mails queued, then drained by the outbox worker to a local SMTP server. */
  outboxMails: scaled(4_000, 300),
  chat: {
    sockets: scaled(2_000, 100),
    minRoom: 4,
    maxRoom: 8,
    windowSeconds: scaled(20, 3),
    clientProcesses: 2,
  },
} as const;
