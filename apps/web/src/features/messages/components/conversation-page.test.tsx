import type { DirectMessage } from '@carpool/shared/schemas/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppRoot } from '../../../app/root';
import { setSocketFactory } from '../../../lib/socket';
import { allowConsoleErrors } from '../../../test/console-errors';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { fakeSocketFactory } from '../../../test/fake-socket';
import { renderWithApp } from '../../../test/render-with-app';
import { ConversationPage } from './conversation-page';

const GRACE_ID = '7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e01';
const STRANGER_ID = '7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e09';
const grace = {
  id: GRACE_ID,
  name: 'Grace Hopper',
  avatar: null,
  avatarColor: 'avatar-color-2',
  bio: '',
  college: 'cornell',
  preferences: testUser.preferences,
  verificationStatus: 'none',
  driverVerified: false,
  stats: { reviewCount: 0, averageRating: 0, ridesAsDriver: 0, ridesAsPassenger: 0, impact: { milesShared: 0, co2SavedKg: 0, moneySaved: 0 } },
};
let sequence = 0;

function direct(content: string, senderId: string, receiverId: string, minute: number): DirectMessage {
  sequence += 1;
  return {
    id: `4d3c2b1a-0f9e-4d8c-9b7a-${String(sequence).padStart(12, '0')}`,
    senderId,
    receiverId,
    content,
    createdAt: `2026-03-12T19:${String(minute).padStart(2, '0')}:00.000Z`,
    read: true,
  };
}

let sockets: ReturnType<typeof fakeSocketFactory>;

beforeEach(() => {
  localStorage.clear();
  sockets = fakeSocketFactory();
  setSocketFactory(sockets.factory);
});

afterEach(() => {
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

interface Answers {
  history?: () => { status?: number; body: unknown };
  send?: () => { status?: number; body: unknown };
  /** The people the signed-in user blocked. */
  blocked?: () => Array<{ id: string; name: string }>;
}

const blockedRefusal = {
  status: 403,
  body: { error: 'You cannot message this person: one of you has blocked the other', code: 'USER_BLOCKED' },
};

function serve({ history = () => ({ body: [] }), send = () => ({ status: 500, body: { error: 'no', code: 'INTERNAL_ERROR' } }), blocked = () => [] }: Answers) {
  return fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    'GET /api/users/me/blocks': () => ({
      body: { blocked: blocked().map((person) => ({ ...person, avatar: null, avatarColor: null, blockedAt: '2026-03-12T18:00:00.000Z' })) },
    }),
    [`GET /api/users/${GRACE_ID}`]: () => ({ body: grace }),
    [`GET /api/conversation-messages/conversation/${GRACE_ID}`]: history,
    'POST /api/conversation-messages/send': send,
    'GET /api/conversation-messages/inbox': () => ({ body: [] }),
    'GET /api/notifications': () => ({ body: { notifications: [], unreadCount: 0 } }),
  });
}

function renderConversation() {
  signInLocally();
  return renderWithApp(
    [
      {
        element: <AppRoot />,
        children: [
          { path: '/conversation-messages/:userId', element: <ConversationPage /> },
          { path: '/profile/:userId', element: <p>profile page</p> },
        ],
      },
    ],
    { path: `/conversation-messages/${GRACE_ID}` },
  );
}

