/** SPEC §1: the full-screen loading indicator (while auth is configuring, the user loads, or a page loads). */
export function FullScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="host-loader host-loader--full" role="status" aria-live="polite">
      <span className="host-spinner" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** The same indicator inside the layout, while a remote page loads. */
export function PageLoader() {
  return (
    <div className="host-loader" role="status" aria-live="polite">
      <span className="host-spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading</span>
    </div>
  );
}
