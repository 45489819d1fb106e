import { api } from '@kassa/api-client';
import { AdminCategories, AdminCategory, AdminProduct, AdminReason, AdminReasons, BarMenu, Paged, ProductCount, ProductCountPerDay } from '@kassa/contracts';
import type { AdminCategoryBody, AdminProductBody, AdminReasonBody, PagedResult } from '@kassa/contracts';
import { read, remove, save, send, type ListArgs } from '../shared/endpoints';

/** The catalogue's admin calls (SPEC 7 product calls, and categories and reasons in the same style). */
export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<PagedResult<AdminProduct>, ListArgs<{ search: string | null; categoryId: string | null }>>(
      read('/admin/products/', Paged(AdminProduct), ['Products']),
    ),
    saveProduct: build.mutation<AdminProduct, { id: string | null; body: AdminProductBody }>(save('/admin/products/', AdminProduct, ['Products', 'Categories'])),
    deleteProduct: build.mutation<AdminProduct, string>(remove('/admin/products/', AdminProduct, ['Products', 'Categories'])),
    getProductCount: build.query<ProductCount, { id: string; start: string }>(
      read(({ id, start }) => ({ url: `/admin/products/${id}/count/`, params: { start } }), ProductCount, ['Products', 'Transactions']),
    ),
    getProductCountPerDay: build.query<ProductCountPerDay, { id: string; year: number }>(
      read(({ id, year }) => ({ url: `/admin/products/${id}/count_per_day/`, params: { year } }), ProductCountPerDay, ['Products', 'Transactions']),
    ),
    getAdminCategories: build.query<AdminCategories, void>(read('/admin/categories/', AdminCategories, ['Categories'])),
    saveCategory: build.mutation<AdminCategory, { id: string | null; body: AdminCategoryBody }>(save('/admin/categories/', AdminCategory, ['Categories', 'Products'])),
    deleteCategory: build.mutation<AdminCategory, string>(remove('/admin/categories/', AdminCategory, ['Categories'])),
    getBarMenu: build.query<BarMenu, void>(read('/admin/bar/menu/', BarMenu, ['Categories'])),
    saveBarMenu: build.mutation<BarMenu, string[]>(send('PUT', () => '/admin/bar/menu/', BarMenu, ['Categories'], (categoryIds) => ({ categoryIds }))),
    getAdminReasons: build.query<AdminReasons, void>(read('/admin/reasons/', AdminReasons, ['Reasons'])),
    saveReason: build.mutation<AdminReason, { id: string | null; body: AdminReasonBody }>(save('/admin/reasons/', AdminReason, ['Reasons'])),
    deleteReason: build.mutation<AdminReason, string>(remove('/admin/reasons/', AdminReason, ['Reasons'])),
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
