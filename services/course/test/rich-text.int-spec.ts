import type { JsonDocument } from '@lms/testing';
import { CourseHarness, cast, one } from './support/harness';

/** A small real PNG (1×1, transparent). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 0x41), Buffer.from('\n%%EOF\n')]);
const HOST = 'rich.example.ac.id';

/** Stored-XSS attempts, each beside some text that must survive. */
const ATTACKS = [
  '<p>safe</p><script>alert(1)</script>',
  '<p>safe<img src="/x.png" onerror="alert(1)"></p>',
  '<p onclick="alert(1)">safe</p>',
  '<p><a href="javascript:alert(1)">safe</a> <a href="JaVaScRiPt&#58;alert(1)">x</a></p>',
  '<p>safe</p><svg><script>alert(1)</script></svg><svg onload="alert(1)"><circle r="2"/></svg>',
  '<p>safe</p><iframe src="https://evil.example/"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p style="width: expression(alert(1))">safe</p><div style="background:url(javascript:alert(1))">x</div>',
  '<p>safe</p><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"><object data="x.swf"></object>',
];
const DANGER = /<script|<svg|<iframe|<object|\son\w+=|javascript:|data:|style=|expression\(|srcdoc/i;

describe('rich text: sanitized on write, images of the course', () => {
  const h = new CourseHarness();
  beforeAll(async () => {
    await h.start();
    await h.given.campus({ id: 1, domain: HOST });
  });
  afterAll(() => h.stop());

  async function uploadImage(token: string | undefined, courseId: number, bytes: Buffer, type = 'image/png') {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), 'diagram.png');
    const response = await fetch(`${h.baseUrl}/api/course/courses/${courseId}/images`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body: form,
    });
    return { status: response.status, body: (await response.json()) as JsonDocument };
  }

  const showImage = (path: string, host = HOST) =>
    fetch(`${h.baseUrl}${path}`, { headers: { 'x-forwarded-host': host }, redirect: 'manual' });

  async function setup() {
    const c = await cast(h);
    const addText = (content: string) =>
      c.asLecturer.post('/api/course/contents', {
        data: {
          attributes: {
            contentable_type: 'courses',
            contentable_id: c.course.id,
            name: 'Notes',
            type: 'text',
            content,
          },
        },
      });
    const stored = async (id: string) =>
      (
        (await h.ds.query(`SELECT content FROM contents WHERE id = $1`, [id])) as Array<{ content: string }>
      )[0].content;
    return { c, addText, stored };
  }

  describe('text contents', () => {
    it.each(ATTACKS)('neutralizes %s in what is stored and answered', async (attack) => {
      const { addText, stored } = await setup();
      const response = await addText(attack);
      expect(response.status).toBe(201);
      const content = one(response.body);
      expect(content.attributes.content).toContain('safe');
      expect(content.attributes.content).not.toMatch(DANGER);
      expect(await stored(content.id)).toBe(content.attributes.content);
    });

    it('keeps the editor’s formatting, link, table, image, code and math unchanged', async () => {
      const { c, addText, stored } = await setup();
      const image = one((await uploadImage(await h.token(c.lecturer), c.course.id, PNG)).body);
      const html =
        '<h2>Week 1</h2><p><strong>Bold</strong>, <em>italic</em>, <u>underlined</u>, <s>struck</s> and <code>code</code>.</p>' +
        '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p>first</p></li></ol>' +
        '<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.org/read?a=1&amp;b=2">Reading</a></p>' +
        '<table><tbody><tr><th colspan="1" rowspan="1"><p>Term</p></th><th colspan="1" rowspan="1"><p>Meaning</p></th></tr>' +
        '<tr><td colspan="1" rowspan="1"><p>O(n)</p></td><td colspan="1" rowspan="1"><p>linear</p></td></tr></tbody></table>' +
        `<img src="${image.attributes.url}" alt="Diagram">` +
        '<pre><code class="language-python">for i in range(3):\n    print(i &lt; 2)</code></pre>' +
        '<p>Energy: <span data-type="inline-math" data-latex="E = mc^2">E = mc^2</span></p>' +
        '<div data-type="block-math" data-latex="\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}">\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}</div>';
      const response = await addText(html);
      expect(response.status).toBe(201);
      expect(one(response.body).attributes.content).toBe(html);
      expect(await stored(one(response.body).id)).toBe(html);
    });

    it('sanitizes a changed text too, and refuses one with nothing left to show', async () => {
      const { c, addText } = await setup();
      const content = one((await addText('<p>first</p>')).body);
      const patched = await c.asLecturer.patch(`/api/course/contents/${content.id}`, {
        data: { attributes: { content: '<p>second<img src=x onerror=alert(1)></p>' } },
      });
      expect(patched.status).toBe(200);
      expect(one(patched.body).attributes.content).toBe('<p>second<img src="x"></p>');

      const empty = await addText('<script>alert(1)</script><p> </p>');
      expect(empty.status).toBe(422);
      expect(empty.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/content' },
        detail: 'content has nothing left to show once unsafe HTML is removed',
      });
    });

    it('stores plain text as paragraphs of escaped text', async () => {
      const { addText } = await setup();
      const response = await addText('a < b & c\nline two\n\n<not a tag');
      expect(one(response.body).attributes.content).toBe(
        '<p>a &lt; b &amp; c<br>line two</p><p>&lt;not a tag</p>',
      );
    });
  });

  describe('course description', () => {
    it('is sanitized on write; one with nothing to show is none', async () => {
      const { c } = await setup();
      const patch = (description: string) =>
        c.asLecturer.patch(`/api/course/courses/${c.course.id}`, { data: { attributes: { description } } });
      const response = await patch(
        '<h2>About</h2><p onmouseover="alert(1)">Learn <strong>SQL</strong> <a href="javascript:alert(1)">here</a></p><svg onload="alert(1)"></svg>',
      );
      expect(response.status).toBe(200);
      const expected =
        '<h2>About</h2><p>Learn <strong>SQL</strong> <a target="_blank" rel="noopener noreferrer nofollow">here</a></p>';
      expect(one(response.body).attributes.description).toBe(expected);
      const [row] = await h.ds.query(`SELECT description FROM courses WHERE id = $1`, [c.course.id]);
      expect(row.description).toBe(expected);

      const emptied = await patch('<script>alert(1)</script>');
      expect(emptied.status).toBe(200);
      expect(one(emptied.body).attributes.description).toBeNull();
    });
  });

  describe('POST /api/course/courses/{id}/images and GET …/images/{name}', () => {
    it('stores an image as the course’s file and shows it by its address', async () => {
      const { c } = await setup();
      const response = await uploadImage(await h.token(c.assistant), c.course.id, PNG);
      expect(response.status).toBe(201);
      const image = one(response.body);
      expect(image.type).toBe('course_images');
      expect(image.attributes).toMatchObject({ course_id: c.course.id, size: PNG.length, mime: 'image/png' });
      expect(image.attributes.url).toBe(`/api/course/courses/${c.course.id}/images/${image.id}`);
      const files = await h.ds.query(
        `SELECT blob_key, added_by, origin FROM course_files WHERE course_id = $1`,
        [c.course.id],
      );
      expect(files).toEqual([
        { blob_key: `course/1/${c.course.id}/${image.id}`, added_by: c.assistant.id, origin: 'upload' },
      ]);

      // Shown to anyone of the campus who has the address (an <img> sends no token).
      const file = await showImage(image.attributes.url as string);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
      expect(file.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(file.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    });

    it('shows nothing for another campus’s host, another course or an unknown name', async () => {
      const { c } = await setup();
      const image = one((await uploadImage(await h.token(c.lecturer), c.course.id, PNG)).body);
      const other = await h.course(1, c.lecturer.id);
      await h.given.campus({ id: 2, domain: 'two.example.ac.id' });
      expect((await showImage(image.attributes.url as string, 'two.example.ac.id')).status).toBe(404);
      expect((await showImage(`/api/course/courses/${other.id}/images/${image.id}`)).status).toBe(404);
      expect(
        (await showImage(`/api/course/courses/${c.course.id}/images/00000000-0000-4000-8000-000000000000`))
          .status,
      ).toBe(404);
      expect((await showImage(`/api/course/courses/${c.course.id}/images/..%2F..%2Fsecret`)).status).toBe(
        404,
      );
    });

    it('is for those who teach the course, and only for images', async () => {
      const { c } = await setup();
      expect((await uploadImage(await h.token(c.student), c.course.id, PNG)).status).toBe(403);
      expect((await uploadImage(await h.token(c.stranger), c.course.id, PNG)).status).toBe(404);
      expect((await uploadImage(await h.token(c.outsider), c.course.id, PNG)).status).toBe(404);
      expect((await uploadImage(undefined, c.course.id, PNG)).status).toBe(401);
      const pdf = await uploadImage(await h.token(c.lecturer), c.course.id, PDF, 'application/pdf');
      expect(pdf.status).toBe(422);
      expect(pdf.body.errors?.[0]).toMatchObject({
        source: { pointer: '/data/attributes/file' },
        detail: 'Files of type application/pdf are not accepted; allowed: PNG, JPEG, GIF, WebP',
      });
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
      expect((await uploadImage(await h.token(c.lecturer), c.course.id, svg, 'image/svg+xml')).status).toBe(
        422,
      );
      const rows = await h.ds.query(`SELECT 1 FROM course_files WHERE course_id = $1`, [c.course.id]);
      expect(rows).toHaveLength(0);
    });
  });
});
