import { useCallback, useState } from 'react';
import { getAcceptedTerms, setAcceptedTerms } from '../../../lib/storage';

/** The terms checkbox, remembered across visits as the spec's acceptedTerms flag. */
export function useAcceptedTerms() {
  const [accepted, setAccepted] = useState(getAcceptedTerms);
  const update = useCallback((next: boolean) => {
    setAcceptedTerms(next);
    setAccepted(next);
  }, []);
  return [accepted, update] as const;
}
