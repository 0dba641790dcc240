import type { Region } from '@carpool/shared/regions';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/admin/subscribers.csv: every confirmed subscriber, saved by the browser as a file. */
export function downloadSubscribersCsv(region: Region): Promise<void> {
  return downloadFile('/api/admin/subscribers.csv', {
    region,
    fallbackName: 'carpool-subscribers.csv',
    failureMessage: 'The subscriber list could not be downloaded. Please try again.',
  });
}
