import type { ZodOpenApiMediaTypeObject, ZodOpenApiResponseObject } from 'zod-openapi';
import { REQUEST_ID_HEADER } from '@/lib/platform/server/http/openapi/components';

/** A 2xx response of a route contract; its headers are `$ref`s to shared components. */
export interface SuccessResponse extends Omit<ZodOpenApiResponseObject, 'headers'> {
  headers?: Record<string, { $ref: string }>;
}

/** A JSON answer with `x-request-id` (every wrapped route sends it) and any further headers. */
export function jsonResponse(
  description: string,
  schema: ZodOpenApiMediaTypeObject['schema'],
  headers: Record<string, { $ref: string }> = {},
): SuccessResponse {
  return {
    description,
    headers: { 'x-request-id': REQUEST_ID_HEADER, ...headers },
    content: { 'application/json': { schema } },
  };
}

/** An answer without a body (204). */
export function noContent(description: string): SuccessResponse {
  return { description, headers: { 'x-request-id': REQUEST_ID_HEADER } };
}

/** The 201 of an operation that creates something: what it created, as JSON. */
export function createdResponse(schema: ZodOpenApiMediaTypeObject['schema']): SuccessResponse {
  return jsonResponse('Created.', schema);
}
