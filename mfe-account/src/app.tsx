import type { RemoteAppProps } from '@kassa/api-client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AccountPage } from './account/account-page';
import { SetupPage } from './setup/setup-page';

/** Exposed as mfe_account/App; the shell renders it under /account/* and /setup/*. */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <Routes>
      <Route index element={basePath === '/setup' ? <SetupPage /> : <AccountPage />} />
      <Route path="*" element={<Navigate to={basePath} replace />} />
    </Routes>
  );
}
