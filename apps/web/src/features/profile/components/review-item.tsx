import type { Review } from '@carpool/shared/schemas/reviews';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { formatLocalDate } from '../../../lib/local-date-time';
import { useRegion } from '../../../lib/region';
import { StarRating } from './star-rating';

export function ReviewItem({ review }: { review: Review }) {
  const { toPath } = useRegion();
  return (
    <li className="flex gap-3 rounded-2xl bg-slate-50 p-4 ring-1 ring-slate-200/70 dark:bg-slate-800/50 dark:ring-slate-700/60">
      <Avatar name={review.reviewer.name} src={review.reviewer.avatar} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <Link
            to={toPath(`/profile/${review.reviewer.id}`)}
            className="truncate font-semibold text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-300"
          >
            {review.reviewer.name}
          </Link>
          <time dateTime={review.createdAt} className="text-xs text-slate-500 dark:text-slate-400">
            {formatLocalDate(review.createdAt)}
          </time>
        </div>
        <div className="mt-1">
          <StarRating stars={review.stars} size="sm" />
        </div>
        <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700 dark:text-slate-200">{review.comment}</p>
      </div>
    </li>
  );
}
