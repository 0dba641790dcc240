import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferencesDto } from '@carpool/shared/schemas/notification-preferences';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { NotificationSettingsPage } from './notification-settings-page';

const FEED = 'https://carpool.example.edu/api/calendar-feed/3f9a0c1e7b2d4a6f8e1c3b5d7f9a1c3e.ics';
const SERVER_KEY = 'BNkyQqUzLuoN7qsxrvHh3VztH8eu1mdgoku_NAR4ot5w5D7MogCccg4xLl3wAsKtvW6Yw09AMYVzq--bxDDrIFE';

function preferencesDto(overrides: Partial<NotificationPreferencesDto> = {}): NotificationPreferencesDto {
  return { preferences: structuredClone(DEFAULT_NOTIFICATION_PREFERENCES), calendarFeedUrl: FEED, ...overrides };
}

/** The server of the preferences contract: PUT applies the switches given, as the real one does. */
function serve({ failPut = false } = {}) {
  const state = preferencesDto();
  return fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    'GET /api/notification-preferences': () => ({ body: state }),
    'PUT /api/notification-preferences': (init) => {
      if (failPut) return { status: 503, body: { error: 'down', message: 'down', code: 'SERVICE_UNAVAILABLE' } };
      const { preferences } = JSON.parse(String(init?.body)) as { preferences: Record<string, Record<string, boolean>> };
      for (const [category, switches] of Object.entries(preferences)) Object.assign(state.preferences[category as 'bookings'], switches);
      return { body: state };
    },
    'POST /api/calendar-feed/reset': () => {
      state.calendarFeedUrl = FEED.replace('3f9a', 'b71c');
      return { body: { calendarFeedUrl: state.calendarFeedUrl } };
    },
    'GET /api/push/public-key': () => ({ body: { publicKey: SERVER_KEY } }),
    'POST /api/push/subscriptions': () => ({ status: 204, body: null }),
    'DELETE /api/push/subscriptions': () => ({ status: 204, body: null }),
  });
}

const callsTo = (fetchMock: ReturnType<typeof serve>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === path);

/**
 * The browser side of web push as Chromium offers it: a service worker registration with a push
 * manager, and the notification permission, which changes only through requestPermission.
 */
function installBrowserPush(permissionAnswer: NotificationPermission) {
  let subscription: { endpoint: string; expirationTime: null; options: { applicationServerKey: ArrayBuffer }; toJSON: () => unknown; getKey: () => null; unsubscribe: ReturnType<typeof vi.fn> } | null = null;
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    subscription = {
      endpoint: 'https://push.example.net/send/abc123',
      expirationTime: null,
      options: { applicationServerKey: options.applicationServerKey.slice().buffer },
      toJSON: () => ({ endpoint: 'https://push.example.net/send/abc123', expirationTime: null, keys: { p256dh: 'BPUB', auth: 'AUTH' } }),
      getKey: () => null,
      unsubscribe: vi.fn(async () => {
        subscription = null;
        return true;
      }),
    };
    return subscription;
  });
  const registration = { pushManager: { subscribe, getSubscription: vi.fn(async () => subscription) } };
  const notification = { permission: 'default' as NotificationPermission, requestPermission: vi.fn(async () => (notification.permission = permissionAnswer)) };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: vi.fn(async () => registration) } });
  return { notification, subscribe, current: () => subscription };
}

beforeEach(() => {
  localStorage.clear();
  signInLocally();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('NotificationSettingsPage', () => {
  it('shows a switch per category and channel, and saves one change through the PUT contract', async () => {
    const fetchMock = serve();
    renderWithApp(<NotificationSettingsPage />);
    const bookingsByEmail = await screen.findByRole('switch', { name: 'Bookings by e-mail' });
    expect(bookingsByEmail).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Newsletter by e-mail' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getAllByRole('switch')).toHaveLength(12);

    await userEvent.click(bookingsByEmail);
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', '/api/notification-preferences')).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, 'PUT', '/api/notification-preferences')[0]![1]!.body))).toEqual({
      preferences: { bookings: { email: false } },
    });
    expect(screen.getByRole('switch', { name: 'Bookings by e-mail' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: 'Bookings by push' })).toHaveAttribute('aria-checked', 'true');
  });

  it('puts a switch back and says so when saving fails', async () => {
    serve({ failPut: true });
    renderWithApp(<NotificationSettingsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Messages by push' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be saved');
    expect(screen.getByRole('switch', { name: 'Messages by push' })).toHaveAttribute('aria-checked', 'true');
  });

  it('copies the calendar link, and resets it only after a confirmation', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderWithApp(<NotificationSettingsPage />);
    const link = await screen.findByRole('textbox', { name: 'Your private calendar link' });
    expect(link).toHaveValue(FEED);
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', FEED.replace('https://', 'webcal://'));

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(FEED);
    expect(await screen.findByText('Calendar link copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(callsTo(fetchMock, 'POST', '/api/calendar-feed/reset')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Yes, reset the link' }));
    await waitFor(() => expect(link).toHaveValue(FEED.replace('3f9a', 'b71c')));
    expect(callsTo(fetchMock, 'POST', '/api/calendar-feed/reset')).toHaveLength(1);
  });

  it('asks for the notification permission only after the click, then subscribes with the server key and stores it; turning off deletes it', async () => {
    const fetchMock = serve();
    const browserPush = installBrowserPush('granted');
    const user = userEvent.setup();
    renderWithApp(<NotificationSettingsPage />);
    const pushCard = (await screen.findByRole('heading', { name: 'Push notifications on this device' })).closest('section')!;
    const turnOn = await within(pushCard).findByRole('button', { name: 'Turn on push notifications' });
    expect(browserPush.notification.requestPermission).not.toHaveBeenCalled();

    await user.click(turnOn);
    const turnOff = await within(pushCard).findByRole('button', { name: 'Turn off push notifications' });
    expect(browserPush.notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = browserPush.subscribe.mock.calls[0]![0] as unknown as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    const [saved] = callsTo(fetchMock, 'POST', '/api/push/subscriptions');
    expect(JSON.parse(String(saved![1]!.body))).toEqual({
      endpoint: 'https://push.example.net/send/abc123',
      expirationTime: null,
      keys: { p256dh: 'BPUB', auth: 'AUTH' },
    });

    const subscription = browserPush.current()!;
    await user.click(turnOff);
    await within(pushCard).findByRole('button', { name: 'Turn on push notifications' });
    const [deleted] = callsTo(fetchMock, 'DELETE', '/api/push/subscriptions');
    expect(JSON.parse(String(deleted![1]!.body))).toEqual({ endpoint: 'https://push.example.net/send/abc123' });
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it('says how to allow notifications when the person blocks them, and subscribes nothing', async () => {
    const fetchMock = serve();
    const browserPush = installBrowserPush('denied');
    renderWithApp(<NotificationSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on push notifications' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(browserPush.subscribe).not.toHaveBeenCalled();
    expect(callsTo(fetchMock, 'POST', '/api/push/subscriptions')).toHaveLength(0);
  });

  it('tells a browser without web push that it cannot have it', async () => {
    serve();
    renderWithApp(<NotificationSettingsPage />);
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /push notifications/ })).not.toBeInTheDocument();
  });

  it('still offers push on this device when the settings do not load', async () => {
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
      'GET /api/notification-preferences': () => ({ status: 404, body: { error: 'Not found', message: 'Not found', code: 'NOT_FOUND' } }),
    });
    installBrowserPush('granted');
    renderWithApp(<NotificationSettingsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Calendar feed' })).not.toBeInTheDocument();
  });
});