describe('ConversationPage', () => {
  it("shows the other person's name and avatar, Back to Profile, and the empty text", async () => {
    serve({});
    const { router } = renderConversation();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Grace Hopper' })).toHaveTextContent('GH');
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type a message...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await userEvent.click(screen.getByRole('link', { name: 'Back to Profile' }));
    expect(router.state.location.pathname).toBe(`/profile/${GRACE_ID}`);
  });

  it('puts own messages on the right and the other person on the left', async () => {
    serve({ history: () => ({ body: [direct('Hello!', GRACE_ID, testUser.id, 1), direct('Hi Grace', testUser.id, GRACE_ID, 2)] }) });
    renderConversation();
    const items = within(await screen.findByRole('log', { name: 'Messages with Grace Hopper' })).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('data-own'))).toEqual(['false', 'true']);
  });

  it('enables Send only for text that is not blank, and sends it', async () => {
    const sent = direct('Are you driving Friday?', testUser.id, GRACE_ID, 3);
    const fetchMock = serve({ send: () => ({ status: 201, body: sent }) });
    renderConversation();
    const box = await screen.findByPlaceholderText('Type a message...');
    const user = userEvent.setup();
    await user.type(box, '   ');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(box, 'Are you driving Friday?');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Are you driving Friday?')).toBeInTheDocument();
    const send = fetchMock.mock.calls.find(([url]) => String(url) === '/api/conversation-messages/send');
    expect(JSON.parse(String(send?.[1]?.body))).toEqual({ receiverId: GRACE_ID, content: 'Are you driving Friday?' });
  });

  it('says when sending failed and keeps the text', async () => {
    serve({});
    // The send is refused, and the page logs the failure.
    allowConsoleErrors(/^Failed to send message ApiError: no$/);
    renderConversation();
    const box = await screen.findByPlaceholderText('Type a message...');
    await userEvent.type(box, 'Hello?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message');
    expect(box).toHaveValue('Hello?');
  });

  it('says when the other account no longer exists', async () => {
    serve({ send: () => ({ status: 404, body: { error: 'User not found', code: 'NOT_FOUND' } }) });
    allowConsoleErrors(/^Failed to send message ApiError: User not found$/);
    renderConversation();
    const box = await screen.findByPlaceholderText('Type a message...');
    await userEvent.type(box, 'Still coming?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('This account no longer exists, so the message cannot be delivered.');
  });

  it('turns the composer off and says why when you blocked the person', async () => {
    const fetchMock = serve({ history: () => ({ body: [direct('Hello!', GRACE_ID, testUser.id, 1)] }), blocked: () => [{ id: GRACE_ID, name: grace.name }] });
    renderConversation();
    expect(await screen.findByText('You blocked this person.')).toBeInTheDocument();
    // The conversation still reads; only writing is off.
    expect(screen.getByText('Hello!')).toBeInTheDocument();
    const box = screen.getByPlaceholderText('Type a message...');
    expect(box).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(screen.queryByText('Failed to send message')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/conversation-messages/send')).toBe(false);
  });

  it("turns the composer off when the server refuses the message as blocked (USER_BLOCKED), saying you can't message them", async () => {
    let sends = 0;
    serve({
      send: () => {
        sends += 1;
        return blockedRefusal;
      },
    });
    renderConversation();
    const box = await screen.findByPlaceholderText('Type a message...');
    await userEvent.type(box, 'Hello?{Enter}');
    expect(await screen.findByText("You can't message this person.")).toBeInTheDocument();
    expect(screen.queryByText('Failed to send message')).not.toBeInTheDocument();
    expect(box).toBeDisabled();
    expect(box).toHaveValue('Hello?');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(sends).toBe(1);
  });

  it('says "You blocked this person." when the refusal comes from a block made elsewhere (another tab)', async () => {
    let blockedNow = false;
    serve({
      blocked: () => (blockedNow ? [{ id: GRACE_ID, name: grace.name }] : []),
      send: () => {
        blockedNow = true;
        return blockedRefusal;
      },
    });
    renderConversation();
    const box = await screen.findByPlaceholderText('Type a message...');
    await userEvent.type(box, 'Hello?{Enter}');
    expect(await screen.findByText('You blocked this person.')).toBeInTheDocument();
    expect(screen.queryByText("You can't message this person.")).not.toBeInTheDocument();
    expect(box).toBeDisabled();
  });

  it('says when the conversation could not be loaded', async () => {
    serve({ history: () => ({ status: 403, body: { error: 'no', code: 'FORBIDDEN' } }) });
    renderConversation();
    expect(await screen.findByText('Failed to load conversation')).toBeInTheDocument();
  });

  it('shows a message from the other person live and reads it at once', async () => {
    let reads = 0;
    const fetchMock = serve({
      history: () => {
        reads += 1;
        return { body: [] };
      },
    });
    renderConversation();
    await screen.findByText('No messages yet. Start the conversation!');
    const live = direct('I am outside', GRACE_ID, testUser.id, 4);
    act(() => {
      sockets.latest()!.serverEmit('direct-message', live);
      sockets.latest()!.serverEmit('direct-message', direct('Not for this page', STRANGER_ID, testUser.id, 5));
    });
    expect(await screen.findByText('I am outside')).toBeInTheDocument();
    expect(screen.queryByText('Not for this page')).not.toBeInTheDocument();
    await waitFor(() => expect(reads).toBe(2));
    const catchUp = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/conversation/'));
    expect(catchUp.at(-1)).toContain(`after=${live.id}`);
  });
});
