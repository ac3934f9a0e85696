import { PendingDocument, respond, respondPage } from './respond';
import { parseQuery } from './query';
import { defineResource } from './resource';
import { z } from './schema';

interface Request {
  id: number;
  createdAt: Date;
}

const requestResource = defineResource({
  name: 'Request',
  type: 'requests',
  schema: { created_at: z.date() },
  attributes: (request: Request) => ({ created_at: request.createdAt }),
});

const noon = { id: 1, createdAt: new Date('2026-03-01T12:00:00Z') };

describe('respond', () => {
  it('renders its dates in the zone it is given', () => {
    const document = respond(requestResource, [noon], { meta: { total: 1 } }).render('Asia/Jakarta');
    expect(document).toEqual({
      data: [{ type: 'requests', id: '1', attributes: { created_at: '2026-03-01 19:00:00' } }],
      meta: { total: 1 },
    });
  });

  it('renders a reusable answer once per zone, and any other answer every time', () => {
    const attributes = jest.fn((request: Request) => ({ created_at: request.createdAt }));
    const counted = defineResource({
      name: 'Counted',
      type: 'counted',
      schema: { created_at: z.date() },
      attributes,
    });
    const reusable = respond(counted, noon, { reusable: true });
    const first = reusable.render('Asia/Jakarta');
    expect(reusable.render('Asia/Jakarta', { userId: 2 })).toBe(first);
    expect(attributes).toHaveBeenCalledTimes(1);
    expect((reusable.render('UTC').data as { attributes: unknown }).attributes).toEqual({
      created_at: '2026-03-01 12:00:00',
    });
    const once = respond(counted, noon);
    once.render('UTC');
    once.render('UTC');
    expect(attributes).toHaveBeenCalledTimes(4);
  });

  it('keeps a zone the controller fixed over the one it is given', () => {
    const document = respond(requestResource, noon, { timeZone: 'UTC' }).render('Asia/Jakarta');
    expect(document.data).toEqual({
      type: 'requests',
      id: '1',
      attributes: { created_at: '2026-03-01 12:00:00' },
    });
  });

  it('writes a pending document inside meta as its data, in the same zone', () => {
    const inner = respond(requestResource, [noon]);
    const document = respond(requestResource, null, { meta: { requests: inner, total: 0 } }).render(
      'Asia/Makassar',
    );
    expect(document.meta).toEqual({
      requests: [{ type: 'requests', id: '1', attributes: { created_at: '2026-03-01 20:00:00' } }],
      total: 0,
    });
  });

  it('refuses to be written as JSON without being rendered', () => {
    const pending: PendingDocument<Request> = respond(requestResource, noon);
    expect(() => JSON.stringify(pending)).toThrow(/requests document was serialized without/);
  });

  it('answers a page of a list with the total and the page it is as meta', () => {
    const query = parseQuery({ 'page[limit]': '1', 'page[offset]': '2' }, { filters: {}, sorts: {} });
    const document = respondPage(requestResource, [[noon], 3], query, { timeZone: 'UTC' }).render(
      'Asia/Jakarta',
    );
    expect(document).toEqual({
      data: [{ type: 'requests', id: '1', attributes: { created_at: '2026-03-01 12:00:00' } }],
      meta: { total: 3, limit: 1, offset: 2 },
    });
  });
});
