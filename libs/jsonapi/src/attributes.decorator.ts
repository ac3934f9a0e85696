import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { type AttributesSchema, parseAttributes } from './schema';

/** Metadata key under which `@Attributes` records a handler's body schema (read by the OpenAPI builder). */
export const ATTRIBUTES_SCHEMA = 'lms:attributes-schema';

export interface AttributesParamOptions {
  /** A request without a body counts as `{}` (a DELETE that may carry a list) instead of a 400. */
  optionalBody?: boolean;
}

export interface AttributesMetadata extends AttributesParamOptions {
  schema: AttributesSchema;
}

interface RequestWithBody {
  body?: unknown;
  /** The verified caller, when the route has one: dates are read in its campus's zone. */
  auth?: { timeZone?: string };
}

const readBody = createParamDecorator((metadata: AttributesMetadata, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<RequestWithBody>();
  const body = metadata.optionalBody ? (request.body ?? {}) : request.body;
  return parseAttributes(metadata.schema, body, { timeZone: request.auth?.timeZone });
});

/**
 * The handler's parameter is the request body's attributes, validated by `schema` (a 422 with a
 * pointer per problem otherwise) and typed by it: `@Attributes(CreateModule) input: CreateModule`.
 * Dates are read in the caller's campus zone. The schema also documents the request body in the
 * service's OpenAPI document.
 */
export function Attributes(
  schema: AttributesSchema,
  options: AttributesParamOptions = {},
): ParameterDecorator {
  const metadata: AttributesMetadata = { schema, ...options };
  return (target, key, index) => {
    if (key !== undefined) Reflect.defineMetadata(ATTRIBUTES_SCHEMA, metadata, target, key);
    readBody(metadata)(target, key, index);
  };
}
