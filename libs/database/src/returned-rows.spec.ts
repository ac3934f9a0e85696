import { returnedRows } from './returned-rows';

describe('returnedRows', () => {
  it('takes the rows of an UPDATE or DELETE answer ([rows, affectedCount])', () => {
    expect(returnedRows([[{ id: 1 }, { id: 2 }], 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(returnedRows([[], 0])).toEqual([]);
  });

  it('keeps the rows of an INSERT or SELECT answer as they are', () => {
    const rows = [{ id: 1 }, { id: 2 }];
    expect(returnedRows(rows)).toBe(rows);
    expect(returnedRows([])).toEqual([]);
  });
});
