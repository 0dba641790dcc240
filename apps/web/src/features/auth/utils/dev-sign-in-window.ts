const DEV_SIGN_IN_PATH = '/dev-sign-in';
export const DEV_ID_TOKEN_MESSAGE = 'dev-id-token';

export interface DevIdTokenMessage {
  type: typeof DEV_ID_TOKEN_MESSAGE;
  tokenId: string;
}

function isDevIdTokenMessage(data: unknown): data is DevIdTokenMessage {
  const message = data as Partial<DevIdTokenMessage> | null;
  return typeof message === 'object' && message !== null && message.type === DEV_ID_TOKEN_MESSAGE && typeof message.tokenId === 'string';
}

/** The user closed the window without signing in: not an error worth showing. */
export class DevSignInCancelled extends Error {
  override name = 'DevSignInCancelled';
}

const CLOSED_POLL_MS = 500;
const CLOSED_GRACE_MS = 1_000;

/**
 * Opens the development sign-in window, the stand-in for Google's popup, and resolves with the ID
 * token it posts back. Must be called from a click so that the browser allows the window.
 */
export function openDevSignInWindow(): Promise<string> {
  const popup = window.open(DEV_SIGN_IN_PATH, 'dev-sign-in', 'popup,width=440,height=560');
  if (!popup) return Promise.reject(new Error('The sign-in window was blocked. Please allow pop-ups and try again.'));
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(closedTimer);
      clearTimeout(cancelTimer);
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own page may hand us a token.
      // The window posts and closes at once, so on a busy machine the message can arrive after it
      // is gone, when its source reads null; the origin check is what guards the token.
      if (event.origin !== window.location.origin) return;
      if (event.source !== popup && !(event.source === null && popup.closed)) return;
      if (!isDevIdTokenMessage(event.data)) return;
      cleanUp();
      resolve(event.data.tokenId);
    };
    let cancelTimer: ReturnType<typeof setTimeout> | undefined;
    const closedTimer = setInterval(() => {
      if (!popup.closed || cancelTimer) return;
      // A message posted just before closing may still be queued: give it a moment.
      cancelTimer = setTimeout(() => {
        cleanUp();
        reject(new DevSignInCancelled('The sign-in window was closed'));
      }, CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
