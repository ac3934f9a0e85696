export {
  badRequest,
  conflict,
  forbidden,
  JsonApiException,
  notFound,
  payloadTooLarge,
  serviceUnavailable,
  tooManyRequests,
  unauthorized,
  unprocessable,
  unprocessableParameter,
} from './errors';
export type { JsonApiErrorDocument, JsonApiErrorObject, ValidationIssue } from './errors';
export { JSON_API_MEDIA_TYPE, JsonApiExceptionFilter, outcomeOf } from './exception.filter';
export type { ErrorOutcome } from './exception.filter';
export { idList } from './id-list';
export { MAX_ID, parseId, ParseIdPipe, queryFlag, queryId } from './ids';
export {
  applyQuery,
  DEFAULT_FILTER_OPS,
  DEFAULT_LIMIT,
  escapeLike,
  FILTER_OPS,
  filterParameter,
  filterSql,
  MAX_IN_VALUES,
  MAX_LIMIT,
  pageMeta,
  parseQuery,
} from './query';
export type {
  ApplyQueryOptions,
  FilterField,
  FilterOp,
  FilterType,
  FilterValue,
  ParsedFilter,
  ParsedQuery,
  ParsedSort,
  ParseQueryOptions,
  QuerySpec,
  RawQuery,
} from './query';
export { defineList, ListQuery } from './list';
export type { ListDefinition, ListScope, ToMany, ToOne } from './list';
export { PendingDocument, respond, respondPage, type RespondOptions } from './respond';
export { readAttributes, toDocument, toMany, toOne } from './serializer';
export { attributesJsonSchema, defineResource, wireJsonSchema } from './resource';
export type { ResourceAttributes, ResourceDefinition } from './resource';
export { PAGE_META, RESPONDS_KEY, Responds, TOTAL_META } from './responds.decorator';
export type { RespondsMetadata, RespondsOptions } from './responds.decorator';
export type {
  JsonApiDocument,
  Relationship,
  ResourceIdentifier,
  ResourceObject,
  ResourceType,
  ToDocumentOptions,
} from './serializer';
export { formatWireDate, parseWireDate } from './wire-date';
export {
  attributePointer,
  attributes,
  field,
  INT4_MAX,
  jsonSchemaOf,
  parseAttributes,
  validateWith,
  z,
} from './schema';
export type { AttributesOf, AttributesOptions, AttributesSchema, ParseAttributesOptions } from './schema';
export { ATTRIBUTES_SCHEMA, Attributes } from './attributes.decorator';
export type { AttributesMetadata, AttributesParamOptions } from './attributes.decorator';
