// zod's own uuid pattern (the one UuidSchema uses), without the rest of zod in the first bundle.
import { regexes } from 'zod/v4/core';
import { useSearchParams } from 'react-router';

/** The query parameter that opens a ride's detail dialog: e-mails and notifications link with it. */
export const LINKED_RIDE_PARAM = 'ride';

/**
 * The ride a link asked to open (`?ride=<id>`), and the function that forgets it once its dialog
 * closes, so that a reload or the back button does not open it again.
 */
export function useLinkedRide(): { linkedRideId: string | null; clearLinkedRide: () => void } {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = searchParams.get(LINKED_RIDE_PARAM);
  const linkedRideId = value && regexes.uuid().test(value) ? value : null;
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
