import type { AdminSubscribers } from '@carpool/shared/schemas/subscriptions';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatLocalDateTime } from '../../../lib/local-date-time';
import { useRegion, useRegionName } from '../../../lib/region';
import { downloadSubscribersCsv } from '../api/download-subscribers-csv';
import { useAdminSubscribers } from '../api/get-admin-subscribers';
import { ActionError } from './action-error';
import { cardClasses, mutedClasses } from './admin-classes';

/** The newsletter's confirmed subscribers, the counts, and the CSV export for the mailing tool. */
export function SubscribersPanel() {
  const regionName = useRegionName();
  const query = useAdminSubscribers();
  if (query.isPending) return <p className={mutedClasses}>Loading subscribers...</p>;
  if (query.isLoadingError) return <ActionError error={query.error} />;
  const subscribers = query.data.pages.flatMap((page) => page.subscribers);
  // The counts of the latest page read: each page carries them.
  const { counts } = query.data.pages.at(-1)!;
  return (
    <div className="flex flex-col gap-4">
      <Summary counts={counts} />
      {subscribers.length === 0 ? (
        <p className={mutedClasses}>No confirmed subscribers yet.</p>
      ) : (
        <ul className={`${cardClasses} divide-y divide-slate-100 dark:divide-slate-800`} aria-label="Confirmed subscribers, the latest confirmed first">
          {subscribers.map((subscriber) => (
            <li key={subscriber.id} className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="break-all font-medium text-slate-900 dark:text-white">{subscriber.email}</span>
              <span className={`${mutedClasses} sm:shrink-0`}>
                {regionName(subscriber.region)} · confirmed {formatLocalDateTime(subscriber.confirmedAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {(query.isFetchNextPageError || query.isRefetchError) && <ActionError error={query.error} />}
      {query.hasNextPage && (
        <Button variant="secondary" className="self-start" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load older subscribers'}
        </Button>
      )}
    </div>
  );
}

function Summary({ counts }: { counts: AdminSubscribers['counts'] }) {
  const { region } = useRegion();
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const download = async () => {
    setDownloading(true);
    setFailure(null);
    try {
      await downloadSubscribersCsv(region);
    } catch (error) {
      setFailure(error);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className={`${cardClasses} flex flex-wrap items-center justify-between gap-3`}>
      <dl className="flex gap-6">
        <div>
          <dt className={mutedClasses}>Confirmed</dt>
          <dd className="text-2xl font-bold text-slate-900 dark:text-white">{counts.confirmed}</dd>
        </div>
        <div>
          <dt className={mutedClasses}>Waiting for confirmation</dt>
          <dd className="text-2xl font-bold text-slate-900 dark:text-white">{counts.pending}</dd>
        </div>
      </dl>
      <div className="flex flex-col items-start gap-2">
        <Button variant="secondary" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
          {downloading ? 'Downloading...' : 'Download CSV'}
        </Button>
        <ActionError error={failure} />
      </div>
    </div>
  );
}
