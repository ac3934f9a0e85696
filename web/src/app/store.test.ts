import { describe, expect, it } from 'vitest';
import { contentsApi } from '../courses/content/contentsApi';
import { coursesApi } from '../courses/coursesApi';
import { content, errorDocument, many } from '../test/factories';
import { json, serve } from '../test/server';
import { createStore } from './store';

describe('error toasts', () => {
  it('raises one for a failed call unless its endpoint declared itself quiet', async () => {
    serve({
      'GET /api/course/courses': () => json(500, errorDocument(500, 'Course list down')),
      'GET /api/course/periods': () => json(500, errorDocument(500, 'Periods down')),
      'GET /api/login/me': () => json(401, errorDocument(401, 'Unauthorized')),
    });
    const store = createStore();

    await store.dispatch(coursesApi.endpoints.courses.initiate({}));
    expect(store.getState().notifications.map((notice) => notice.text)).toEqual(['Course list down']);

    // activePeriods is quiet: a failed period list leaves the course list unfiltered
    await store.dispatch(coursesApi.endpoints.activePeriods.initiate());
    expect(store.getState().notifications).toHaveLength(1);
  });
});

describe('reordering contents', () => {
  const target = { type: 'modules' as const, id: '10' };
  const listed = () => [
    content({ name: 'First', index: 0, contentable_id: 10 }, '1'),
    content({ name: 'Second', index: 1, contentable_id: 10 }, '2'),
  ];
  const order = (store: ReturnType<typeof createStore>) =>
    [...(contentsApi.endpoints.contents.select(target)(store.getState()).data ?? [])]
      .sort((a, b) => a.index - b.index)
      .map((item) => item.name);

  it('shows the new order at once and puts the old one back when the server refuses it', async () => {
    let answer: (response: Response) => void = () => undefined;
    let reads = 0;
    serve({
      // listed once: a refetch after the refusal fails, so only the undo can restore the order
      'GET /api/course/contents': () =>
        reads++ === 0 ? json(200, many(listed())) : json(503, errorDocument(503, 'Unavailable')),
      'PUT /api/course/courses/sort/7': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const store = createStore();
    await store.dispatch(contentsApi.endpoints.contents.initiate(target));
    expect(order(store)).toEqual(['First', 'Second']);

    const sorting = store.dispatch(
      contentsApi.endpoints.sortContents.initiate({ courseId: '7', target, ids: ['2', '1'] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(order(store)).toEqual(['Second', 'First']);

    answer(
      json(
        422,
        errorDocument(422, 'Unprocessable Entity', {
          detail: 'Unknown content',
          pointer: '/data/attributes/ids',
        }),
      ),
    );
    await expect(sorting.unwrap()).rejects.toMatchObject({ status: 422 });
    expect(order(store)).toEqual(['First', 'Second']);
    // the editor shows the failure beside the list: no toast
    expect(store.getState().notifications).toEqual([]);
  });
});
