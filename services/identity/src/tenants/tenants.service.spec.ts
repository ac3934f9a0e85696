import type { UnitOfWork } from '@lms/events';
import type { Repository } from 'typeorm';
import type { Tenant } from './tenant.entity';
import { TenantsService } from './tenants.service';

describe('TenantsService.findById', () => {
  const setUp = () => {
    const queries: number[] = [];
    const repository = {
      findOneBy: async ({ id }: { id: number }) => {
        queries.push(id);
        return id === 1 ? ({ id: 1, name: 'Demo University', timeZone: 'Asia/Jakarta' } as Tenant) : null;
      },
    } as unknown as Repository<Tenant>;
    return { service: new TenantsService(repository, {} as UnitOfWork), queries };
  };

  afterEach(() => jest.useRealTimers());

  it('reads a campus once within a few seconds, and again after', async () => {
    jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate'] });
    const { service, queries } = setUp();
    expect((await service.findById(1))?.name).toBe('Demo University');
    expect(await service.findById(2)).toBeNull();
    jest.setSystemTime(4_999);
    await service.findById(1);
    await service.findById(2);
    expect(queries).toEqual([1, 2]);
    jest.setSystemTime(5_000);
    await service.findById(1);
    expect(queries).toEqual([1, 2, 1]);
  });

  it('hands out a campus no caller can change for the next one', async () => {
    const { service } = setUp();
    const tenant = await service.findById(1);
    expect(() => Object.assign(tenant as Tenant, { name: 'Changed' })).toThrow(TypeError);
    expect((await service.findById(1))?.name).toBe('Demo University');
  });
});
