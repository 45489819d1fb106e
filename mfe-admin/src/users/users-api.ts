import { api } from '@kassa/api-client';
import { AdminRegister, AdminRegisters, AdminUser, Paged, TfaDisableResult, type AdminRegisterBody, type AdminUserCreateBody, type AdminUserPatchBody, type PagedResult } from '@kassa/contracts';
import { read, remove, save, send, seg, type ListArgs } from '../shared/endpoints';

/** Users and registers (accounts service). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminUsers: build.query<PagedResult<AdminUser>, ListArgs<{ search: string | null }>>(read('/admin/users/', Paged(AdminUser), ['Users'])),
    getAdminUser: build.query<AdminUser, string>(read((id) => `/admin/users/${seg(id)}/`, AdminUser, ['Users'])),
    createUser: build.mutation<AdminUser, AdminUserCreateBody>(send('POST', () => '/admin/users/', AdminUser, ['Users', 'Registers'], (body) => body)),
    patchUser: build.mutation<AdminUser, { id: string; body: AdminUserPatchBody }>(send('PATCH', ({ id }) => `/admin/users/${id}/`, AdminUser, ['Users', 'Registers'], ({ body }) => body)),
    resetPassword: build.mutation<AdminUser, { id: string; password: string }>(send('POST', ({ id }) => `/admin/users/${id}/password`, AdminUser, ['Users'], ({ password }) => ({ password }))),
    resetTfa: build.mutation<TfaDisableResult, string>(send('POST', (id) => `/admin/users/${id}/tfa/reset`, TfaDisableResult, ['Users'])),
    getAdminRegisters: build.query<AdminRegisters, void>(read('/admin/registers/', AdminRegisters, ['Registers'])),
    getAdminRegister: build.query<AdminRegister, string>(read((id) => `/admin/registers/${seg(id)}/`, AdminRegister, ['Registers'])),
    saveRegister: build.mutation<AdminRegister, { id: string | null; body: AdminRegisterBody }>(save('/admin/registers/', AdminRegister, ['Registers', 'Users'])),
    deleteRegister: build.mutation<AdminRegister, string>(remove('/admin/registers/', AdminRegister, ['Registers'])),
  }),
});

export const {
  useGetAdminUsersQuery, useGetAdminUserQuery, useCreateUserMutation, usePatchUserMutation, useResetPasswordMutation, useResetTfaMutation,
  useGetAdminRegistersQuery, useGetAdminRegisterQuery, useSaveRegisterMutation, useDeleteRegisterMutation
} = usersApi;
