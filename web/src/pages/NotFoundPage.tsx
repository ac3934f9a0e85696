import { Link, useSearchParams } from 'react-router-dom';

/** The 404 page: unknown paths, and pages the user's role may not open (with `from`). */
export function NotFoundPage() {
  const [params] = useSearchParams();
  const from = params.get('from');
  return (
    <main className="page-message full-page">
      <p className="error-code">404</p>
      <h1>Page not found</h1>
      <p className="muted">
        {from
          ? `The page ${from} does not exist or is not open to you.`
          : 'The page you asked for does not exist.'}
      </p>
      <Link className="button button-primary" to="/">
        Back to the homepage
      </Link>
    </main>
  );
}
