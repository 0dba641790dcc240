import { useSearchParams } from 'react-router';

/** The query parameter that opens a ride's detail dialog: e-mails and notifications link with it. */
const LINKED_RIDE_PARAM = 'ride';

/**
 * zod's uuid pattern (the one the shared UuidSchema checks), written out: zod's module of patterns
 * is a chunk of its own that the home page would otherwise load for this one check. A test keeps
 * it equal to zod's.
 */
export const UUID_PATTERN = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/**
 * The ride a link asked to open (`?ride=<id>`), and the function that forgets it once its dialog
 * closes, so that a reload or the back button does not open it again.
 */
export function useLinkedRide(): { linkedRideId: string | null; clearLinkedRide: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(LINKED_RIDE_PARAM);
  const linkedRideId = value && UUID_PATTERN.test(value) ? value : null;
  const clearLinkedRide = () => {
    if (!searchParams.has(LINKED_RIDE_PARAM)) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(LINKED_RIDE_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  return { linkedRideId, clearLinkedRide };
}
