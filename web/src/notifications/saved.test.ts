import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { api } from '../api/baseApi';
import { createStore } from '../app/store';
import { contentsApi } from '../courses/content/contentsApi';
import { coursesApi } from '../courses/coursesApi';
import { structureApi } from '../courses/editor/structureApi';
import { settingsApi } from '../courses/manage/settingsApi';
import { content, course, errorDocument, many, moduleOf, one, related } from '../test/factories';
import { json, serve } from '../test/server';
import { announcementOf } from './saved';

const SRC = join(__dirname, '..');

/** Every client source file (tests left out). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('a success toast after every save', () => {
  it('is declared by every mutation endpoint of the client, or the endpoint says why it has none', async () => {
    // load every module that defines endpoints, wherever it lives, so a new one cannot be missed
    const definers = sources(SRC).filter((file) =>
      /\.injectEndpoints\(|\bcreateApi\(/.test(readFileSync(file, 'utf8')),
    );
    expect(definers.length).toBeGreaterThanOrEqual(9);
    for (const file of definers) await import(/* @vite-ignore */ `./${relative(__dirname, file)}`);

    const mutations = Object.entries(api.endpoints as Record<string, object>)
      .filter(([, endpoint]) => 'useMutation' in endpoint)
      .map(([name]) => name);
    expect(mutations.length).toBeGreaterThanOrEqual(25);
    expect(mutations.filter((name) => announcementOf(name) === undefined)).toEqual([]);
    for (const name of mutations) {
      const announcement = announcementOf(name)!;
      if (typeof announcement !== 'function') expect(announcement.silent.length, name).toBeGreaterThan(10);
    }
    // the queries declare nothing
    const queries = Object.keys(api.endpoints).filter((name) => !mutations.includes(name));
    expect(queries.filter((name) => announcementOf(name) !== undefined)).toEqual([]);
  });

  it('names what was saved, with the names the screen showed before the save', async () => {
    const listed = related(course({ name: 'Algorithms', status: 'LECTURER' }, '7'), {
      modules: [moduleOf({ name: 'Week 1', course_id: 7 }, '31')],
    });
    serve({
      'GET /api/course/courses/7': () =>
        json(200, one(listed, [moduleOf({ name: 'Week 1', course_id: 7 }, '31')])),
      'DELETE /api/course/modules/31': () => json(204, null),
      'PATCH /api/course/courses/7': () => json(200, one(course({ name: 'Algorithms II' }, '7'))),
    });
    const store = createStore();
    await store.dispatch(coursesApi.endpoints.course.initiate('7'));

    await store.dispatch(structureApi.endpoints.deleteModule.initiate({ courseId: '7', id: '31' })).unwrap();
    await store
      .dispatch(
        settingsApi.endpoints.updateCourse.initiate({ courseId: '7', changes: { name: 'Algorithms II' } }),
      )
      .unwrap();
    expect(store.getState().notifications.map(({ color, text }) => ({ color, text }))).toEqual([
      { color: 'success', text: 'Module “Week 1” deleted.' },
      { color: 'success', text: 'The details of “Algorithms II” are saved.' },
    ]);
  });

  it('names an archived content from the list it was archived from', async () => {
    serve({
      'GET /api/course/contents': () => json(200, many([content({ name: 'Syllabus' }, '5')])),
      'DELETE /api/course/contents/5': () => json(204, null),
    });
    const store = createStore();
    await store.dispatch(contentsApi.endpoints.contents.initiate({ type: 'modules', id: '10' }));
    await store.dispatch(contentsApi.endpoints.archiveContent.initiate('5')).unwrap();
    expect(store.getState().notifications.map((notice) => notice.text)).toEqual([
      '“Syllabus” archived. It can be restored from Archived contents.',
    ]);
  });

  it('raises none for a failed save, nor for a silent mutation', async () => {
    serve({
      'DELETE /api/course/contents/5': () =>
        json(409, errorDocument(409, 'Conflict', { detail: 'Already archived' })),
      'POST /api/public/view/course/3': () => json(204, null),
    });
    const store = createStore();
    await expect(
      store.dispatch(contentsApi.endpoints.archiveContent.initiate('5')).unwrap(),
    ).rejects.toMatchObject({
      status: 409,
    });
    // archiving shows its failure beside the list (quiet): neither an error nor a success toast
    expect(store.getState().notifications).toEqual([]);

    const { catalogueApi } = await import('../public/catalogueApi');
    await store
      .dispatch(
        catalogueApi.endpoints.recordCourseView.initiate({
          courseId: 3,
          campus: null,
          roles: null,
          code: null,
          name: null,
          province: null,
          is_verify: false,
          ip_address: null,
        }),
      )
      .unwrap();
    expect(store.getState().notifications).toEqual([]);
  });
});
