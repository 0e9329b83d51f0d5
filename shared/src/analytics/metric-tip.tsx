import { type ReactNode, useId, useState } from 'react';

/**
 * A figure's name that explains itself: hovering it or giving it the keyboard's focus shows a one-line tooltip, which
 * Escape dismisses (WCAG 1.4.13); screen readers hear the line as the name's description whether it shows or not.
 */
export function MetricTip({ term, tip }: { term: ReactNode; tip: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hovering is the pointer's way in; the button inside is the keyboard's, and the tooltip stays open while the pointer moves onto it (WCAG 1.4.13)
    <span className="bp-analytics__term-wrap" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
      <button
        type="button"
        className="bp-analytics__term"
        aria-describedby={id}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
      >
        {term}
      </button>
      <span role="tooltip" id={id} className="bp-analytics__tip" hidden={!open}>
        {tip}
      </span>
    </span>
  );
}
