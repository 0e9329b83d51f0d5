import { type ReactNode, useRef } from 'react';
import { Link, NavLink, useLocation, useUserStore } from '@bullpen/shared';
import { NotificationBell } from '../../features/notifications';
import { MarketFootnote } from './market-footnote';
import { SignOutButton } from './sign-out-button';
import { useFocusOnNavigation } from './use-focus-on-navigation';

const NAVIGATION = [
  { to: '/home', label: 'Home' },
  { to: '/create-contest', label: 'Create contest' },
  { to: '/profile', label: 'Profile' },
];

export function AppLayout({
  children,
  signedIn = true,
  navigation = true,
}: {
  children: ReactNode;
  signedIn?: boolean;
  navigation?: boolean;
}) {
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigation(main);
  const { pathname, search } = useLocation();
  const myId = useUserStore((state) => state.user?.id);
  // "Profile" is your own profile: another player's (/profile?userId=…) is not where that tab leads.
  const viewed = new URLSearchParams(search).get('userId');
  const othersProfile = viewed !== null && viewed !== myId;
  return (
    <div className="host-shell">
      <a className="host-skip" href="#main">
        Skip to content
      </a>
      <header className="host-header">
        <Link to={signedIn ? '/home' : '/auth'} className="host-brand" aria-label="Bullpen home">
          <span className="host-brand__mark" aria-hidden="true">
            ▲
          </span>
          Bullpen
        </Link>
        {signedIn && navigation ? (
          <nav aria-label="Main" className="host-nav">
            {NAVIGATION.map((item) =>
              item.to === '/profile' && othersProfile ? (
                <Link key={item.to} to={item.to} className="host-nav__link">
                  {item.label}
                </Link>
              ) : (
                <NavLink key={item.to} to={item.to} className="host-nav__link">
                  {item.label}
                </NavLink>
              ),
            )}
          </nav>
        ) : (
          <span className="host-nav" />
        )}
        <div className="host-header__actions">
          {signedIn && navigation ? <NotificationBell /> : null}
          {signedIn ? (
            <SignOutButton />
          ) : pathname !== '/auth' ? (
            // Signed-out pages such as /terms and the join information lead back to signing in.
            <Link to="/auth" className="host-button">
              Sign in
            </Link>
          ) : null}
        </div>
      </header>
      <main id="main" className="host-main" tabIndex={-1} ref={main}>
        {children}
      </main>
      <footer className="host-footer">
        <MarketFootnote />
        <Link to="/terms">Terms</Link>
      </footer>
    </div>
  );
}
