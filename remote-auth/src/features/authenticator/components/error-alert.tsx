/** SPEC §2: a request's error, above the submit button, that the user can dismiss. */
export function ErrorAlert({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div className="bullpen-auth__alert" role="alert">
      <span className="bullpen-auth__alert-text">{message}</span>
      <button type="button" className="bullpen-auth__alert-close" aria-label="Dismiss alert" onClick={onDismiss}>
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 14 14" stroke="currentColor" strokeWidth="2">
          <path d="M2 2l10 10M12 2L2 12" />
        </svg>
      </button>
    </div>
  );
}
