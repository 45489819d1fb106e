/**
 * What the shell hands to every remote's exposed `./App` component. The remote renders its routes relative to
 * `basePath` with the host's router (`<Routes>` inside the shell's `<basePath>/*` route).
 */
export interface RemoteAppProps {
  /** '/pos', '/account', '/setup', '/admin' or '/slides'. */
  basePath: string;
}
