import type { Ride } from '@carpool/shared/schemas/rides';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageBubble } from '../../features/messages/components/message-bubble';
import { ReportMessage } from '../../features/messages/components/report-message';
import { RideRequestList } from '../../features/ride-requests/components/ride-request-list';
import { ownRequest, rideRequest } from '../../features/ride-requests/test/ride-request-fixture';
import { RideDetailModal } from '../../features/rides/components/ride-detail-modal';
import { rideFixture } from '../../features/rides/test/ride-fixture';
import { SafetyActionsProvider } from '../../lib/safety-actions';
import { fakeServer, signInLocally, testUser } from '../../test/fake-server';
import { renderWithApp } from '../../test/render-with-app';
import { renderSafetyActions } from './trust-slots';

const RIDE = '0f8c2a31-5b6d-4e7f-9a0b-1c2d3e4f5a6b';
const DRIVER = rideFixture().driver!;
const MESSAGE = '2c4e6a8b-0d1f-4a3c-8e5b-7d9f1a3c5e70';

function ride(overrides: Partial<Ride> = {}): Ride {
  return rideFixture({ id: RIDE, from: 'ithaca', to: 'boston', driver: DRIVER, ...overrides });
}

const reportAnswer = (body: Record<string, unknown>) => ({
  status: 201,
  body: { id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0a09', ...body, status: 'open', action: null, resolutionNote: null, createdAt: '2026-03-10T15:00:00.000Z', resolvedAt: null },
});

/** Answers as the server would: the reports and blocks it received, and the blocked list after them. */
function trustServer(extra: Record<string, Parameters<typeof fakeServer>[0][string]>) {
  const reports: Record<string, unknown>[] = [];
  const blocked: string[] = [];
  const fetchMock = fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    'GET /api/users/me/blocks': () => ({ body: { blocked: [] } }),
    'POST /api/reports': (init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      reports.push(body);
      return reportAnswer(body);
    },
    [`POST /api/users/${DRIVER.id}/block`]: () => {
      blocked.push(DRIVER.id);
      return { body: { blocked: [] } };
    },
    ...extra,
  });
  return { reports, blocked, fetchMock };
}

const withSafety = (element: ReactElement) => renderWithApp(<SafetyActionsProvider value={renderSafetyActions}>{element}</SafetyActionsProvider>);

beforeEach(() => {
  localStorage.clear();
  signInLocally();
});
afterEach(() => vi.unstubAllGlobals());

describe('Report and Block on ride details', () => {
  it('reports the ride and the driver', async () => {
    const { reports } = trustServer({ [`GET /api/rides/${RIDE}`]: () => ({ body: ride() }) });
    const user = userEvent.setup();
    withSafety(<RideDetailModal rideId={RIDE} onClose={vi.fn()} />);
    const details = await screen.findByRole('dialog', { name: 'Ithaca → Boston' });
    const safety = within(details).getByRole('region', { name: 'Report or block' });

    // Report and Block come in a chunk of their own, after the dialog.
    await user.click(await within(safety).findByRole('button', { name: 'Report ride' }));
    const form = await screen.findByRole('dialog', { name: 'Report the ride Ithaca → Boston' });
    await user.selectOptions(within(form).getByLabelText('Reason'), 'scam');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Report the ride/ })).not.toBeInTheDocument());

    await user.click(within(safety).getByRole('button', { name: 'Report driver' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Report Grace Hopper' })).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(reports).toHaveLength(2));
    expect(reports).toEqual([
      { targetType: 'ride', targetId: RIDE, reason: 'scam', details: '' },
      { targetType: 'user', targetId: DRIVER.id, reason: 'harassment', details: '' },
    ]);
  });

  it('blocks the driver after the confirmation and closes the ride dialog', async () => {
    const { blocked } = trustServer({ [`GET /api/rides/${RIDE}`]: () => ({ body: ride() }) });
    const onClose = vi.fn();
    const user = userEvent.setup();
    withSafety(<RideDetailModal rideId={RIDE} onClose={onClose} />);
    await user.click(await screen.findByRole('button', { name: 'Block Grace Hopper' }));
    const question = await screen.findByRole('alertdialog', { name: 'Block Grace Hopper?' });
    expect(blocked).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(blocked).toEqual([DRIVER.id]);
  });

  it('shows the driver no way to report or block themself', async () => {
    trustServer({ [`GET /api/rides/${RIDE}`]: () => ({ body: ride({ driver: { ...DRIVER, id: testUser.id }, canDelete: true }) }) });
    withSafety(<RideDetailModal rideId={RIDE} onClose={vi.fn()} />);
    await screen.findByRole('button', { name: 'Edit ride' });
    expect(screen.queryByRole('region', { name: 'Report or block' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Report|Block/ })).not.toBeInTheDocument();
  });
});

describe('Report and Block on ride request cards', () => {
  const request = rideRequest();
  const author = request.passenger!;

  it('blocks the author from the keyboard, and the list is read again without their request', async () => {
    let list = [request, ownRequest()];
    const blocked: string[] = [];
    trustServer({
      'GET /api/ride-requests': () => ({ body: list }),
      [`POST /api/users/${author.id}/block`]: () => {
        blocked.push(author.id);
        list = list.filter((row) => row.passenger?.id !== author.id);
        return { body: { blocked: [] } };
      },
    });
    const user = userEvent.setup();
    withSafety(<RideRequestList />);
    const menuButton = await screen.findByRole('button', { name: "More actions for Grace's request" });
    // Only the other person's request has the menu.
    expect(screen.getAllByRole('button', { name: /More actions/ })).toHaveLength(1);

    menuButton.focus();
    await user.keyboard('{Enter}');
    const menu = screen.getByRole('menu', { name: "More actions for Grace's request" });
    expect(within(menu).getByRole('menuitem', { name: 'Report request' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Block Grace' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const question = await screen.findByRole('alertdialog', { name: 'Block Grace?' });
    await user.click(within(question).getByRole('button', { name: 'Block' }));

    // While the question is open it hides the list from the queries: wait for it to close first.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument());
    expect(blocked).toEqual([author.id]);
    expect(screen.getByText('Showing 1 ride request')).toBeInTheDocument();
  });

  it('reports the request, and Escape closes the menu back onto its button', async () => {
    const { reports } = trustServer({ 'GET /api/ride-requests': () => ({ body: [request] }) });
    const user = userEvent.setup();
    withSafety(<RideRequestList />);
    const menuButton = await screen.findByRole('button', { name: "More actions for Grace's request" });
    await user.click(menuButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Report request' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Report this ride request' })).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(reports).toEqual([{ targetType: 'ride_request', targetId: request.id, reason: 'harassment', details: '' }]));
    // The dialog gives the focus back to the menu button it was opened from.
    await waitFor(() => expect(menuButton).toHaveFocus());
  });
});

describe('Report on a message', () => {
  it('reports one direct message from the flag beside it', async () => {
    const { reports } = trustServer({});
    const user = userEvent.setup();
    withSafety(
      <ol>
        <MessageBubble content="Nasty words" time="2026-03-10T15:00:00.000Z" own={false} actions={<ReportMessage type="direct_message" id={MESSAGE} authorName="Dan" />} />
      </ol>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Report message from Dan' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const form = await screen.findByRole('dialog', { name: 'Report a message from Dan' });
    await user.selectOptions(within(form).getByLabelText('Reason'), 'inappropriate_content');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(reports).toEqual([{ targetType: 'direct_message', targetId: MESSAGE, reason: 'inappropriate_content', details: '' }]));
  });
});
