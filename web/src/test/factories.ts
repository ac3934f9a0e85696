/**
 * Factories of the JSON:API documents the services answer, with defaults that look like the demo
 * campus; each test overrides only the attributes it is about. Ids count up unless given.
 */
import type { components } from '../api/types';

export interface Resource {
  type: string;
  id: string;
  attributes: Record<string, unknown>;
  relationships?: Record<
    string,
    { data: { type: string; id: string } | Array<{ type: string; id: string }> }
  >;
}

let lastId = 1000;
const nextId = () => String(++lastId);

export function resource(type: string, attributes: Record<string, unknown>, id: string = nextId()): Resource {
  return { type, id, attributes };
}

/** A campus's site information (`GET /public/lptk`). */
export const campus = (attributes: Partial<components['schemas']['Campus']['attributes']> = {}, id = '1') =>
  resource(
    'lptks',
    {
      name: 'Universitas Demo',
      description: null,
      domain: 'localhost',
      favicon: null,
      landing_page_url: null,
      whatsapp: [],
      tawk_src: null,
      time_zone: 'Asia/Jakarta',
      default_language: null,
      sso: null,
      registration: null,
      ...attributes,
    } satisfies components['schemas']['Campus']['attributes'],
    id,
  );

/** A wall-clock time `offset` ms from now as the API writes it (`YYYY-MM-DD HH:mm:ss`, this computer's zone in the tests). */
export const wall = (offset: number) => {
  const at = new Date(Date.now() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}:00`;
};

/** A document of one resource, with what it includes. */
export const one = (data: Resource, included?: Resource[]) => ({ data, ...(included ? { included } : {}) });

/** A document of a page of resources; `total` counts all pages (spec 01 §9). */
export const many = (data: Resource[], total = data.length, included?: Resource[]) => ({
  data,
  meta: { total },
  ...(included ? { included } : {}),
});

/** A JSON:API error document (spec 01 §8): status and title, and `detail` and a pointer if given. */
export function errorDocument(
  status: number,
  title: string,
  options: { detail?: string; pointer?: string; code?: string } = {},
) {
  return {
    errors: [
      {
        status: String(status),
        title,
        ...(options.detail ? { detail: options.detail } : {}),
        ...(options.code ? { code: options.code } : {}),
        ...(options.pointer ? { source: { pointer: options.pointer } } : {}),
      },
    ],
  };
}

/** The signed-in user (`GET /login/me`): every attribute the server sends, a student by default. */
export const user = (attributes: Partial<components['schemas']['User']['attributes']> = {}, id = '4') =>
  resource(
    'users',
    {
      username: 'sam',
      name: 'Sam Student',
      email: 'sam@example.ac.id',
      thumbnail: null,
      level: 'student',
      active: true,
      university_name: 'Demo University',
      university_id: 1,
      lptk_id: 1,
      last_online: null,
      nidn: null,
      nim: '2301001',
      lecturer_id: null,
      student_id: Number(id),
      student_ids: [Number(id)],
      period_id: null,
      notification_email: null,
      language: null,
      theme: null,
      created_at: '2025-08-01 08:00:00',
      updated_at: '2025-08-01 08:00:00',
      ...attributes,
    } satisfies components['schemas']['User']['attributes'],
    id,
  );

export const tokens = (access: string) =>
  resource(
    'auth-tokens',
    { access_token: access, refresh_token: `refresh-${access}`, expires_in: 900 },
    's1',
  );

export const course = (attributes: Record<string, unknown> = {}, id?: string) =>
  resource(
    'courses',
    { name: 'Algorithms and Programming', code: 'IF101', status: 'STUDENT', is_active: true, ...attributes },
    id,
  );

/** A task (assignment) of course 3, personal, scored by number, with `attributes` over these. */
export const task = (attributes: Record<string, unknown> = {}, id = '5') =>
  resource(
    'tasks',
    {
      course_id: 3,
      taskable_type: 'module',
      taskable_id: 31,
      name: 'Essay 1',
      description: null,
      start_at: '2026-11-01T08:00:00.000Z',
      end_at: '2026-11-20T16:00:00.000Z',
      files: [],
      is_active: true,
      file_required: false,
      is_lateable: true,
      assesment_method: 'score',
      rubric: null,
      tasks_type: 'PERSONAL',
      student_percentage: null,
      lecturer_percentage: null,
      is_assesment_open: false,
      show_score: true,
      passing_grade: 60,
      all_class: true,
      class_ids: [],
      group_ids: [],
      created_at: '2026-10-30T08:00:00.000Z',
      updated_at: '2026-10-30T08:00:00.000Z',
      deleted_at: null,
      meta: {},
      ...attributes,
    },
    id,
  );

export const period = (attributes: Record<string, unknown> = {}, id?: string) =>
  resource(
    'periods',
    { name: '2025/2026 Odd Semester', year: 2025, period_type: 'GANJIL', is_active: true, ...attributes },
    id,
  );

export const moduleOf = (attributes: Record<string, unknown> = {}, id?: string) =>
  resource('modules', { name: 'Introduction', index: 0, is_active: true, ...attributes }, id);

export const content = (attributes: Record<string, unknown> = {}, id?: string) =>
  resource(
    'contents',
    {
      contentable_type: 'modules',
      contentable_id: 10,
      index: 0,
      name: 'Welcome',
      type: 'text',
      content: '<p>Welcome</p>',
      size: null,
      mime: null,
      ...attributes,
    },
    id,
  );

/** A resource with to-many relationships to others (`relationships.{name}.data`). */
export function related(subject: Resource, relationships: Record<string, Resource[]>): Resource {
  return {
    ...subject,
    relationships: Object.fromEntries(
      Object.entries(relationships).map(([name, items]) => [
        name,
        { data: items.map((item) => ({ type: item.type, id: item.id })) },
      ]),
    ),
  };
}
