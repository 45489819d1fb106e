import { selectIsAdmin, useAppSelector } from '@kassa/api-client';
import { memo, type ReactNode } from 'react';
import { Link, Route, Routes } from 'react-router-dom';
import { AboutPage } from '../about/about-page';
import { ShellLayout } from '../layout/shell-layout';
import { LoginCallbackPage } from '../login/login-callback-page';
import { LoginPage } from '../login/login-page';
import { RemoteArea, type RemoteAreaProps } from '../remotes/remote-area';
import { RequireConfig } from '../session/require-config';
import { TfaSetupPage } from '../tfa/tfa-setup-page';
import { RouteGuard } from './route-guard';
import { TFA_SETUP_PATH } from './route-rules';

type Loader = RemoteAreaProps['loader'];

/**
 * SPEC 2 "Routes". `loader` replaces Module Federation in tests. Memoised: the routes follow the location themselves, and
 * the shell around them re-renders when the configuration or the keyboard setting arrives, which rebuilt every route
 * element and matched the routes again (twice more in a cold till's start).
 */
export const AppRoutes = memo(function AppRoutes({ loader }: { loader?: Loader }) {
  const remote = (name: RemoteAreaProps['remote'], basePath: string) => (
    <RemoteArea remote={name} basePath={basePath} {...(loader ? { loader } : {})} />
  );
  return (
    <Routes>
      <Route element={<RouteGuard />}>
        <Route path="/slides/*" element={<div className="fullscreen">{remote('mfe_slides', '/slides')}</div>} />
        <Route element={<ShellLayout />}>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/login/callback" element={<LoginCallbackPage />} />
          <Route path="/about" element={<AboutPage />} />
          <Route element={<RequireConfig />}>
            <Route path="/pos/*" element={remote('mfe_pos', '/pos')} />
            <Route path="/account/*" element={remote('mfe_account', '/account')} />
            {/* A static path outranks the splat below, so the account remote never sees /setup/tfa. */}
            <Route path={TFA_SETUP_PATH} element={<TfaSetupPage />} />
            <Route path="/setup/*" element={remote('mfe_account', '/setup')} />
            <Route path="/admin/*" element={<AdminOnly>{remote('mfe_admin', '/admin')}</AdminOnly>} />
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
  );
});

/** The server refuses admin calls from others anyway; this keeps them from a page of errors. */
function AdminOnly({ children }: { children: ReactNode }) {
  const isAdmin = useAppSelector(selectIsAdmin);
  if (isAdmin) return <>{children}</>;
  return (
    <div className="k-page k-page--narrow">
      <div className="k-alert k-alert--error" role="alert">
        No permission
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <div className="k-page k-page--narrow k-stack">
      <h1 className="k-page__title">Page not found</h1>
      <p className="k-muted">There is nothing at this address.</p>
      <p>
        <Link to="/pos">Go to the shop</Link>
      </p>
    </div>
  );
}
