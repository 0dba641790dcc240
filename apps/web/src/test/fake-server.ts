import { SPEC_REGION_SUMMARIES, SPEC_REGIONS, specRegionDetail } from '@carpool/shared/fixtures/spec-regions';
import type { SessionUser } from '@carpool/shared/schemas/users';
import { vi } from 'vitest';

export const testUser: SessionUser = {
  id: '6a0d0c9e-2f4b-4a53-9d7e-2b1f8f6d9c01',
  name: 'Ada Lovelace',
  email: 'ada@cornell.edu',
  avatar: null,
  avatarColor: 'avatar-color-1',
  bio: '',
  college: 'cornell',
  preferences: { okayWithChatting: true, okayWithAnimals: false, okayWithMusic: true, okayWithSmoking: false },
  verificationStatus: 'none',
  driverVerified: false,
  isAdmin: false,
};

type Answer = { status?: number; body: unknown };
/** An answer, or a promise of one to hold the call open (a form's pending state). */
type Handler = (init: RequestInit | undefined) => Answer | Promise<Answer>;

/** The server's regions: the specification's two (GET /api/regions and /api/regions/{slug}). */
const REGION_HANDLERS: Record<string, Handler> = {
  'GET /api/regions': () => ({ body: SPEC_REGIONS.map((region) => SPEC_REGION_SUMMARIES[region]) }),
  ...Object.fromEntries(SPEC_REGIONS.map((region) => [`GET /api/regions/${region}`, () => ({ body: specRegionDetail(region) })])),
};

/**
 * Replaces fetch with answers per "METHOD /path"; anything else is a 404 the test will notice.
 * The regions are answered as the server answers the specification's two, unless a test says otherwise.
 */
export function fakeServer(handlers: Record<string, Handler>) {
  const all = { ...REGION_HANDLERS, ...handlers };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const handler = all[`${init?.method ?? 'GET'} ${url.pathname}`];
    const { status = 200, body } = handler
      ? await handler(init)
      : { status: 404, body: { error: 'not found', message: 'not found', code: 'NOT_FOUND' } };
    // A 204 has no body at all (the Response constructor refuses one).
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function signInLocally(region: 'cornell' | 'nj' = 'cornell', user: SessionUser = testUser) {
  localStorage.setItem(`auth_token_${region}`, 'token-1');
  localStorage.setItem(`revy_user_${region}`, JSON.stringify(user));
}

/** A promise and its resolve, to answer a held call when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
