import { detailsAliases } from './details-aliases';

describe('detailsAliases', () => {
  it('calls a "details" column "information" and "info", qualifier kept', () => {
    expect(detailsAliases('account details')).toEqual(['account information', 'account info']);
    expect(detailsAliases('Other Hotel Details')).toEqual(['other hotel information', 'other hotel info']);
    expect(detailsAliases('detail')).toEqual(['information', 'info']);
  });

  it('leaves every other column alone', () => {
    expect(detailsAliases('description')).toEqual([]);
    expect(detailsAliases('details count')).toEqual([]);
    expect(detailsAliases('')).toEqual([]);
  });
});
