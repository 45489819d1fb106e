import { api } from '@kassa/api-client';
import {
  AdminRegister,
  AdminRegisters,
  AdminUser,
  Paged,
  TfaDisableResult,
  type AdminRegisterBody,
  type AdminUserCreateBody,
  type AdminUserPatchBody,
  type PagedResult,
} from '@kassa/contracts';

/** Users and registers (accounts service). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<PagedResult<AdminUser>, { page: number; perPage: number; search: string | null }>({
      query: (params) => ({ url: '/admin/users/', params }),
      responseSchema: Paged(AdminUser),
      providesTags: ['Users'],
    }),
    getAdminUser: build.query<AdminUser, string>({
      query: (id) => ({ url: `/admin/users/${encodeURIComponent(id)}/` }),
      responseSchema: AdminUser,
      providesTags: ['Users'],
    }),
    createUser: build.mutation<AdminUser, AdminUserCreateBody>({
      query: (body) => ({ url: '/admin/users/', method: 'POST', body }),
      responseSchema: AdminUser,
      invalidatesTags: ['Users', 'Registers'],
    }),
    patchUser: build.mutation<AdminUser, { id: string; body: AdminUserPatchBody }>({
      query: ({ id, body }) => ({ url: `/admin/users/${id}/`, method: 'PATCH', body }),
      responseSchema: AdminUser,
      invalidatesTags: ['Users', 'Registers'],
    }),
    resetPassword: build.mutation<AdminUser, { id: string; password: string }>({
      query: ({ id, password }) => ({ url: `/admin/users/${id}/password`, method: 'POST', body: { password } }),
      responseSchema: AdminUser,
      invalidatesTags: ['Users'],
    }),
    resetTfa: build.mutation<TfaDisableResult, string>({
      query: (id) => ({ url: `/admin/users/${id}/tfa/reset`, method: 'POST' }),
      responseSchema: TfaDisableResult,
      invalidatesTags: ['Users'],
    }),
    getAdminRegisters: build.query<AdminRegisters, void>({
      query: () => ({ url: '/admin/registers/' }),
      responseSchema: AdminRegisters,
      providesTags: ['Registers'],
    }),
    getAdminRegister: build.query<AdminRegister, string>({
      query: (id) => ({ url: `/admin/registers/${encodeURIComponent(id)}/` }),
      responseSchema: AdminRegister,
      providesTags: ['Registers'],
    }),
    saveRegister: build.mutation<AdminRegister, { id: string | null; body: AdminRegisterBody }>({
      query: ({ id, body }) => (id ? { url: `/admin/registers/${id}/`, method: 'PUT', body } : { url: '/admin/registers/', method: 'POST', body }),
      responseSchema: AdminRegister,
      invalidatesTags: ['Registers', 'Users'],
    }),
    deleteRegister: build.mutation<AdminRegister, string>({
      query: (id) => ({ url: `/admin/registers/${id}/`, method: 'DELETE' }),
      responseSchema: AdminRegister,
      invalidatesTags: ['Registers'],
    }),
  }),
});

export const {
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useCreateUserMutation,
  usePatchUserMutation,
  useResetPasswordMutation,
  useResetTfaMutation,
  useGetAdminRegistersQuery,
  useGetAdminRegisterQuery,
  useSaveRegisterMutation,
  useDeleteRegisterMutation,
} = usersApi;
