import { api } from '@kassa/api-client';
import type { ProductsResult } from '@kassa/contracts';

export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductsResult, void>({ query: () => '/products/', providesTags: ['Products'] }),
  }),
});

export const { useGetProductsQuery } = productsApi;
