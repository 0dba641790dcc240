import { z } from 'zod';
import { pagingQuery } from './common.js';
import { SessionUserDto, VerificationStatusSchema } from './users.js';

/** The multipart field names of the verification upload (spec section 7). */
export const VERIFICATION_DOCUMENT_FIELDS = ['licenseFront', 'licenseBack', 'insurance'] as const;
export type VerificationDocumentField = (typeof VERIFICATION_DOCUMENT_FIELDS)[number];

export const SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
const SubmissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export type SubmissionStatus = z.infer<typeof SubmissionStatusSchema>;

const isoDate = z.iso.date();
/** Optional dates: a form sends an empty field when the date was left blank. */
const optionalIsoDate = z
  .string()
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(isoDate.nullable())
  .optional()
  .transform((value) => value ?? null);

/** The text fields of the verification upload; the three images come as files. */
export const VerificationFieldsInput = z.object({
  licenseExpiration: optionalIsoDate,
  insuranceExpiration: optionalIsoDate,
});
export type VerificationFieldsInput = z.infer<typeof VerificationFieldsInput>;

/**
 * The verification form's date rules: VerificationFieldsInput's, and not before `today` (UTC
 * yyyy-mm-dd; the server answers 400 for an expiration date that has passed).
 */
export function verificationFieldsFormSchema(today: string) {
  const notPassed = (what: string) =>
    optionalIsoDate.refine((value) => value === null || value >= today, `The ${what} expiration date has passed`);
  return VerificationFieldsInput.extend({ licenseExpiration: notPassed('license'), insuranceExpiration: notPassed('insurance') });
}

export const VerificationSubmissionDto = z.object({
  id: z.uuid(),
  status: SubmissionStatusSchema,
  licenseExpiration: isoDate.nullable(),
  insuranceExpiration: isoDate.nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  /** Why an administrator rejected the documents (shown to the user); null unless rejected. */
  rejectReason: z.string().nullable(),
  user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  /** URLs of the private documents; they answer only to the owner and admins. */
  documents: z.object({ licenseFront: z.string(), licenseBack: z.string(), insurance: z.string() }),
});
export type VerificationSubmission = z.infer<typeof VerificationSubmissionDto>;

export const VerificationUploadDto = z.object({
  message: z.string(),
  user: SessionUserDto,
  submission: VerificationSubmissionDto,
});

const VERIFICATIONS_PAGE_DEFAULT = 50;
const VERIFICATIONS_PAGE_MAX = 200;

export const AdminVerificationsQuery = pagingQuery(VERIFICATIONS_PAGE_DEFAULT, VERIFICATIONS_PAGE_MAX).extend({
  status: SubmissionStatusSchema.default('pending'),
});

export const AdminVerificationsDto = z.array(VerificationSubmissionDto);

/** The caller's own verification: their state and latest application, with a rejection's reason. */
export const MyVerificationDto = z.object({
  verificationStatus: VerificationStatusSchema,
  submission: VerificationSubmissionDto.nullable(),
});
export type MyVerification = z.infer<typeof MyVerificationDto>;
