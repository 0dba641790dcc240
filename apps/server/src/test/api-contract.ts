import type { OpenAPIV3_1 } from 'openapi-types';
import type { ApiRoute } from '../plugins/openapi.js';

type Operation = OpenAPIV3_1.OperationObject;

const toOpenApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function documentsErrorBody(operation: Operation, status: string): boolean {
  const response = operation.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
  const schema = response?.content?.['application/json']?.schema as OpenAPIV3_1.SchemaObject | undefined;
  return Boolean(schema?.allOf?.some((part) => '$ref' in part && part.$ref === '#/components/schemas/ErrorBody'));
}

/**
 * What is missing from each route's contract, as `METHOD /url: problem` lines (none when every
 * route keeps it). What a route declares is read from its registration; what the document makes
 * of it (security, error responses) from the served document.
 */
export function contractProblems(routes: readonly ApiRoute[], document: OpenAPIV3_1.Document): string[] {
  const problems: string[] = [];
  const operationIds = new Map<string, string>();
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    const report = (problem: string) => problems.push(`${name}: ${problem}`);
    const schema = route.schema;
    if (!schema || schema.hide) {
      report('declares no schema, or hides itself from the document');
      continue;
    }
    if (!schema.operationId) report("declares no operationId (schema.operationId: 'verbNoun', like its service function)");
    else if (operationIds.has(schema.operationId)) report(`repeats the operationId ${schema.operationId} of ${operationIds.get(schema.operationId)}`);
    else operationIds.set(schema.operationId, name);
    if (route.url.includes(':') && !schema.params) report('has path parameters but declares no params schema');
    // A redirect (a browser's way through a campus sign-in) answers 3xx instead.
    const success = Object.keys(schema.response ?? {}).filter((status) => /^[23]\d\d$/.test(status));
    if (success.length === 0) report('declares no 2xx (or 3xx redirect) response schema');

    const operation = document.paths?.[toOpenApiPath(route.url)]?.[route.method.toLowerCase() as OpenAPIV3_1.HttpMethods];
    if (!operation) {
      report('is missing from the document');
      continue;
    }
    const bearer = operation.security?.some((requirement) => 'bearer' in requirement) ?? false;
    if (route.auth === 'required' && (!bearer || operation.security?.some((requirement) => Object.keys(requirement).length === 0))) {
      report('is protected but its document does not require bearer security');
    }
    if (route.auth === 'none' && operation.security?.length !== 0) report('is public but its document does not say security: []');
    if (route.auth !== 'none' && !documentsErrorBody(operation, '401')) report('reads the session but documents no 401 with the error schema');
    if (!documentsErrorBody(operation, '400')) report('documents no 400 with the error schema (X-Region is validated everywhere)');
  }
  return problems;
}
