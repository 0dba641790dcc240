import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, fakeServer, signInLocally, testUser } from '../../../test/fake-server';
import { renderWithApp } from '../../../test/render-with-app';
import { VerificationDialog } from './verification-dialog';

const FRONT = "Driver's license (front)";
const BACK = "Driver's license (back)";
const INSURANCE = 'Insurance document';

const png = (name: string) => new File(['png'], name, { type: 'image/png' });

beforeEach(() => {
  localStorage.clear();
  signInLocally();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('VerificationDialog checks the server rules first', () => {
  it('shows the missing documents, a non-image and a passed date under their fields and sends nothing; a valid form sends the multipart body and shows Uploading...', async () => {
    const sent: FormData[] = [];
    const answer = deferred<{ status: number; body: unknown }>();
    fakeServer({
      'POST /api/users/upload-verification-docs': (init) => {
        sent.push(init?.body as FormData);
        return answer.promise;
      },
    });
    const onClose = vi.fn();
    renderWithApp(<VerificationDialog open onClose={onClose} />);
    // The file inputs accept images only; a file picker can still hand over another type.
    const user = userEvent.setup({ applyAccept: false });
    expect(screen.getByRole('dialog', { name: 'Driver Verification' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText("Please choose the driver's license (front)")).toBeInTheDocument();
    expect(screen.getByLabelText(FRONT, { exact: false })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(FRONT, { exact: false })).toHaveFocus();
    expect(screen.getByLabelText(BACK, { exact: false })).toHaveAccessibleDescription("Please choose the driver's license (back)");
    expect(screen.getByLabelText(INSURANCE, { exact: false })).toHaveAccessibleDescription('Please choose the insurance document');
    expect(sent).toHaveLength(0);

    await user.upload(screen.getByLabelText(FRONT, { exact: false }), png('front.png'));
    await user.upload(screen.getByLabelText(BACK, { exact: false }), new File(['%PDF'], 'back.pdf', { type: 'application/pdf' }));
    await user.upload(screen.getByLabelText(INSURANCE, { exact: false }), new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'insurance.png', { type: 'image/png' }));
    // The server refuses an expiration date that has passed (400); so does the form.
    fireEvent.change(screen.getByLabelText('License expiration date'), { target: { value: '2020-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('The license expiration date has passed')).toBeInTheDocument();
    expect(screen.getByLabelText('License expiration date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(FRONT, { exact: false })).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText(BACK, { exact: false })).toHaveAccessibleDescription('Please select an image file');
    expect(screen.getByLabelText(INSURANCE, { exact: false })).toHaveAccessibleDescription('Image size must be less than 5MB');
    expect(screen.getByLabelText('Insurance expiration date')).toHaveAttribute('aria-invalid', 'false');
    expect(sent).toHaveLength(0);

    const back = png('back.png');
    const insurance = png('insurance.png');
    await user.upload(screen.getByLabelText(BACK, { exact: false }), back);
    await user.upload(screen.getByLabelText(INSURANCE, { exact: false }), insurance);
    fireEvent.change(screen.getByLabelText('License expiration date'), { target: { value: '2099-01-31' } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(sent).toHaveLength(1);
    const body = sent[0]!;
    expect([...body.keys()]).toEqual(['licenseExpiration', 'insuranceExpiration', 'licenseFront', 'licenseBack', 'insurance']);
    expect(body.get('licenseExpiration')).toBe('2099-01-31');
    expect(body.get('insuranceExpiration')).toBe('');
    expect((body.get('licenseFront') as File).name).toBe('front.png');
    expect((body.get('licenseBack') as File).name).toBe('back.png');
    expect((body.get('insurance') as File).name).toBe('insurance.png');

    const documents = { licenseFront: '/api/files/a', licenseBack: '/api/files/b', insurance: '/api/files/c' };
    answer.resolve({
      status: 201,
      body: {
        message: 'Documents uploaded',
        user: { ...testUser, verificationStatus: 'pending' },
        submission: {
          id: '0b7c6f2e-6f0e-4e36-9d1a-2a5c5c1f0e01',
          status: 'pending',
          licenseExpiration: '2099-01-31',
          insuranceExpiration: null,
          createdAt: '2026-03-10T15:00:00.000Z',
          decidedAt: null,
          rejectReason: null,
          user: { id: testUser.id, name: testUser.name, email: testUser.email },
          documents,
        },
      },
    });
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Documents submitted. We will review them shortly.')).toBeInTheDocument();
  });

  it("shows the server's refusal as the form's alert", async () => {
    fakeServer({
      'POST /api/users/upload-verification-docs': () => ({
        status: 409,
        body: { error: 'Your documents are already being reviewed', message: 'Your documents are already being reviewed', code: 'CONFLICT' },
      }),
    });
    renderWithApp(<VerificationDialog open onClose={() => undefined} />);
    const user = userEvent.setup();
    for (const label of [FRONT, BACK, INSURANCE]) await user.upload(screen.getByLabelText(label, { exact: false }), png(`${label}.png`));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to upload documents: Your documents are already being reviewed');
  });
});
