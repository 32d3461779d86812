import { jsonDifferences } from './json-diff';

describe('jsonDifferences', () => {
  const document = { info: { title: 'a' }, schemas: { Answer: { $id: 'x', type: 'object', required: ['id', 'type'] } } };

  it('finds nothing between equal documents, whatever the key order', () => {
    expect(jsonDifferences(document, { schemas: { Answer: { required: ['id', 'type'], type: 'object', $id: 'x' } }, info: { title: 'a' } })).toEqual([]);
  });

  it('names every changed, added and removed member by its JSON Pointer', () => {
    const changed = { info: { title: 'b', version: '1' }, schemas: { Answer: { $id: 'x', type: 'object', required: ['id'] } } };
    expect(jsonDifferences(document, changed)).toEqual([
      { at: '/info/title', expected: 'a', actual: 'b' },
      { at: '/info/version', expected: undefined, actual: '1' },
      { at: '/schemas/Answer/required/1', expected: 'type', actual: undefined },
    ]);
  });

  it('ignores only the keys it is told to ignore', () => {
    const renamed = { ...document, schemas: { Answer: { ...document.schemas.Answer, $id: 'y' } } };
    expect(jsonDifferences(document, renamed).map((d) => d.at)).toEqual(['/schemas/Answer/$id']);
    expect(jsonDifferences(document, renamed, { ignoreKeys: ['$id'] })).toEqual([]);
    const { $id: _dropped, ...withoutId } = document.schemas.Answer;
    expect(jsonDifferences(document, { ...document, schemas: { Answer: withoutId } }, { ignoreKeys: ['$id'] })).toEqual([]);
  });

  it('escapes "/" and "~" in keys', () => {
    expect(jsonDifferences({ paths: { '/ask': 1 } }, { paths: { '/ask': 2 } })[0]?.at).toBe('/paths/~1ask');
  });
});
