import { api } from '@kassa/api-client';
import {
  AdminCategories,
  AdminCategory,
  AdminProduct,
  AdminReason,
  AdminReasons,
  BarMenu,
  Paged,
  ProductCount,
  ProductCountPerDay,
  type AdminCategoryBody,
  type AdminProductBody,
  type AdminReasonBody,
  type PagedResult,
} from '@kassa/contracts';

/** The catalogue's admin calls (SPEC 7 product calls, and categories and reasons in the same style). */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<PagedResult<AdminProduct>, { page: number; perPage: number; search: string | null; categoryId: string | null }>({
      query: (params) => ({ url: '/admin/products/', params }),
      responseSchema: Paged(AdminProduct),
      providesTags: ['Products'],
    }),
    saveProduct: build.mutation<AdminProduct, { id: string | null; body: AdminProductBody }>({
      query: ({ id, body }) => (id ? { url: `/admin/products/${id}/`, method: 'PUT', body } : { url: '/admin/products/', method: 'POST', body }),
      responseSchema: AdminProduct,
      invalidatesTags: ['Products', 'Categories'],
    }),
    deleteProduct: build.mutation<AdminProduct, string>({
      query: (id) => ({ url: `/admin/products/${id}/`, method: 'DELETE' }),
      responseSchema: AdminProduct,
      invalidatesTags: ['Products', 'Categories'],
    }),
    getProductCount: build.query<ProductCount, { id: string; start: string }>({
      query: ({ id, start }) => ({ url: `/admin/products/${id}/count/`, params: { start } }),
      responseSchema: ProductCount,
      providesTags: ['Products', 'Transactions'],
    }),
    getProductCountPerDay: build.query<ProductCountPerDay, { id: string; year: number }>({
      query: ({ id, year }) => ({ url: `/admin/products/${id}/count_per_day/`, params: { year } }),
      responseSchema: ProductCountPerDay,
      providesTags: ['Products', 'Transactions'],
    }),
    getAdminCategories: build.query<AdminCategories, void>({
      query: () => ({ url: '/admin/categories/' }),
      responseSchema: AdminCategories,
      providesTags: ['Categories'],
    }),
    saveCategory: build.mutation<AdminCategory, { id: string | null; body: AdminCategoryBody }>({
      query: ({ id, body }) => (id ? { url: `/admin/categories/${id}/`, method: 'PUT', body } : { url: '/admin/categories/', method: 'POST', body }),
      responseSchema: AdminCategory,
      invalidatesTags: ['Categories', 'Products'],
    }),
    deleteCategory: build.mutation<AdminCategory, string>({
      query: (id) => ({ url: `/admin/categories/${id}/`, method: 'DELETE' }),
      responseSchema: AdminCategory,
      invalidatesTags: ['Categories'],
    }),
    getBarMenu: build.query<BarMenu, void>({
      query: () => ({ url: '/admin/bar/menu/' }),
      responseSchema: BarMenu,
      providesTags: ['Categories'],
    }),
    saveBarMenu: build.mutation<BarMenu, string[]>({
      query: (categoryIds) => ({ url: '/admin/bar/menu/', method: 'PUT', body: { categoryIds } }),
      responseSchema: BarMenu,
      invalidatesTags: ['Categories'],
    }),
    getAdminReasons: build.query<AdminReasons, void>({
      query: () => ({ url: '/admin/reasons/' }),
      responseSchema: AdminReasons,
      providesTags: ['Reasons'],
    }),
    saveReason: build.mutation<AdminReason, { id: string | null; body: AdminReasonBody }>({
      query: ({ id, body }) => (id ? { url: `/admin/reasons/${id}/`, method: 'PUT', body } : { url: '/admin/reasons/', method: 'POST', body }),
      responseSchema: AdminReason,
      invalidatesTags: ['Reasons'],
    }),
    deleteReason: build.mutation<AdminReason, string>({
      query: (id) => ({ url: `/admin/reasons/${id}/`, method: 'DELETE' }),
      responseSchema: AdminReason,
      invalidatesTags: ['Reasons'],
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useSaveProductMutation,
  useDeleteProductMutation,
  useGetProductCountQuery,
  useGetProductCountPerDayQuery,
  useGetAdminCategoriesQuery,
  useSaveCategoryMutation,
  useDeleteCategoryMutation,
  useGetBarMenuQuery,
  useSaveBarMenuMutation,
  useGetAdminReasonsQuery,
  useSaveReasonMutation,
  useDeleteReasonMutation,
} = catalogueApi;
