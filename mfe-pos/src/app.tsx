import type { RemoteAppProps } from '@kassa/api-client';
import { LoadingArea } from '@kassa/ui';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { TillPage } from './till/till-page';

/** The shift screen is not part of the till's first load. */
const ShiftPage = lazy(() => import(/* webpackChunkName: "shift" */ './shift/shift-page'));

/** Exposed as mfe_pos/App; the shell renders it under /pos/* with its store, router and dialogs. */
export default function App({ basePath }: RemoteAppProps) {
  return (
    <Routes>
      <Route index element={<TillPage />} />
      <Route
        path="shift"
        element={
          <Suspense fallback={<LoadingArea />}>
            <ShiftPage basePath={basePath} />
          </Suspense>
        }
      />
      <Route path="*" element={<Navigate to={basePath} replace />} />
    </Routes>
  );
}
