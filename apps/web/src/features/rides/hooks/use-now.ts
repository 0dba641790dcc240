import { useEffect, useState } from 'react';

const REFRESH_MS = 60_000;

/** The current time, refreshed every minute, so "upcoming" and "departed" stay right on an open page. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
