import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { Button } from '../../components/ui/button';
import { couldNotLoad } from '../../components/ui/query-state';
import { ApiError } from '../../lib/api-client';
import { PageTitle } from './page-title';

/** A lazy route's chunk could not be fetched: offline, or the site was updated since it loaded. */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(
    error.message,
  );

/** A sentence for the reader, never a status code or a stack: 'NNN: …' stays in the console. */
export function routeErrorMessage(error: unknown): string {
  if (isRouteErrorResponse(error))
    return error.status === 404
      ? 'We could not find this page.'
      : 'Something went wrong on our side while showing this page.';
  if (error instanceof ApiError) return error.message;
  if (isChunkLoadError(error)) return couldNotLoad('This page', '; the connection may have dropped.');
  return 'Something went wrong while showing this page.';
}

export function RouteError() {
  const error = useRouteError();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center px-6 text-center">
      <PageTitle title="Something went wrong" />
      <p className="eyebrow">Unexpected error</p>
      <h1 className="mt-4 text-5xl">We are sorry</h1>
      <p className="mt-4 text-stone">{routeErrorMessage(error)}</p>
      <p className="mt-1 text-stone">Please reload the page or return home.</p>
      <div className="mt-8 flex gap-3">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Button variant="outline" asChild>
          <Link to="/">Home</Link>
        </Button>
      </div>
    </main>
  );
}
