import {
  attributePointer,
  attributes,
  field,
  idList,
  readAttributes,
  unprocessable,
  type ValidationIssue,
  z,
} from '@lms/jsonapi';
import { hasVisibleContent, richTextOf } from '@lms/richtext';
import { CONTENT_TYPES, CONTENTABLE_TYPES, type ContentableType, type ContentType } from './content.entity';

/** Largest file a content may describe (bytes): 1 GiB. */
export const MAX_FILE_SIZE = 1024 * 1024 * 1024;
/** Longest text content (characters). */
export const MAX_TEXT_LENGTH = 200_000;

export const CONTENT_REQUIRED_TEXTS = {
  contentable_type: 'Contentable type is required',
  contentable_id: 'Contentable id is required',
  content_ids: 'Content id is required',
};

/** Names the client may send for a contentable type (a server model name for activity included). */
export function normaliseContentableType(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const name = value.split(/[\\/]/).pop()!.toLowerCase();
  const aliases: Record<string, ContentableType> = {
    course: 'courses',
    courses: 'courses',
    module: 'modules',
    modules: 'modules',
    activity: 'activities',
    activities: 'activities',
    submodule: 'activities',
  };
  return aliases[name] ?? value;
}

export const contentCreateRules = attributes(
  {
    contentable_type: z.preprocess(normaliseContentableType, field.enum(CONTENTABLE_TYPES)),
    contentable_id: field.integer({ min: 1 }),
    /** Accepted for the client's sake; a new content always goes last (highest index + 1). */
    index: field.integer({ min: 0 }).nullable().optional(),
    name: field.string({ min: 1, max: 255 }),
    type: field.enum(CONTENT_TYPES),
    content: field.string({ max: MAX_TEXT_LENGTH }).nullable().optional(),
    /** Accepted for the client's sake (spec 01 §7); a file's size and type are the stored file's. */
    size: field.integer({ min: 0, max: MAX_FILE_SIZE }).nullable().optional(),
    mime: field.string({ max: 255 }).nullable().optional(),
  },
  { requiredTexts: CONTENT_REQUIRED_TEXTS },
);

export const contentUpdateRules = attributes({
  name: field.string({ min: 1, max: 255 }).optional(),
  type: field.enum(CONTENT_TYPES).optional(),
  index: field.integer({ min: 0 }).optional(),
  content: field.string({ max: MAX_TEXT_LENGTH }).nullable().optional(),
  size: field.integer({ min: 0, max: MAX_FILE_SIZE }).nullable().optional(),
  mime: field.string({ max: 255 }).nullable().optional(),
  /** Whether the content counts towards the course's completion. */
  completion_required: field.boolean().optional(),
});

export const contentTransferRules = attributes(
  {
    content_ids: field.idList({ min: 1, max: 500 }),
    contentable_type: z.preprocess(normaliseContentableType, field.enum(CONTENTABLE_TYPES)),
    contentable_id: field.integer({ min: 1 }),
  },
  { requiredTexts: CONTENT_REQUIRED_TEXTS },
);

/** What a content of each type holds, checked after the generic rules. */
export interface ContentBody {
  type: ContentType;
  content: string | null;
  size: number | null;
  mime: string | null;
}

const BLOB_KEY = /^[A-Za-z0-9][A-Za-z0-9._\-/]{0,1023}$/;

/** Hosts a conference link of each provider may point at; null: any https address. */
const CONFERENCE_HOSTS: Record<string, { label: string; hosts: string[] | null }> = {
  zoom: { label: 'a Zoom meeting link', hosts: ['zoom.us', 'zoom.com'] },
  'google-meet': { label: 'a Google Meet link', hosts: ['meet.google.com'] },
  'ms-teams': { label: 'a Microsoft Teams link', hosts: ['teams.microsoft.com', 'teams.live.com'] },
  webex: { label: 'a Webex link', hosts: ['webex.com'] },
  cloudx: { label: 'a CloudX meeting link', hosts: null },
};

function webAddress(text: string, httpsOnly: boolean): URL | null {
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && (httpsOnly || url.protocol !== 'http:')) return null;
    return url.hostname ? url : null;
  } catch {
    return null;
  }
}

const onHost = (url: URL, hosts: string[]) =>
  hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));

/**
 * Checks a content's fields against its type: text needs text (sanitized rich text, plain text
 * becoming paragraphs); link and video a web address;
 * a conference an https link of its provider; a file a storage key. Size and media type are
 * cleared: a file's are the stored file's, set by the service, never the client's.
 */
export function checkContentBody(body: Pick<ContentBody, 'type' | 'content'>): ContentBody {
  const issues: ValidationIssue[] = [];
  const fail = (field: string, detail: string) => issues.push({ pointer: attributePointer(field), detail });
  const content = body.content?.trim() ? body.content : null;
  const result: ContentBody = { ...body, content, size: null, mime: null };
  switch (body.type) {
    case 'text':
      // Rich text (HTML), stored only as the allow-list of libs/richtext leaves it.
      result.content = content === null ? null : richTextOf(content);
      if (result.content === null) fail('content', 'content is required for a text content');
      else if (!hasVisibleContent(result.content))
        fail('content', 'content has nothing left to show once unsafe HTML is removed');
      break;
    case 'link':
    case 'video':
      if (content === null || !webAddress(content.trim(), false)) {
        fail('content', `content must be a web address (http:// or https://) for a ${body.type} content`);
      } else result.content = content.trim();
      break;
    case 'file':
      // Only the shape here: whether the caller may name this key, and the file's size and
      // type, come from what the course's uploads recorded (course-files.data.ts).
      if (content === null || !BLOB_KEY.test(content) || content.split('/').includes('..')) {
        fail('content', 'content must be the storage key of the uploaded file');
      }
      break;
    default: {
      const provider = CONFERENCE_HOSTS[body.type];
      const url = content === null ? null : webAddress(content.trim(), true);
      if (url === null || (provider.hosts !== null && !onHost(url, provider.hosts))) {
        fail('content', `content must be ${provider.label} (https://…)`);
      } else result.content = url.toString();
    }
  }
  if (issues.length > 0) throw unprocessable(issues);
  return result;
}

/** The form fields of a multipart upload (before its file part). */
export const contentUploadRules = attributes(
  {
    contentable_type: z.preprocess(
      normaliseContentableType,
      field.enum(['courses', 'modules', 'activities']),
    ),
    contentable_id: field.integer({ min: 1 }),
    name: field.string({ max: 255 }).nullable().optional(),
  },
  { requiredTexts: CONTENT_REQUIRED_TEXTS, unknown: 'strip' },
);

/**
 * The ids of a restore request: `{data: [1, 2]}`, `{data: [{id: 1}]}`, or attributes
 * `{ids: [..]}` / `{content_ids: [..]}` / `{id}` in any of the accepted envelopes.
 */
export function restoreIds(body: unknown): number[] {
  const data = (body as { data?: unknown } | null)?.data;
  let values: unknown[] | undefined;
  let field = 'ids';
  if (Array.isArray(data)) {
    values = data.map((item) =>
      item !== null && typeof item === 'object' ? (item as { id?: unknown }).id : item,
    );
    field = 'data';
  } else {
    const attributes = readAttributes(body);
    for (const name of ['ids', 'content_ids', 'id']) {
      if (attributes[name] === undefined) continue;
      field = name;
      values = Array.isArray(attributes[name]) ? (attributes[name] as unknown[]) : [attributes[name]];
      break;
    }
  }
  if (!values || values.length === 0) {
    throw unprocessable([{ pointer: attributePointer('ids'), detail: 'Content id is required' }]);
  }
  return idList(values, field);
}
