import { Link } from 'react-router-dom';

export function ErrorPage({ message }: { message?: string }) {
  return (
    <section className="host-error" aria-labelledby="error-title">
      <p className="host-error__code" aria-hidden="true">
        ⚠
      </p>
      <h1 id="error-title">Something went wrong</h1>
      <p>{message ?? 'The page you asked for does not exist, or something failed on our side.'}</p>
      <div className="host-error__actions">
        <button type="button" className="host-button host-button--primary" onClick={() => window.location.assign('/home')}>
          Go to home
        </button>
        <Link to="/terms" className="host-button">
          Read the terms
        </Link>
      </div>
    </section>
  );
}
