import type { IndexedValue } from '../../semantic/value-index';
import { createTenantValueIndexes } from './tenant-value-indexes';

const values = (...names: string[]): IndexedValue[] => names.map((value) => ({ entity: 'products', field: 'category', value }));

describe('per-tenant value indexes', () => {
  it('keeps each tenant\'s values apart and loads each tenant once', async () => {
    const indexes = createTenantValueIndexes();
    const loads: string[] = [];
    const load = (tenant: string, ...names: string[]) => () => {
      loads.push(tenant);
      return Promise.resolve(values(...names));
    };
    const [one, oneAgain, two] = await Promise.all([
      indexes.forTenant('{"orgId":1}', load('1', 'Laptop')),
      indexes.forTenant('{"orgId":1}', load('1', 'Laptop')),
      indexes.forTenant('{"orgId":2}', load('2', 'Fiction')),
    ]);
    expect(one).toBe(oneAgain);
    expect(loads).toEqual(['1', '2']);
    expect(one?.match('fiction')).toEqual([]);
    expect(one?.match('laptop')).toHaveLength(1);
    expect(two?.match('fictoin').map((m) => m.value)).toEqual(['Fiction']);
  });

  it('is bounded: the least recently used tenant is dropped first', async () => {
    const indexes = createTenantValueIndexes({ maxTenants: 2 });
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve(values('Laptop'));
    };
    await indexes.forTenant('a', load);
    await indexes.forTenant('b', load);
    await indexes.forTenant('a', load);
    await indexes.forTenant('c', load);
    expect(indexes.size).toBe(2);
    expect(loads).toBe(3);
    await indexes.forTenant('a', load);
    expect(loads).toBe(3);
    await indexes.forTenant('b', load);
    expect(loads).toBe(4);
  });

  it('rebuilds an index after its time to live, and does not keep a failed load', async () => {
    let now = 0;
    const indexes = createTenantValueIndexes({ ttlMs: 1000, clock: () => now });
    let loads = 0;
    const load = () => {
      loads += 1;
      return Promise.resolve(values('Laptop'));
    };
    await indexes.forTenant('a', load);
    now = 999;
    await indexes.forTenant('a', load);
    expect(loads).toBe(1);
    now = 1000;
    await indexes.forTenant('a', load);
    expect(loads).toBe(2);
    await expect(indexes.forTenant('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(indexes.size).toBe(1);
  });
});
