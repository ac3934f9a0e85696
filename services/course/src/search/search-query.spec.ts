import { searchTerms } from './search-query';

const read = (typed: string) =>
  searchTerms(typed).map(
    ({ text, phrase, excluded, group }) => `${group}:${excluded ? '-' : ''}${phrase ? `"${text}"` : text}`,
  );

describe('searchTerms', () => {
  it('reads words, quoted phrases and left-out terms, each its own group', () => {
    expect(read('algo  "data structures" -draft -"old exam"')).toEqual([
      '0:algo',
      '1:"data structures"',
      '2:-draft',
      '3:-"old exam"',
    ]);
  });

  it('makes terms joined by OR (any case) alternatives of one group', () => {
    expect(read('graph or tree OR "linked list" sort')).toEqual([
      '0:graph',
      '0:tree',
      '0:"linked list"',
      '1:sort',
    ]);
  });

  it('reads a leading or trailing OR, an unclosed quote and a lone dash as the words they are', () => {
    expect(read('or graph OR')).toEqual(['0:or', '1:graph']);
    expect(read('"open phrase')).toEqual(['0:"open phrase"']);
    expect(read('a - b')).toEqual(['0:a', '1:-', '2:b']);
    expect(read('x-ray e-learning')).toEqual(['0:x-ray', '1:e-learning']);
    expect(read('   ')).toEqual([]);
  });
});
