import { indexKeywords, keywordOf } from './keywords';

describe('the keyword table', () => {
  it('loads: no phrase has two meanings', () => {
    expect(keywordOf('give')).toEqual({ kind: 'list' });
    expect(keywordOf('leave')).toEqual({ kind: 'role', role: 'source' });
  });

  it('refuses a phrase listed under two kinds, naming it', () => {
    expect(() =>
      indexKeywords([
        [['over', 'above'], { kind: 'compare', op: 'gt' }],
        [['the', 'above'], { kind: 'noise' }],
      ]),
    ).toThrow(/"above" is both .*compare.* and .*noise/);
  });

  it('accepts the same phrase twice under the same meaning', () => {
    expect(indexKeywords([[['fly to', 'fly to'], { kind: 'role', role: 'destination' }]]).keywords.get('fly to')).toEqual({ kind: 'role', role: 'destination' });
  });
});
