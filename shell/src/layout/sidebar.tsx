import {
  logout,
  pendingSetupItems,
  selectConfig,
  selectIsAuthenticated,
  selectKeyboardEnabled,
  setKeyboardEnabled,
  useAppDispatch,
  useAppSelector,
  useGetSelfAccountQuery,
  useTillKeyboard,
} from '@kassa/api-client';
import { Button, KeyboardIcon, LogoutIcon } from '@kassa/ui';
import { NavLink as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { isTillPath } from '../routing/till-path';
import { navSections, type NavLink } from './nav-links';

function Link({ link, sub = false }: { link: NavLink; sub?: boolean }) {
  return (
    <RouterLink
      to={link.to}
      end={sub || link.children !== undefined || link.end === true}
      className={({ isActive }) => `sidebar__link${sub ? ' sidebar__link--sub' : ''}${isActive ? ' sidebar__link--active' : ''}`}
    >
      <span>{link.label}</span>
      {link.badge ? (
        <span className="k-badge" aria-label={`${link.badge} to do`}>
          {link.badge}
        </span>
      ) : null}
    </RouterLink>
  );
}

function LinkList({ links }: { links: NavLink[] }) {
  return (
    <ul className="sidebar__list">
      {links.map((link) => (
        <li key={`${link.to}-${link.label}`}>
          <Link link={link} />
          {link.children ? (
            <ul className="sidebar__list sidebar__list--sub">
              {link.children.map((child) => (
                <li key={`${child.to}-${child.label}`}>
                  <Link link={child} sub />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function Sidebar() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const authenticated = useAppSelector(selectIsAuthenticated);
  const config = useAppSelector(selectConfig);
  const keyboard = useAppSelector(selectKeyboardEnabled);
  const tillKeyboard = useTillKeyboard();
  const onTill = isTillPath(useLocation().pathname) && tillKeyboard;
  const { data: self } = useGetSelfAccountQuery(undefined, { skip: !authenticated || !config?.user.accountId });
  const { main, admin } = navSections({ authenticated, config, pendingSetup: pendingSetupItems(self).length });

  const onLogout = () => {
    dispatch(logout({ byUser: true }));
    navigate('/login');
  };

  return (
    <div className="sidebar">
      <div className="sidebar__brand">
        <span className="sidebar__logo" aria-hidden="true">
          K
        </span>
        <span>Kassa</span>
      </div>
      <nav className="sidebar__nav" aria-label="Main">
        <LinkList links={main} />
        {admin.length > 0 ? (
          <>
            <div className="sidebar__heading">Administration</div>
            <LinkList links={admin} />
          </>
        ) : null}
      </nav>
      <div className="sidebar__footer">
        <span className="sidebar__user" title={config?.user.username}>
          {config?.user.username ?? (authenticated ? '' : 'Not logged in')}
        </span>
        {onTill ? (
          <Button
            variant="ghost"
            icon
            aria-label="On-screen keyboard"
            aria-pressed={keyboard}
            className={keyboard ? 'sidebar__toggle--on' : undefined}
            onClick={() => dispatch(setKeyboardEnabled(!keyboard))}
          >
            <KeyboardIcon />
          </Button>
        ) : null}
        {authenticated ? (
          <Button variant="ghost" icon aria-label="Log out" title="Log out" onClick={onLogout}>
            <LogoutIcon />
          </Button>
        ) : null}
      </div>
    </div>
  );
}
