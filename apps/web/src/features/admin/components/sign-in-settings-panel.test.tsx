import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { AdminPage } from './admin-page';

const admin = { ...testUser, isAdmin: true };

beforeEach(() => {
  localStorage.clear();
  signInLocally('cornell', admin);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

it("shows each region's ways in and whether the campus provider's secret is set, never a secret", async () => {
  fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: admin } }),
    'GET /api/admin/verifications': () => ({ body: { submissions: [], nextBefore: null } }),
    'GET /api/admin/sign-in-settings': () => ({
      body: {
        regions: [
          { region: 'cornell', google: true, emailCode: true, oidc: { issuer: 'https://login.example.edu', clientId: 'carpool', label: 'Sign in with NetID', emailDomains: ['cornell.edu'], clientSecretSet: true } },
          { region: 'nj', google: true, emailCode: false, oidc: null },
        ],
      },
    }),
  });
  renderWithApp(<AdminPage />);
  await userEvent.setup().click(screen.getByRole('tab', { name: 'Sign-in' }));
  const cornell = await screen.findByRole('region', { name: 'Cornell' });
  expect(within(cornell).getByText('Code by e-mail on')).toBeInTheDocument();
  expect(within(cornell).getByText('Sign in with NetID')).toBeInTheDocument();
  expect(within(cornell).getByText('Set')).toBeInTheDocument();
  const nj = screen.getByRole('region', { name: 'New Jersey' });
  expect(within(nj).getByText('Campus sign-in off')).toBeInTheDocument();
  expect(within(nj).getByText('Code by e-mail off')).toBeInTheDocument();
});
