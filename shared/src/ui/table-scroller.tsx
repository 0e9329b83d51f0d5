import './ui.css';
import type { ReactNode } from 'react';

/**
 * The box a wide table scrolls sideways in on a narrow screen, so the page itself never does. It takes keyboard focus
 * and is a named region (a labelled <section>), or a keyboard user could never scroll to the columns it hides (WCAG 2.1.1).
 */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable to be scrolled by keyboard.
    <section className="bp-table__scroll" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
