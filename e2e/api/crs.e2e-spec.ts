import { io, type Socket } from 'socket.io-client';
import { ApiClient, type JsonResource } from '@lms/testing';
import { startTestPlatform, type TestPlatform } from '../support/platform';

const resources = (body: { data?: unknown }) => body.data as JsonResource[];
const resource = (body: { data?: unknown }) => body.data as JsonResource;
const attributes = (values: Record<string, unknown>) => ({ data: { attributes: values } });
/** A wire date of the demo campus (Asia/Jakarta, UTC+7), `offsetMs` from now. */
const wire = (offsetMs: number) =>
  new Date(Date.now() + offsetMs + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The live classroom through the gateway on the demo campus: the lecturer opens a room of IF101
 * linked to IF101-A's open meeting, a student joins it over `/socket/crs` (proxied by the gateway)
 * and is marked present, the lecturer's video reaches them, and the student's H5P statement shows
 * in the public result.
 */
describe('live classroom through the gateway', () => {
  let platform: TestPlatform;
  const sockets: Socket[] = [];
  const tokenOf = async (username: string) => {
    const login = await new ApiClient(platform.url)
      .at('localhost')
      .post('/api/user/auth/login', { username, password: 'lms-demo' });
    return resource(login.body).attributes.access_token as string;
  };
  const as = async (username: string) =>
    new ApiClient(platform.url, { token: await tokenOf(username) }).at('localhost');
  /** A socket of the user through the gateway, at the demo campus's host. */
  const socketOf = async (username: string) => {
    const socket = io(platform.url.replace('127.0.0.1', 'localhost'), {
      path: '/socket/crs',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await tokenOf(username) },
    });
    sockets.push(socket);
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    return socket;
  };

  beforeAll(async () => {
    platform = await startTestPlatform();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await platform?.stop();
  });

  it('marks a joining student present, syncs the video and counts the H5P attempt', async () => {
    const lecturer = await as('lecturer');
    const classes = await lecturer.get('/api/course/presences/list');
    const ifA = resources(classes.body).find((item) => item.attributes.class_name === 'IF101-A')!;
    const { course_id: courseId, class_id: classId } = ifA.attributes;
    const sessions = await lecturer.get(
      `/api/course/presences?filter[course_id]=${courseId}&filter[class_id]=${classId}&sort=-start_at`,
    );
    const open = resources(sessions.body)[0];
    expect(open.attributes).toMatchObject({ act_code: 'P04', is_open: true });

    const created = await lecturer.post(
      '/api/crs/crs',
      attributes({
        course_id: courseId,
        title: 'P04 live',
        start_at: wire(-60_000),
        end_at: wire(3_600_000),
        videos: [{ url: 'https://video.example/p04.mp4' }],
        presence_id: Number(open.id),
      }),
    );
    expect(created.status).toBe(201);
    const roomId = Number(resource(created.body).id);

    const host = await socketOf('lecturer');
    expect(await host.emitWithAck('join', { room_id: roomId })).toMatchObject({ role: 'host' });
    const student = await socketOf('student3');
    const joined = await student.emitWithAck('join', { room_id: roomId });
    expect(joined).toMatchObject({ role: 'student', attendance: 'marked' });
    const detail = await (await as('student3')).get(`/api/course/presences/${open.id}`);
    expect(resource(detail.body).attributes.my_detail).toMatchObject({ type: 'attend', source: 'live' });

    const played = new Promise((resolve) => student.once('playVideo', resolve));
    await host.emitWithAck('playVideo', { position: 12 });
    expect(await played).toMatchObject({ room_id: roomId, position: 12, playing: true });

    const me = await (await as('student3')).get('/api/login/me');
    const statement = await (
      await as('student3')
    ).post(
      '/api/crs/xapi',
      attributes({
        crs_id: roomId,
        statement: {
          actor: { account: { homePage: 'http://localhost', name: String(resource(me.body).id) } },
          verb: { id: 'http://adlnet.gov/expapi/verbs/answered' },
          object: { id: 'http://localhost/h5p/1', definition: { name: { 'en-US': 'Quiz' } } },
          result: { score: { scaled: 0.9 } },
        },
      }),
    );
    expect(statement.status).toBe(201);
    const result = await new ApiClient(platform.url).at('localhost').get(`/api/public/crs/result/${roomId}`);
    expect(result.status).toBe(200);
    expect(resources(result.body).map((row) => row.attributes)).toEqual([
      { content_id: 'http://localhost/h5p/1', name: 'Quiz', attempt: 1, max: 90, min: 90, avg: 90 },
    ]);
  });
});
