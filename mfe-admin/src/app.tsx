import type { RemoteAppProps } from '@kassa/api-client';
import { LoadingArea } from '@kassa/ui';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ADMIN_ROUTES } from './admin-routes';
import { AdminPage } from './shared/admin-page';

/** Exposed as mfe_admin/App; the shell renders it under /admin/* for admins only. */
export default function App({ basePath }: RemoteAppProps) {
  // Most pages load their code when first opened (admin-routes.tsx): meanwhile the area shows it is loading.
  return (
    <Suspense fallback={<LoadingArea label="Loading page" />}>
      <Routes>
        <Route index element={<Navigate to={`${basePath}/transactions`} replace />} />
        {ADMIN_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={r.element} />
        ))}
        <Route path="*" element={<AdminPage title="Page not found" lead="There is no admin page at this address." />} />
      </Routes>
    </Suspense>
  );
}
