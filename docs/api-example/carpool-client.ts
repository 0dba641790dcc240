/**
 * A small Carpool API client built on types generated from the OpenAPI document:
 *
 *   npx openapi-typescript https://<server>/api/docs/json -o carpool-api.ts
 *
 * It uses nothing but fetch, so it runs in browsers, Node 20+ and Deno alike. The request and
 * response types come from the document, so a change of the API shows up as a type error here.
 */
import type { components, paths } from './carpool-api.js';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type ErrorBody = components['schemas']['ErrorBody'];
export type SignedInUser = Json<paths['/api/auth/google']['post']['responses'][200]>;
export type RideSearch = NonNullable<paths['/api/rides/getall']['get']['parameters']['query']>;
export type Ride = Json<paths['/api/rides/getall']['get']['responses'][200]>[number];
export type BookRideInput = Json<paths['/api/bookings/bookRide']['post']['requestBody']>;
export type Booking = Json<paths['/api/bookings/bookRide']['post']['responses'][201]>;
/** Why a booking was refused: the 409 answer lists exactly the codes a booking can be refused with. */
export type BookingRefusal = Json<paths['/api/bookings/bookRide']['post']['responses'][409]>;

/** Either the answer, or the API's error body with its HTTP status. */
export type Result<T> = { ok: true; value: T } | { ok: false; status: number; error: ErrorBody };

export class CarpoolClient {
  private token: string | null = null;

  /**
   * @param baseUrl where the API is served, e.g. https://carpool.example.edu
   * @param region the X-Region of every call: each region is a separate community
   */
  constructor(
    private readonly baseUrl: string,
    private readonly region: 'cornell' | 'nj' = 'cornell',
  ) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<Result<T>> {
    const headers: Record<string, string> = { 'x-region': this.region };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (response.ok) return { ok: true, value: (await response.json()) as T };
    return { ok: false, status: response.status, error: (await response.json()) as ErrorBody };
  }

  /**
   * Signs in through the development identity provider (servers with AUTH_MODE=dev only). With
   * Google sign-in, pass the Google ID token of the user to signInWithIdToken instead.
   */
  async signInWithDevProvider(email: string, name: string): Promise<Result<SignedInUser>> {
    type Minted = Json<paths['/api/dev/id-token']['post']['responses'][200]>;
    const minted = await this.call<Minted>('POST', '/api/dev/id-token', { email, name });
    if (!minted.ok) return minted;
    return this.signInWithIdToken(minted.value.tokenId);
  }

  async signInWithIdToken(tokenId: string): Promise<Result<SignedInUser>> {
    const signedIn = await this.call<SignedInUser>('POST', '/api/auth/google', { tokenId });
    if (signedIn.ok) this.token = signedIn.value.token;
    return signedIn;
  }

  searchRides(query: RideSearch = {}): Promise<Result<Ride[]>> {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) search.set(key, String(value));
    }
    return this.call('GET', `/api/rides/getall?${search}`);
  }

  bookRide(input: BookRideInput): Promise<Result<Booking>> {
    return this.call('POST', '/api/bookings/bookRide', input);
  }
}

/** What the example did, for the reader (and for the test that runs it). */
export interface ExampleOutcome {
  ridesFound: number;
  booking: Pick<Booking, 'id' | 'status' | 'seats'>;
  refusal: { status: number; code: BookingRefusal['code']; message: string };
}

/** Signs in, finds a ride, books a seat on it, then reads why a second booking is refused. */
export async function runExample(baseUrl: string, email: string): Promise<ExampleOutcome> {
  const client = new CarpoolClient(baseUrl, 'cornell');
  const signedIn = await client.signInWithDevProvider(email, 'Example Passenger');
  if (!signedIn.ok) throw new Error(`sign-in refused: ${signedIn.error.code} ${signedIn.error.message}`);

  const rides = await client.searchRides({ from: 'ithaca', limit: 10 });
  if (!rides.ok) throw new Error(`search refused: ${rides.error.message}`);
  const ride = rides.value.find((candidate) => candidate.seatsAvailable > 0);
  if (!ride) throw new Error('no ride with a free seat');

  const input: BookRideInput = { rideId: ride.id, seats: 1, suitcases: 0, paymentIntentId: 'NO_STRIPE' };
  const booked = await client.bookRide(input);
  if (!booked.ok) throw new Error(`booking refused: ${booked.error.message}`);

  // A second booking on the same ride is refused; the error says why, in a code a program can act on.
  const again = await client.bookRide(input);
  if (again.ok) throw new Error('a second booking on the same ride was accepted');
  const refusal = again.error as BookingRefusal;
  return {
    ridesFound: rides.value.length,
    booking: { id: booked.value.id, status: booked.value.status, seats: booked.value.seats },
    refusal: { status: again.status, code: refusal.code, message: refusal.message },
  };
}
