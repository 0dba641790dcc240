import { IdParams } from '@carpool/shared/schemas/common';
import { AdminReportDto, AdminReportsDto, AdminReportsQuery, CreateReportInput, ReportDto, ResolveReportInput } from '@carpool/shared/schemas/trust';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf, consoleScopeOf } from '../../plugins/auth.js';
import { createReport, listReportsForAdmin, resolveReport } from './reports.service.js';

export async function reportsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/reports',
    {
      schema: { operationId: 'createReport', errors: ['BAD_REQUEST', 'NOT_FOUND', 'REPORT_ALREADY_OPEN'],
        tags: ['reports'],
        summary:
          'Report a user, ride, ride request, ride chat message or direct message you can see (404 otherwise); one open report per target (409 REPORT_ALREADY_OPEN)',
        body: CreateReportInput,
        response: { 201: ReportDto },
      },
      onRequest: app.requireAuth,
    },
    async (request, reply) => reply.code(201).send(await createReport(app.deps, authOf(request).user.id, request.body)),
  );

  r.get(
    '/api/admin/reports',
    {
      schema: { operationId: 'listReportsForAdmin', errors: ['FORBIDDEN'],
        tags: ['admin'],
        summary: "Reports with the reported content in context, open ones first (admins: everyone's; a region's moderators: its own)",
        querystring: AdminReportsQuery,
        response: { 200: AdminReportsDto },
      },
      onRequest: app.requireConsole,
    },
    async (request) => listReportsForAdmin(app.deps, consoleScopeOf(request), request.query),
  );

  r.post(
    '/api/admin/reports/:id/resolve',
    {
      schema: { operationId: 'resolveReport', errors: ['FORBIDDEN', 'NOT_FOUND', 'INVALID_TRANSITION'],
        tags: ['admin'],
        summary:
          "Resolve an open report: dismiss, warn the user, hide the content or suspend the user, with a note (admins, or the report's region moderators: 403 for another region's)",
        params: IdParams,
        body: ResolveReportInput,
        response: { 200: AdminReportDto },
      },
      onRequest: app.requireConsole,
    },
    async (request) => resolveReport(app.deps, authOf(request).user.id, consoleScopeOf(request), request.params.id, request.body),
  );
}
