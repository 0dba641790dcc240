import type { ReviewType } from '@carpool/shared/schemas/reviews';
import type { TabItem } from '../../../components/ui/tabs';

export const REVIEW_TABS: readonly TabItem<ReviewType>[] = [
  { id: 'driver', label: 'Driver' },
  { id: 'passenger', label: 'Passenger' },
];

const EMPTY_TEXT: Record<ReviewType, string> = {
  driver: 'No reviews as a driver yet.',
  passenger: 'No reviews as a passenger yet.',
};

export function EmptyReviews({ type }: { type: ReviewType }) {
  return <p className="rounded-2xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500 dark:border-slate-700 dark:text-slate-400">{EMPTY_TEXT[type]}</p>;
}
