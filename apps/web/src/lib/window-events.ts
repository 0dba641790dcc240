import { WINDOW_EVENTS } from '@carpool/shared/constants';
import type { Region } from '@carpool/shared/regions';
import { useEffect, useRef } from 'react';

type AuthExpiredReason = 'expired' | 'unauthorized' | 'suspended';

interface AuthExpiredDetail {
  region: Region;
  reason: AuthExpiredReason;
  /** What to tell the person instead of "Your session has expired" (a suspension and its reason). */
  message?: string;
  /** The sender has already told the user in its own words, so the layout shows no second toast. */
  announced?: boolean;
}

/** What an empty ride search hands the ride request form: the places and day it searched for. */
interface RequestRidePrefill {
  from?: string;
  to?: string;
  /** yyyy-mm-dd in the viewer's zone. */
  date?: string;
}

export interface OpenAuthModalDetail {
  /** Which dialog to show; sign-in when absent. */
  mode?: 'sign-in' | 'sign-up';
}

/** The payload each window event carries; events without a payload carry undefined. */
export interface WindowEventDetails {
  [WINDOW_EVENTS.openAuthModal]: OpenAuthModalDetail | undefined;
  [WINDOW_EVENTS.authExpired]: AuthExpiredDetail;
  [WINDOW_EVENTS.openPostRide]: undefined;
  [WINDOW_EVENTS.openRequestRide]: RequestRidePrefill | undefined;
  [WINDOW_EVENTS.serviceUnavailable]: undefined;
}

export type WindowEventName = keyof WindowEventDetails;

export function dispatchWindowEvent<Name extends WindowEventName>(name: Name, detail: WindowEventDetails[Name]): void {
  window.dispatchEvent(new CustomEvent(name, { detail }));
}

/** Asks the layout to show the sign-in (or sign-up) dialog, from anywhere on the page. */
export function openAuthModal(mode: OpenAuthModalDetail['mode'] = 'sign-in'): void {
  dispatchWindowEvent(WINDOW_EVENTS.openAuthModal, { mode });
}

/** Listens to a window event for as long as the component is mounted. */
export function useWindowEvent<Name extends WindowEventName>(
  name: Name,
  handler: (detail: WindowEventDetails[Name]) => void,
): void {
  // The latest handler is called without re-subscribing on every render.
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const listener = (event: Event) => handlerRef.current((event as CustomEvent<WindowEventDetails[Name]>).detail);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name]);
}
