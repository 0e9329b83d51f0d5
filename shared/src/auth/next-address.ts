// SPEC §2: while signed out, the full current address is kept in localStorage under "next"; after sign-in it is
// removed and followed (path and query only, replacing the history entry). DESIGN §1: only a same-origin path is
// ever followed, so "next" can never send anyone to another site.

export const NEXT_KEY = 'next';

export function saveNextAddress(href: string = window.location.href): void {
  try {
    localStorage.setItem(NEXT_KEY, href);
  } catch {
    // Storage can be unavailable (private mode, quota); losing "next" only means landing on /home.
  }
}

/** The path and query of a same-origin address, or null for anything else. */
export function sameOriginPath(value: string, origin: string = window.location.origin): string | null {
  try {
    const url = new URL(value, origin);
    if (url.origin !== origin || !['http:', 'https:'].includes(url.protocol)) return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

/** The path "next" asks for, if it is a safe one; reading does not remove it, so a repeated render is harmless. */
export function peekNextPath(): string | null {
  try {
    const value = localStorage.getItem(NEXT_KEY);
    return value === null ? null : sameOriginPath(value);
  } catch {
    return null;
  }
}

export function clearNextAddress(): void {
  try {
    localStorage.removeItem(NEXT_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
