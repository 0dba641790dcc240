import { REGION_HEADER, type Region } from '@carpool/shared/regions';
import { ApiError } from './api-client';
import { getToken } from './storage';

/** How long the browser keeps the downloaded bytes' object URL: the save has begun well before. */
const OBJECT_URL_LIFETIME_MS = 10_000;

/**
 * A file behind the bearer token (the data export, the subscriber list): a link cannot send the
 * token, so the bytes are fetched and handed to the browser as a download, under the file name the
 * server gives. A refusal or a lost connection is an ApiError with `failureMessage`.
 */
export async function downloadFile(path: string, options: { region: Region; fallbackName: string; failureMessage: string }): Promise<void> {
  const token = getToken(options.region);
  let response: Response;
  try {
    response = await fetch(path, { headers: { [REGION_HEADER]: options.region, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new ApiError(options.failureMessage, 0, 'NETWORK_ERROR');
  }
  if (!response.ok) throw new ApiError(options.failureMessage, response.status, 'HTTP_ERROR');
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? options.fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
