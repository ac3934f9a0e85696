import { OwnRecords, OWN_RECORD_TTL_MS } from './own-records';
import type { User } from './user.entity';

describe('OwnRecords', () => {
  const record = (name: string) => ({ id: 7, tenantId: 1, name }) as User;

  afterEach(() => jest.useRealTimers());

  it('reads a user once within a few seconds, and again after', async () => {
    jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate'] });
    const own = new OwnRecords();
    const load = jest.fn(async () => record('Ayu'));
    expect((await own.read(1, 7, load))?.name).toBe('Ayu');
    jest.setSystemTime(OWN_RECORD_TTL_MS - 1);
    await own.read(1, 7, load);
    expect(load).toHaveBeenCalledTimes(1);
    jest.setSystemTime(OWN_RECORD_TTL_MS);
    await own.read(1, 7, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps users of different campuses apart and remembers no missing user', async () => {
    const own = new OwnRecords();
    await own.read(1, 7, async () => record('Ayu'));
    expect(await own.read(2, 7, async () => null)).toBeNull();
    const load = jest.fn(async () => null);
    await own.read(2, 7, load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reads again at once after a write of this process', async () => {
    const own = new OwnRecords();
    await own.read(1, 7, async () => record('Ayu'));
    own.forget(1, 7);
    expect((await own.read(1, 7, async () => record('Ayu Lestari')))?.name).toBe('Ayu Lestari');
  });

  it('does not keep what a read got while a write was under way', async () => {
    const own = new OwnRecords();
    let finish!: (user: User) => void;
    const slow = own.read(1, 7, () => new Promise<User>((resolve) => (finish = resolve)));
    own.forget(1, 7); // a write begins …
    own.forget(1, 7); // … and commits, while the read still waits for the row it read before
    finish(record('old'));
    expect((await slow)?.name).toBe('old');
    expect((await own.read(1, 7, async () => record('new')))?.name).toBe('new');
  });

  it('hands out a record nobody can change for the next reader', async () => {
    const own = new OwnRecords();
    const first = await own.read(1, 7, async () => record('Ayu'));
    expect(() => Object.assign(first as User, { name: 'Changed' })).toThrow(TypeError);
    expect((await own.read(1, 7, async () => record('other')))?.name).toBe('Ayu');
  });
});
