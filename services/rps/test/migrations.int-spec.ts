import { checkMigrations } from '@lms/testing';
import { ENTITIES } from '../src/entities';
import { MIGRATIONS } from '../src/migrations';

describe('rps migrations', () => {
  it('match the entities exactly and revert cleanly', async () => {
    const { drift, tablesAfterRevert } = await checkMigrations({
      service: 'rps',
      entities: ENTITIES,
      migrations: MIGRATIONS,
    });
    expect(drift).toEqual([]);
    expect(tablesAfterRevert).toEqual(['migrations']);
  });
});
