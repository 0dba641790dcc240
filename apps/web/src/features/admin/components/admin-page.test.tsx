import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { AdminPage } from './admin-page';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('AdminPage', () => {
  it('tells a signed-in non-admin they are not allowed, and asks nothing of the server', async () => {
    signInLocally('cornell', { ...testUser, isAdmin: false });
    const fetchMock = fakeServer({ 'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }) });
    renderWithApp(<AdminPage />);
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/admin'))).toEqual([]);
  });

  it('shows the console sections to an admin', async () => {
    const admin = { ...testUser, isAdmin: true };
    signInLocally('cornell', admin);
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: admin } }),
      'GET /api/admin/verifications': () => ({ body: [] }),
    });
    renderWithApp(<AdminPage />);
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    for (const name of ['Verifications', 'Reports', 'Users', 'Audit log']) expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    expect(await screen.findByText('No submissions are waiting for a decision.')).toBeInTheDocument();
  });

  it("opens the console to a region moderator with their region's sections only: verifications, reports and users", async () => {
    const moderator = { ...testUser, isAdmin: false, moderatedRegions: ['cornell'] };
    signInLocally('cornell', moderator);
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: moderator } }),
      'GET /api/admin/verifications': () => ({ body: [] }),
    });
    renderWithApp(<AdminPage />);
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Verifications', 'Reports', 'Users']);
    expect(await screen.findByText('No submissions are waiting for a decision.')).toBeInTheDocument();
  });

  it("opens a platform section's address on a moderator's first section instead", async () => {
    const moderator = { ...testUser, isAdmin: false, moderatedRegions: ['cornell'] };
    signInLocally('cornell', moderator);
    fakeServer({
      'GET /api/auth/verify-token': () => ({ body: { valid: true, user: moderator } }),
      'GET /api/admin/verifications': () => ({ body: [] }),
    });
    renderWithApp(<AdminPage />, { path: '/admin/audit' });
    expect(await screen.findByRole('tab', { name: 'Verifications', selected: true })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Audit log' })).toBeNull();
  });
});
