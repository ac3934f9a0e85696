import { JsonApiException } from './errors';
import { idList } from './id-list';

describe('idList', () => {
  it('reads positive whole numbers and digit strings as ids, in order', () => {
    expect(idList([3, '12', 1], 'ids')).toEqual([3, 12, 1]);
  });

  it.each([[[0]], [[-1]], [[1.5]], [['7a']], [[null]], [[{}]], [[Number.MAX_SAFE_INTEGER + 1]]])(
    'answers 422 on the field for %j',
    (values) => {
      let thrown: unknown;
      try {
        idList(values, 'module_ids');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(JsonApiException);
      const [error] = (thrown as JsonApiException).errors;
      expect(error.status).toBe('422');
      expect(error.source?.pointer).toBe('/data/attributes/module_ids');
      expect(error.detail).toBe('module_ids must be a list of ids');
    },
  );
});
