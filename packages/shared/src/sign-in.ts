/*
 * The ways in besides Google (docs/decisions/sign-in-methods.md): a code by e-mail and the campus's
 * single sign-on. Their constants and words are a module of their own, beside constants.ts and
 * TEXTS: only the sign-in dialog's chunk and the campus return page need them, not a first paint.
 */

/** A sign-in code sent to a university address: its digits, life and wrong tries (docs/decisions/sign-in-methods.md). */
export const EMAIL_CODE_DIGITS = 6;
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** A campus sign-in, from the button to the provider's answer. */
export const OIDC_SIGN_IN_TTL_MS = 10 * 60_000;
/** The one-time code the web app exchanges for the session once the campus provider answered. */
export const OIDC_HANDOFF_TTL_MS = 2 * 60_000;
/** Where a campus sign-in may return: a path of this app (/nj/my-rides?ride=...), never a URL of another site. */
export const APP_RETURN_PATH = /^\/(?![/\\])[^\s\\]*$/;

/** The words of the code by e-mail and the campus sign-in. */
export const SIGN_IN_TEXTS = {
  or: 'or',
  emailCodeHeading: 'Get a sign-in code by e-mail',
  emailLabel: 'University e-mail',
  sendCode: 'Email me a code',
  sendingCode: 'Sending...',
  /** The answer to every request for a code, whoever asks: it says nothing about who may sign in. */
  codeRequested: 'If this address can sign in here, a code is on its way. It works for 10 minutes.',
  codeSentTo: (email: string) => `We sent a 6-digit code to ${email} if it can sign in here. It works for 10 minutes.`,
  codeLabel: '6-digit code',
  verifyCode: 'Sign in',
  verifyingCode: 'Signing in...',
  useAnotherAddress: 'Use another address',
  sendNewCode: 'Send a new code',
  newCodeSent: 'A new code is on its way.',
  codeFailed: 'The code could not be sent or checked. Please try again.',
  campusConnecting: 'Taking you to your campus sign-in...',
  campusFinishing: 'Finishing your sign-in...',
  campusTryAgain: 'Back to sign-in',
  /** What the return page says for the code the server put in its address. */
  campusErrors: {
    OIDC_STATE_INVALID: 'This sign-in link was already used or has expired. Please start again.',
    OIDC_TOKEN_INVALID: 'Your campus sign-in could not be verified. Please try again.',
    OIDC_EMAIL_UNVERIFIED: 'Your campus account did not share a verified e-mail address.',
    OIDC_DENIED: 'The campus sign-in was cancelled.',
    OIDC_PROVIDER_UNAVAILABLE: 'Your campus sign-in is not answering right now. Please try again in a few minutes, or use another way in.',
    OIDC_HANDOFF_INVALID: 'This sign-in has expired. Please start again.',
    INVALID_EMAIL_DOMAIN: 'This address is not one of the region\'s university domains.',
    ACCOUNT_SUSPENDED: 'Your account has been suspended by an administrator.',
    SIGN_IN_METHOD_UNAVAILABLE: 'This region does not offer campus sign-in.',
  } as Record<string, string>,
  campusErrorFallback: 'The campus sign-in did not work. Please try again.',
} as const;
