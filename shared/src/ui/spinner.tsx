import './ui.css';
export function Spinner({ size = 'medium', label }: { size?: 'small' | 'medium' | 'large'; label?: string }) {
  return (
    <span
      className={`bp-spinner bp-spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-hidden={label ? undefined : true}
    >
      {label ? <span className="visually-hidden">{label}</span> : null}
    </span>
  );
}

/** The loading state of a page or a section, saying what it waits for ("Loading profile…"). */
export function PageLoader({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="bp-page-loader" role="status" aria-live="polite">
      <Spinner size="medium" />
      <span className="bp-page-loader__label">{label}</span>
    </div>
  );
}
