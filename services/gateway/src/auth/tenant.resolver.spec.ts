import { MemoryStore } from '@lms/cache';
import type { GatewayConfig } from '../config';
import type { SharedStore } from '../shared-store';
import type { IdentityClient, ResolvedTenant } from './identity.client';
import { TenantResolver } from './tenant.resolver';

describe('TenantResolver', () => {
  const campus: ResolvedTenant = { id: 4, timeZone: 'Asia/Jakarta', name: 'Demo University' };

  const setUp = () => {
    const store = new MemoryStore();
    const lookups: string[] = [];
    const sharedReads: string[] = [];
    const get = store.get.bind(store);
    store.get = async <T>(key: string) => {
      sharedReads.push(key);
      return get<T>(key);
    };
    const identity = {
      tenantByHost: async (host: string) => {
        lookups.push(host);
        return host === 'lms.example.ac.id' ? { ...campus } : null;
      },
    } as unknown as IdentityClient;
    const config = { tenantCacheSeconds: 60 } as GatewayConfig;
    const resolver = new TenantResolver(identity, config, { store } as unknown as SharedStore);
    return { resolver, store, lookups, sharedReads };
  };

  afterEach(() => jest.useRealTimers());

  it('asks identity once per host, then answers from memory without reading the shared store', async () => {
    const { resolver, lookups, sharedReads } = setUp();
    expect(await resolver.resolve('LMS.example.ac.id')).toEqual(campus);
    expect(await resolver.resolve('lms.example.ac.id')).toEqual(campus);
    expect(await resolver.resolve('unknown.example.org')).toBeNull();
    expect(await resolver.resolve('unknown.example.org')).toBeNull();
    expect(lookups).toEqual(['lms.example.ac.id', 'unknown.example.org']);
    expect(sharedReads).toEqual(['tenant:lms.example.ac.id', 'tenant:unknown.example.org']);
  });

  it('reads the shared store again after a few seconds, and identity once that has expired', async () => {
    jest.useFakeTimers({ now: 0, doNotFake: ['nextTick', 'setImmediate'] });
    const { resolver, lookups, sharedReads } = setUp();
    await resolver.resolve('lms.example.ac.id');
    jest.setSystemTime(4_999);
    await resolver.resolve('lms.example.ac.id');
    expect(sharedReads).toHaveLength(1);
    jest.setSystemTime(5_000);
    await resolver.resolve('lms.example.ac.id');
    expect(sharedReads).toHaveLength(2);
    expect(lookups).toHaveLength(1);
    jest.setSystemTime(61_000);
    await resolver.resolve('lms.example.ac.id');
    expect(lookups).toHaveLength(2);
  });

  it('hands out a campus nobody can change for the next caller', async () => {
    const { resolver } = setUp();
    const first = await resolver.resolve('lms.example.ac.id');
    expect(() => Object.assign(first as ResolvedTenant, { id: 99 })).toThrow(TypeError);
    expect((await resolver.resolve('lms.example.ac.id'))?.id).toBe(4);
  });
});
