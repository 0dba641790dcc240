import type { NotificationPreferences } from '@carpool/shared/schemas/notification-preferences';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useRegion } from '../../../lib/region';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useResetCalendarFeed } from '../api/reset-calendar-feed';
import { useUpdateNotificationPreference, type PreferenceSwitch } from '../api/update-notification-preferences';
import { CATEGORIES, CATEGORY_LABELS, CHANNEL_LABELS, CHANNELS, webcalUrl } from '../utils/category-labels';
import { PushToggle } from './push-toggle';

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800">
      <h2 id={headingId} className="text-lg font-bold text-slate-900 dark:text-white">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** The profile's notification settings: what reaches the person by e-mail and push, push on this browser, the calendar feed. */
export function NotificationSettingsPage() {
  const { toPath } = useRegion();
  const preferences = useNotificationPreferences();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div>
        <Link
          to={toPath('/profile')}
          className="rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-brand-300"
        >
          ← Profile
        </Link>
        <h1 className="mt-2 text-2xl font-extrabold tracking-tight text-slate-900 dark:text-white">Notifications</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Choose what reaches you outside Carpool. The bell in the header always shows everything.</p>
      </div>
      <Card title="What reaches you" description="Each kind of notification, by e-mail and as a push notification on the devices where you turned push on.">
        {preferences.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading your notification settings" />
          </div>
        ) : preferences.isError ? (
          <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800 dark:bg-red-950/50 dark:text-red-200">
            {isApiError(preferences.error) && preferences.error.status !== 0 ? preferences.error.message : 'Your notification settings could not be loaded.'}
          </p>
        ) : (
          <PreferencesTable preferences={preferences.data.preferences} />
        )}
      </Card>
      {/* Push on this device depends on the browser, not on the settings above: it works even when they did not load. */}
      <Card title="Push notifications on this device">
        <PushToggle />
      </Card>
      {preferences.data ? (
        <Card
          title="Calendar feed"
          description="Your rides and bookings in your phone's or computer's calendar. The link is private: anyone who has it sees your rides. Reset it if you shared it by mistake."
        >
          <CalendarFeed url={preferences.data.calendarFeedUrl} />
        </Card>
      ) : null}
    </div>
  );
}

function PreferencesTable({ preferences }: { preferences: NotificationPreferences }) {
  const update = useUpdateNotificationPreference();
  const { showToast } = useToast();
  const change = (input: PreferenceSwitch) =>
    update.mutate(input, { onError: () => showToast({ message: 'Your choice could not be saved. Please try again.', tone: 'error' }) });
  return (
    <table className="w-full text-left">
      <thead>
        <tr className="border-b border-slate-200 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-300">
          <th scope="col" className="pb-2 font-semibold">
            <span className="sr-only">Kind of notification</span>
          </th>
          {CHANNELS.map((channel) => (
            <th key={channel} scope="col" className="w-16 pb-2 text-center font-semibold sm:w-24">
              {CHANNEL_LABELS[channel]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {CATEGORIES.map((category) => (
          <tr key={category}>
            <th scope="row" className="py-3 pr-2 font-normal">
              <span className="block font-semibold text-slate-900 dark:text-white">{CATEGORY_LABELS[category].name}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-300">{CATEGORY_LABELS[category].description}</span>
            </th>
            {CHANNELS.map((channel) => (
              <td key={channel} className="py-3 text-center">
                <Switch
                  checked={preferences[category][channel]}
                  label={`${CATEGORY_LABELS[category].name} by ${CHANNEL_LABELS[channel].toLowerCase()}`}
                  onChange={(on) => change({ category, channel, on })}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CalendarFeed({ url }: { url: string }) {
  const reset = useResetCalendarFeed();
  const { showToast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ message: 'Calendar link copied', tone: 'success' });
    } catch {
      showToast({ message: 'The link could not be copied; select it and copy it by hand.', tone: 'error' });
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={inputId} className="text-sm font-semibold text-slate-900 dark:text-white">
        Your private calendar link
      </label>
      <input
        id={inputId}
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="w-full rounded-xl border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base text-slate-800 sm:text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void copy()}>
          Copy link
        </Button>
        <a href={webcalUrl(url)} className={buttonClasses('secondary', 'sm')}>
          Add to calendar
        </a>
        {confirming ? (
          <>
            <Button
              size="sm"
              variant="danger"
              disabled={reset.isPending}
              onClick={() =>
                reset.mutate(undefined, {
                  onSuccess: () => {
                    setConfirming(false);
                    showToast({ message: 'New calendar link made; the old one no longer works', tone: 'success' });
                  },
                  onError: () => showToast({ message: 'The link could not be reset. Please try again.', tone: 'error' }),
                })
              }
            >
              Yes, reset the link
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </>
        ) : (
          <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
            Reset link
          </Button>
        )}
      </div>
      {confirming ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          Calendars subscribed to the current link will stop updating; you will need to add the new one.
        </p>
      ) : null}
    </div>
  );
}
