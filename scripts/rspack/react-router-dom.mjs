// The part of React Router the apps use, shared at run time as the 'react-router-dom' singleton.
// A shared module cannot be tree-shaken (any remote may ask for any export), and all of react-router-dom v7 costs about
// 60 KB gzipped, most of it data routers and server rendering that Kassa does not use. The build aliases
// 'react-router-dom' to this list, tree-shaken once here. Need another export? Add it below; the build fails with
// "export ... was not found" until you do.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Navigate,
  Outlet,
  Link,
  NavLink,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
  useMatch,
  useOutlet,
  useOutletContext,
  useHref,
  useResolvedPath,
  useInRouterContext,
  useNavigationType,
  matchPath,
  matchRoutes,
  generatePath,
  resolvePath,
  createSearchParams,
  createPath,
  parsePath,
} from 'react-router';
