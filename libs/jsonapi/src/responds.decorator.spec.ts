import { defineResource } from './resource';
import { respond } from './respond';
import { RESPONDS_KEY, Responds } from './responds.decorator';
import { z } from './schema';

interface Window {
  id: number;
  name: string;
}
const windowResource = defineResource({
  name: 'Window',
  type: 'windows',
  schema: { name: z.string() },
  attributes: (window: Window) => ({ name: window.name }),
});
const doorResource = defineResource({
  name: 'Door',
  type: 'doors',
  schema: { name: z.string() },
  attributes: (door: Window) => ({ name: door.name }),
});
const window = { id: 1, name: 'north' };
const HANDLER_KEY = 'test:handler';
const marked = (): MethodDecorator => (_target, _key, descriptor) => {
  Reflect.defineMetadata(HANDLER_KEY, 'kept', descriptor.value as object);
};

class WindowsController {
  constructor(private readonly answer: unknown) {}

  @marked()
  @Responds(windowResource)
  async one() {
    return this.answer;
  }

  @Responds(windowResource, { list: true })
  @marked()
  list() {
    return this.answer;
  }

  @Responds(windowResource, { nullable: true })
  async maybe() {
    return this.answer;
  }

  @Responds([windowResource, doorResource])
  async either() {
    return this.answer;
  }
}

describe('@Responds', () => {
  it('lets through the document the handler declares', async () => {
    const one = respond(windowResource, window);
    await expect(new WindowsController(one).one()).resolves.toBe(one);
    const list = respond(windowResource, [window]);
    expect(new WindowsController(list).list()).toBe(list);
    await expect(new WindowsController(respond(windowResource, null)).maybe()).resolves.toMatchObject({
      data: null,
    });
    // Answers that are not documents (a bare meta document) are not its business.
    await expect(new WindowsController({ meta: { deleted: 1 } }).one()).resolves.toEqual({
      meta: { deleted: 1 },
    });
  });

  it('fails an answer that is not what the handler declares', async () => {
    await expect(new WindowsController(respond(doorResource, window)).one()).rejects.toThrow(
      'WindowsController.one: it declares Window but answers Door (@Responds)',
    );
    await expect(new WindowsController(respond(windowResource, [window])).one()).rejects.toThrow(
      'it answers a list',
    );
    expect(() => new WindowsController(respond(windowResource, window)).list()).toThrow(
      'it declares a list but answers one resource',
    );
    await expect(new WindowsController(respond(windowResource, null)).one()).rejects.toThrow(
      'it answers null without declaring nullable',
    );
  });

  it('lets a handler choose among the resources it declares', async () => {
    const door = respond(doorResource, window);
    await expect(new WindowsController(door).either()).resolves.toBe(door);
    await expect(new WindowsController(respond(windowResource, window)).either()).resolves.toBeDefined();
    await expect(new WindowsController(door).one()).rejects.toThrow('it declares Window but answers Door');
  });

  it('keeps the metadata route decorators set, applied before or after it', () => {
    const prototype = WindowsController.prototype;
    for (const handler of [prototype.one, prototype.list]) {
      expect(Reflect.getMetadata(HANDLER_KEY, handler)).toBe('kept');
      expect(Reflect.getMetadata(RESPONDS_KEY, handler)).toMatchObject({ resources: [windowResource] });
    }
    expect(prototype.one.name).toBe('one');
  });
});
