import type { AdminFeedback } from '@carpool/shared/schemas/feedback';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { formatLocalDateTime } from '../../../lib/local-date-time';
import { useRegion, useRegionName } from '../../../lib/region';
import { useAdminFeedback } from '../api/get-admin-feedback';
import { useMarkFeedbackHandled } from '../api/mark-feedback-handled';
import { ActionError } from './action-error';
import { badgeClasses, cardClasses, mutedClasses } from './admin-classes';

/** The messages of the feedback form, newest first, a page at a time. */
export function FeedbackInbox() {
  const query = useAdminFeedback();
  if (query.isPending) return <p className={mutedClasses}>Loading feedback...</p>;
  if (query.isLoadingError) return <ActionError error={query.error} />;
  const items = query.data.pages.flatMap((page) => page.feedback);
  if (items.length === 0) return <p className={mutedClasses}>No feedback yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-4">
        {items.map((item) => (
          <li key={item.id}>
            <FeedbackCard item={item} />
          </li>
        ))}
      </ul>
      {(query.isFetchNextPageError || query.isRefetchError) && <ActionError error={query.error} />}
      {query.hasNextPage && (
        <Button variant="secondary" className="self-start" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {query.isFetchingNextPage ? 'Loading...' : 'Load older feedback'}
        </Button>
      )}
    </div>
  );
}

/** Who sent it, as the card's name says it: the account, else the typed address. */
function senderLabel(item: AdminFeedback): string {
  return item.sender?.name ?? item.email ?? 'a signed-out visitor';
}

function FeedbackCard({ item }: { item: AdminFeedback }) {
  const regionName = useRegionName();
  const { toPath } = useRegion();
  const markHandled = useMarkFeedbackHandled();
  const { handledAt } = item;
  return (
    <article className={cardClasses} aria-label={`Feedback from ${senderLabel(item)}, ${formatLocalDateTime(item.createdAt)}`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${badgeClasses} ${handledAt ? 'bg-slate-100 text-slate-700' : 'bg-amber-100 text-amber-800'}`}>{handledAt ? 'Handled' : 'Waiting'}</span>
        <span className={`${badgeClasses} bg-brand-50 text-brand-700`}>{regionName(item.region)}</span>
        <span className={mutedClasses}>{formatLocalDateTime(item.createdAt)}</span>
      </div>
      <p className="mt-2 whitespace-pre-line break-words text-slate-900 dark:text-white">{item.comment}</p>
      <p className={`${mutedClasses} mt-2`}>
        From{' '}
        {item.sender ? (
          <>
            <Link className="font-semibold underline" to={toPath(`/profile/${item.sender.id}`)}>
              {item.sender.name}
            </Link>
            {item.sender.email && ` (${item.sender.email})`}
          </>
        ) : (
          'a signed-out visitor'
        )}
        {item.email ? (
          <>
            {' · reply to '}
            <a className="font-semibold underline" href={`mailto:${item.email}`}>
              {item.email}
            </a>
          </>
        ) : (
          // The account's address is a way to answer; without one, say there is none.
          !item.sender?.email && ' · no reply address given'
        )}
      </p>
      {handledAt ? (
        <p className={`${mutedClasses} mt-1`}>
          Handled {item.handledBy ? `by ${item.handledBy.name}` : 'with the admin command'} on {formatLocalDateTime(handledAt)}
        </p>
      ) : (
        <div className="mt-3 flex flex-col items-start gap-2">
          <Button size="sm" variant="secondary" disabled={markHandled.isPending} aria-busy={markHandled.isPending || undefined} onClick={() => markHandled.mutate(item.id)}>
            {markHandled.isPending ? 'Marking...' : 'Mark handled'}
          </Button>
          <ActionError error={markHandled.error} />
        </div>
      )}
    </article>
  );
}
