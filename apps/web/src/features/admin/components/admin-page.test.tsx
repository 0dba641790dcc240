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
});
