import { selectConfig, selectIsAuthenticated, selectLoggedOutByUser, useAppSelector } from '@kassa/api-client';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { redirectFor } from './route-rules';

/** Applies the SPEC 2 redirects to every location before anything renders. */
export function RouteGuard() {
  const { pathname, search } = useLocation();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const config = useAppSelector(selectConfig);
  const loggedOutByUser = useAppSelector(selectLoggedOutByUser);
  const target = redirectFor({ pathname, search, authenticated, config, loggedOutByUser });
  if (target !== null) return <Navigate to={target} replace />;
  return <Outlet />;
}
