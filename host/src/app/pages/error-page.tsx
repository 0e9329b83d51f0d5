import { Link } from '@bullpen/shared';

export function ErrorPage({ message }: { message?: string }) {
  return (
    <section className="host-error" aria-labelledby="error-title">
      <svg className="host-error__icon" viewBox="0 0 24 24" width="44" height="44" aria-hidden="true">
        <path d="M12 2 1 21h22L12 2z" fill="var(--color-warning)" />
        <path d="M11 9h2v6h-2zm0 8h2v2h-2z" fill="var(--color-bg)" />
      </svg>
      <h1 id="error-title">Something went wrong</h1>
      <p>{message ?? 'The page you asked for does not exist, or something failed on our side.'}</p>
      <div className="host-error__actions">
        <button
          type="button"
          className="host-button host-button--primary"
          onClick={() => window.location.assign('/home')}
        >
          Go to home
        </button>
        <Link to="/terms" className="host-button">
          Read the terms
        </Link>
      </div>
    </section>
  );
}
