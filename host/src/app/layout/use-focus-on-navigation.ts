import { useLocation } from '@bullpen/shared';
import { type RefObject, useEffect, useRef } from 'react';

/**
 * After an in-app navigation, focus moves to the new page's main region, where a full page load would leave a
 * screen reader or keyboard user: the next Tab is inside the page they asked for, not back at "Skip to content"
 * (WCAG 2.4.3). The first render leaves the browser's own focus alone.
 */
export function useFocusOnNavigation(target: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // preventScroll: the router's scroll position stays as it is; the region starts at the top of the page anyway.
    target.current?.focus({ preventScroll: true });
  }, [pathname, target]);
}
