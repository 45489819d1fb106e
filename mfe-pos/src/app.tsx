import type { RemoteAppProps } from '@kassa/api-client';
import { Navigate, Route, Routes } from 'react-router-dom';
import { TillPage } from './till/till-page';

/** Exposed as mfe_pos/App; the shell renders it under /pos/* with its store, router and dialogs. */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <Routes>
      <Route index element={<TillPage />} />
      <Route path="*" element={<Navigate to={basePath} replace />} />
    </Routes>
  );
}
