import { PROFILE_NAME_MAX_CHARS } from '@carpool/shared/schemas/users';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { EditProfileDialog } from './edit-profile-dialog';

type Answer = { status?: number; body: unknown };

beforeEach(() => {
  localStorage.clear();
  signInLocally();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function setup(answerSave: () => Answer | Promise<Answer>) {
  const fetchMock = fakeServer({
    'GET /api/auth/verify-token': () => ({ body: { valid: true, user: testUser } }),
    'PUT /api/users/profile': answerSave,
  });
  const onClose = vi.fn();
  renderWithApp(<EditProfileDialog open onClose={onClose} user={{ ...testUser, bio: 'Likes podcasts.' }} />);
  const dialog = screen.getByRole('dialog', { name: 'Edit Profile' });
  const saves = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)) as unknown);
  return { dialog: within(dialog), onClose, saves };
}

describe('EditProfileDialog', () => {
  it("shows the shared schema's rules before sending: name required and not too long", async () => {
    const { dialog, saves } = setup(() => ({ body: testUser }));
    const user = userEvent.setup();
    expect(dialog.getByLabelText('Name')).toHaveValue(testUser.name);
    expect(dialog.getByLabelText('Bio')).toHaveValue('Likes podcasts.');

    await user.clear(dialog.getByLabelText('Name'));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Name is required')).toBeInTheDocument();
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByLabelText('Name')).toHaveFocus();

    await user.click(dialog.getByLabelText('Name'));
    await user.paste('x'.repeat(PROFILE_NAME_MAX_CHARS + 1));
    expect(await dialog.findByText(`Use at most ${PROFILE_NAME_MAX_CHARS} characters.`)).toBeInTheDocument();
    expect(saves()).toEqual([]);
  });

  it('shows the e-mail read-only and says why: it comes from the sign-in, and the server refuses any other', async () => {
    const { dialog, saves } = setup(() => ({ body: testUser }));
    const user = userEvent.setup();
    const email = dialog.getByLabelText('E-mail');
    expect(email).toHaveValue(testUser.email);
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription('Your e-mail comes from your sign-in and cannot be changed here.');

    await user.type(email, 'someone.else');
    expect(email).toHaveValue(testUser.email);
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(saves()).toEqual([expect.objectContaining({ email: testUser.email })]);
  });

  it('sends the profile without the avatar, shows Saving..., then says so and closes', async () => {
    const answer = deferred<Answer>();
    const { dialog, onClose, saves } = setup(() => answer.promise);
    const user = userEvent.setup();
    await user.clear(dialog.getByLabelText('Bio'));
    await user.type(dialog.getByLabelText('Bio'), '  Engineering student.  ');
    await user.click(dialog.getByLabelText('Okay with Animals'));
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(saves()).toEqual([
      { name: testUser.name, email: testUser.email, bio: 'Engineering student.', preferences: { ...testUser.preferences, okayWithAnimals: true } },
    ]);
    answer.resolve({ body: { ...testUser, bio: 'Engineering student.' } });
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('puts a server 400 detail under its field and says "Failed to update profile" with the reason', async () => {
    const message = 'Invalid request: body.name must not contain control characters';
    const { dialog, onClose } = setup(() => ({
      status: 400,
      body: { error: message, message, code: 'VALIDATION_FAILED', details: [{ path: 'body.name', message: 'must not contain control characters' }] },
    }));
    const user = userEvent.setup();
    await user.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(`Failed to update profile: ${message}`);
    expect(dialog.getByLabelText('Name')).toHaveAccessibleDescription('must not contain control characters');
    expect(dialog.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
