import './ui.css';
import type { ReactNode } from 'react';

/**
 * One screen of the app: named for assistive technology and in the browser tab ("Home · Bullpen"), its sections
 * stacked with the kit's spacing.
 */
export function Page({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section className="bp-page" aria-label={label}>
      {/* React 19 hoists <title> into the document head. */}
      <title>{`${label} · Bullpen`}</title>
      {children}
    </section>
  );
}
