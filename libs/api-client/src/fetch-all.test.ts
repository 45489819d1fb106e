import { describe, expect, it } from 'vitest';
import type { KassaArgs, KassaRequest, KassaResult } from './base-query';
import { fetchAll } from './fetch-all';

const pages = (all: number[], perPageSeen: number[]) => async (args: KassaArgs): Promise<KassaResult> => {
  const req = args as KassaRequest;
  const page = Number(req.params?.page);
  const perPage = Number(req.params?.perPage);
  perPageSeen.push(perPage);
  const pageCount = Math.ceil(all.length / perPage);
  return { data: { items: all.slice((page - 1) * perPage, page * perPage), pageCount, total: all.length }, meta: { status: 200 } };
};

describe('fetchAll', () => {
  it('loops pages of 50 up to pageCount and joins the items', async () => {
    const all = Array.from({ length: 123 }, (_, i) => i);
    const perPage: number[] = [];
    const res = await fetchAll<number>(pages(all, perPage), '/admin/products/', { search: 'bier' });
    expect(res.data).toEqual(all);
    expect(perPage).toEqual([50, 50, 50]);
  });

  it('asks once when everything fits on the first page (also when there is nothing)', async () => {
    const perPage: number[] = [];
    expect((await fetchAll<number>(pages([], perPage), '/x')).data).toEqual([]);
    expect(perPage).toEqual([50]);
  });

  it('stops at the first failing page and returns its error', async () => {
    let calls = 0;
    const res = await fetchAll<number>(async () => {
      calls += 1;
      if (calls === 2) return { error: { status: 0, code: 0, identifier: 'network_error', message: 'Network connection error', lines: [] }, meta: { status: 0 } };
      return { data: { items: [1], pageCount: 3, total: 3 }, meta: { status: 200 } };
    }, '/x');
    expect(res.error?.identifier).toBe('network_error');
    expect(calls).toBe(2);
  });

  it('treats an answer that is not a page as an error', async () => {
    const res = await fetchAll<number>(async () => ({ data: { accounts: [] }, meta: { status: 200 } }), '/x');
    expect(res.error?.identifier).toBe('unknown_error');
  });
});
