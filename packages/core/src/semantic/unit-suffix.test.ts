import { unitSuffix } from './unit-suffix';

describe('unitSuffix', () => {
  it.each([
    ['height cm', 'height', 'centimetres'],
    ['weight kg', 'weight', 'kilograms'],
    ['duration min', 'duration', 'minutes'],
    ['runtime min', 'runtime', 'minutes'],
    ['prep mins', 'prep', 'minutes'],
    ['distance km', 'distance', 'kilometres'],
  ])('%s is %s in %s', (label, quantity, unit) => {
    expect(unitSuffix(label)).toEqual({ quantity, unit });
  });

  it.each(['price min', 'min', 'temperature max', 'name', 'kcal per 100g'])('%s ends in no unit', (label) => {
    expect(unitSuffix(label)).toBeUndefined();
  });
});
