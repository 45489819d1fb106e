import { navClosed, navOpened, selectIsAuthenticated, selectNavOpen, useAppDispatch, useAppSelector } from '@kassa/api-client';
import { Button, CloseIcon, MenuIcon, useMediaQuery, WIDE_SCREEN_QUERY } from '@kassa/ui';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { isUnder } from '../routing/route-rules';
import { useGetConfigQuery } from '../session/auth-api';
import { Sidebar } from './sidebar';
import './shell.css';

/**
 * A persistent rail beside the content on wide screens; a drawer on narrow ones and on the till, which needs the
 * whole width and opens the drawer from its own menu button (dispatch(navOpened())).
 */
export function ShellLayout() {
  const dispatch = useAppDispatch();
  const wide = useMediaQuery(WIDE_SCREEN_QUERY);
  const { pathname } = useLocation();
  const onTill = isUnder(pathname, '/pos');
  const rail = wide && !onTill;
  const navOpen = useAppSelector(selectNavOpen);
  // Public pages (/about) sit outside RequireConfig; a signed-in user still sees their name and links there.
  const authenticated = useAppSelector(selectIsAuthenticated);
  useGetConfigQuery(undefined, { skip: !authenticated || isUnder(pathname, '/login') });

  useEffect(() => {
    dispatch(navClosed());
  }, [pathname, dispatch]);

  return (
    <div className={`shell${rail ? ' shell--rail' : ' shell--drawer'}`}>
      {rail ? (
        <aside className="shell__rail">
          <Sidebar />
        </aside>
      ) : (
        <NavDrawer open={navOpen} onClose={() => dispatch(navClosed())} />
      )}
      <div className="shell__main">
        {!rail && !onTill ? (
          <header className="shell__topbar">
            <Button variant="ghost" icon aria-label="Open menu" onClick={() => dispatch(navOpened())}>
              <MenuIcon />
            </Button>
            <span className="shell__title">Kassa</span>
          </header>
        ) : null}
        <main className="shell__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/**
 * The drawer's links are built the first time it opens, then kept (closing it slides it away, drawn): on the till it
 * usually stays shut, and a shut drawer's links were rendered again at start each time the config or the session
 * changed, in the cold till's way to the first tap.
 */
function NavDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <div className={`drawer${open ? ' drawer--open' : ''}`} aria-hidden={!open} inert={!open}>
      <div className="drawer__backdrop" onClick={onClose} data-testid="drawer-backdrop" />
      <div className="drawer__panel" role="dialog" aria-modal="true" aria-label="Navigation">
        <div className="drawer__close">
          <Button variant="ghost" icon aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </Button>
        </div>
        {opened ? <Sidebar /> : null}
      </div>
    </div>
  );
}
