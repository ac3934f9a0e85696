import {
  attributePointer,
  attributes,
  badRequest,
  field,
  JsonApiException,
  readAttributes,
  unprocessable,
  validateWith,
  type ValidationIssue,
} from '@lms/jsonapi';
import type { AssistantChange } from './staff.service';

const ACTIONS = ['add', 'remove'] as const;
const ACTION_ALIASES: Record<string, (typeof ACTIONS)[number]> = {
  attach: 'add',
  detach: 'remove',
  delete: 'remove',
};

const changeRules = attributes(
  {
    action: field.enum(ACTIONS),
    course_id: field.integer({ min: 1 }),
    user_ids: field.idList({ min: 1, max: 100 }),
  },
  { requiredTexts: { course_id: 'Course id is required' } },
);

/** `{data: {attributes: [{action, course_id, user_ids}]}}`, `{data: [...]}`, `[...]` or one change. */
export function readChanges(body: unknown): AssistantChange[] {
  const data = (body as { data?: unknown } | null)?.data;
  const attributes = (data as { attributes?: unknown } | null)?.attributes;
  const items = Array.isArray(attributes)
    ? attributes
    : Array.isArray(data)
      ? data
      : Array.isArray(body)
        ? body
        : [readAttributes(body)];
  if (items.length === 0)
    throw unprocessable([{ pointer: '/data/attributes', detail: 'At least one change is required' }]);
  if (items.length > 50) throw badRequest('At most 50 changes at once');
  const issues: ValidationIssue[] = [];
  const changes: AssistantChange[] = [];
  for (const [position, item] of items.entries()) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      issues.push({ pointer: `/data/attributes/${position}`, detail: 'Each change must be an object' });
      continue;
    }
    const raw = { ...(item as Record<string, unknown>) };
    if (typeof raw.action === 'string')
      raw.action = ACTION_ALIASES[raw.action.toLowerCase()] ?? raw.action.toLowerCase();
    try {
      const change = validateWith(changeRules, raw);
      changes.push({ ...change, user_ids: [...new Set(change.user_ids)] });
    } catch (error) {
      if (!(error instanceof JsonApiException)) throw error;
      for (const found of error.errors) {
        const field = found.source?.pointer?.replace('/data/attributes/', '') ?? '';
        issues.push({ pointer: `/data/attributes/${position}/${field}`, detail: found.detail });
      }
    }
  }
  if (issues.length > 0) throw unprocessable(issues);
  return changes;
}

const DECISIONS = ['ACCEPT', 'REJECT'] as const;

/** The spec's text (spec 03 §5) for anything but ACCEPT or REJECT. */
export function decision(value: unknown): 'ACCEPT' | 'REJECT' {
  const action = typeof value === 'string' ? value.toUpperCase() : value;
  if (action === 'ACCEPT' || action === 'REJECT') return action;
  throw unprocessable([
    {
      pointer: attributePointer('actionType'),
      detail: `actionType only ${DECISIONS.join(', ')} not ${typeof value === 'string' ? value : JSON.stringify(value ?? null)}`,
    },
  ]);
}
