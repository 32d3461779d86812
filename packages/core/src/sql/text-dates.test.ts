import { parseTextDate, textDateFormatOf } from './text-dates';

describe('dates kept as text in a well-known format', () => {
  it('reads DD-MON-YY with Oracle\'s RR rule (00-49 is 20xx, 50-99 is 19xx) and DD-MON-YYYY, any letter case', () => {
    expect(parseTextDate('23-OCT-10', 'DD-MON-YY')).toBe('2010-10-23');
    expect(parseTextDate('01-jan-99', 'DD-MON-YY')).toBe('1999-01-01');
    expect(parseTextDate('31-Dec-49', 'DD-MON-YY')).toBe('2049-12-31');
    expect(parseTextDate('29-FEB-2012', 'DD-MON-YYYY')).toBe('2012-02-29');
  });

  it('reads no day a value does not name: the wrong shape, a month it does not know, a day the month lacks', () => {
    expect(parseTextDate('2010-10-23', 'DD-MON-YY')).toBeUndefined();
    expect(parseTextDate('23-OKT-10', 'DD-MON-YY')).toBeUndefined();
    expect(parseTextDate('29-FEB-11', 'DD-MON-YY')).toBeUndefined();
    expect(parseTextDate('23-OCT-2010', 'DD-MON-YY')).toBeUndefined();
  });

  it('a column is in a format only when every value is', () => {
    expect(textDateFormatOf(['23-OCT-10', '01-NOV-10'])).toBe('DD-MON-YY');
    expect(textDateFormatOf(['23-OCT-2010'])).toBe('DD-MON-YYYY');
    // Counter-examples: one value of another kind, no values, and day/month numbers whose order is unknown.
    expect(textDateFormatOf(['23-OCT-10', 'soon'])).toBeUndefined();
    expect(textDateFormatOf([])).toBeUndefined();
    expect(textDateFormatOf(['10/11/12'])).toBeUndefined();
  });
});
