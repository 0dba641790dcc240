import { z } from 'zod';
import { pagingQuery } from './common.js';
import { BookingStatusSchema } from './rides.js';

const REPORT_TARGET_TYPES = ['user', 'ride', 'ride_request', 'message', 'direct_message'] as const;
const ReportTargetTypeSchema = z.enum(REPORT_TARGET_TYPES);
export type ReportTargetType = z.infer<typeof ReportTargetTypeSchema>;

export const REPORT_REASONS = [
  'unsafe_driving',
  'harassment',
  'no_show',
  'scam',
  'inappropriate_content',
  'fake_profile',
  'other',
] as const;
const ReportReasonSchema = z.enum(REPORT_REASONS);
export type ReportReason = z.infer<typeof ReportReasonSchema>;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  unsafe_driving: 'Unsafe driving',
  harassment: 'Harassment',
  no_show: 'No-show',
  scam: 'Scam or fraud',
  inappropriate_content: 'Inappropriate content',
  fake_profile: 'Fake profile',
  other: 'Something else',
};

export const REPORT_DETAILS_MAX = 1000;

export const CreateReportInput = z.object({
  targetType: ReportTargetTypeSchema,
  targetId: z.uuid(),
  reason: ReportReasonSchema,
  details: z.string().trim().max(REPORT_DETAILS_MAX).default(''),
});
export type CreateReportInput = z.infer<typeof CreateReportInput>;

const REPORT_ACTIONS = ['dismiss', 'warn', 'hide_content', 'suspend_user'] as const;
const ReportActionSchema = z.enum(REPORT_ACTIONS);
export type ReportAction = z.infer<typeof ReportActionSchema>;

const UserRef = z.object({ id: z.uuid(), name: z.string() });

export const ReportDto = z.object({
  id: z.uuid(),
  targetType: ReportTargetTypeSchema,
  targetId: z.uuid(),
  reason: ReportReasonSchema,
  details: z.string(),
  status: z.enum(['open', 'resolved']),
  action: ReportActionSchema.nullable(),
  resolutionNote: z.string().nullable(),
  createdAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type Report = z.infer<typeof ReportDto>;

/** What an administrator sees of a report: who, about whom, and the reported content in context. */
export const AdminReportDto = ReportDto.extend({
  reporter: UserRef,
  targetUser: UserRef.extend({ email: z.string(), suspended: z.boolean() }),
  /** A short text of the reported thing (a message's content, a ride's route), null for a user. */
  targetSummary: z.string().nullable(),
  /** The ride a ride, ride chat message or booking is about, for a link. */
  rideId: z.uuid().nullable(),
});
export type AdminReport = z.infer<typeof AdminReportDto>;

export const AdminReportsQuery = pagingQuery(50, 200).extend({
  status: z.enum(['open', 'resolved', 'all']).default('all'),
});
export const AdminReportsDto = z.object({ reports: z.array(AdminReportDto) });

export const ResolveReportInput = z.object({
  action: ReportActionSchema,
  note: z.string().trim().max(1000).default(''),
});
export type ResolveReportInput = z.infer<typeof ResolveReportInput>;

const BlockedUserDto = z.object({
  id: z.uuid(),
  name: z.string(),
  avatar: z.string().nullable(),
  avatarColor: z.string().nullable(),
  blockedAt: z.iso.datetime(),
});
export const BlockedUsersDto = z.object({ blocked: z.array(BlockedUserDto) });
export type BlockedUsers = z.infer<typeof BlockedUsersDto>;

export const SuspendUserInput = z.object({ reason: z.string().trim().min(1).max(1000) });
export type SuspendUserInput = z.infer<typeof SuspendUserInput>;

export const AdminUsersQuery = pagingQuery(20, 100).extend({ q: z.string().trim().max(200).default('') });

const AdminUserDto = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  college: z.string().nullable(),
  createdAt: z.iso.datetime(),
  verificationStatus: z.enum(['none', 'pending', 'approved', 'rejected']),
  driverVerified: z.boolean(),
  suspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  deleted: z.boolean(),
  counts: z.object({ rides: z.number().int(), bookings: z.number().int(), reportsAgainst: z.number().int(), reportsMade: z.number().int() }),
});
export type AdminUser = z.infer<typeof AdminUserDto>;
export const AdminUsersDto = z.object({ users: z.array(AdminUserDto) });

/** How many of each kind the per-user view lists, newest first. */
export const ADMIN_USER_DETAIL_LIMIT = 20;

/** A ride or a booking's ride as the per-user view lists it. */
const AdminRideSummary = z.object({
  id: z.uuid(),
  from: z.string(),
  to: z.string(),
  departsAt: z.iso.datetime(),
  status: z.enum(['active', 'cancelled', 'completed']),
  hidden: z.boolean(),
});

/** The console's per-user view: the user, their recent rides, bookings and reports, and verification. */
export const AdminUserDetailDto = z.object({
  user: AdminUserDto,
  rides: z.array(AdminRideSummary.extend({ totalSeats: z.number().int(), seatsAvailable: z.number().int() })),
  bookings: z.array(
    z.object({
      id: z.uuid(),
      seats: z.number().int(),
      status: BookingStatusSchema,
      createdAt: z.iso.datetime(),
      ride: AdminRideSummary,
    }),
  ),
  reportsMade: z.array(AdminReportDto),
  reportsAgainst: z.array(AdminReportDto),
  /** The latest verification application, with the reason of a rejection. */
  verification: z
    .object({
      id: z.uuid(),
      status: z.enum(['pending', 'approved', 'rejected']),
      createdAt: z.iso.datetime(),
      decidedAt: z.iso.datetime().nullable(),
      rejectReason: z.string().nullable(),
    })
    .nullable(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailDto>;

export const AUDIT_ACTIONS = [
  'verification_approved',
  'verification_rejected',
  'report_dismissed',
  'report_warned',
  'report_content_hidden',
  'report_user_suspended',
  'user_suspended',
  'user_unsuspended',
  'account_deleted',
  'feedback_handled',
  'region_created',
  'region_updated',
  'region_places_imported',
  'region_colleges_set',
  'region_moderators_set',
  'region_published',
  'region_archived',
] as const;
const AuditActionSchema = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof AuditActionSchema>;

export const AuditQuery = pagingQuery(50, 200).extend({
  action: AuditActionSchema.optional(),
  actorId: z.uuid().optional(),
  /** A user's, report's or other row's id, or a region's slug. */
  targetId: z.string().min(1).max(64).optional(),
});
const AuditEntryDto = z.object({
  id: z.uuid(),
  actor: UserRef.nullable(),
  action: AuditActionSchema,
  targetType: z.string(),
  /** A user's, report's or other row's id, or a region's slug. */
  targetId: z.string(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof AuditEntryDto>;
export const AuditLogDto = z.object({ entries: z.array(AuditEntryDto) });

export const DeleteAccountInput = z.object({
  confirmation: z.literal('DELETE', { error: 'Type DELETE to confirm' }),
});

/** The body of a rejection is optional (the admin command sends none); the reason is shown to the user. */
const RejectVerificationBody = z.object({ reason: z.string().trim().max(1000).default('') });
export const RejectVerificationInput = RejectVerificationBody.nullish();
/** The admin console's rejection: RejectVerificationBody's, with a reason, because the driver is shown it. */
export const RejectVerificationFormInput = RejectVerificationBody.extend({ reason: RejectVerificationBody.shape.reason.unwrap().min(1) });
export type RejectVerificationFormInput = z.infer<typeof RejectVerificationFormInput>;
