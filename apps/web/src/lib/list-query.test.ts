import { describe, expect, it } from 'vitest';
import { pageQuery } from './list-query';

describe('pageQuery', () => {
  it('turns the table’s 0-based page into the API’s page from 1, with the sort and a trimmed search', () => {
    expect(pageQuery({ pageIndex: 0, pageSize: 100 })).toEqual({ page: 1, perPage: 100 });
    expect(
      pageQuery({ pageIndex: 2, pageSize: 100, sort: { field: 'amount', desc: true }, search: ' Acme ' }),
    ).toEqual({ page: 3, perPage: 100, sort: 'amount:desc', search: 'Acme' });
    expect(pageQuery({ pageIndex: 0, pageSize: 500, sort: { field: 'tripNumber', desc: false } })).toEqual({
      page: 1,
      perPage: 500,
      sort: 'tripNumber:asc',
    });
    // A blank search is no search.
    expect(pageQuery({ pageIndex: 0, pageSize: 100, search: '   ' })).toEqual({ page: 1, perPage: 100 });
  });
});
