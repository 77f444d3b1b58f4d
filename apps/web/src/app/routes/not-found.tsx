import { Link } from 'react-router';
import { Button } from '../../components/ui/button';

export function Component() {
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-32 text-center">
      <p className="eyebrow">Error 404</p>
      <h1 className="mt-4 text-6xl">Page Not Found</h1>
      <p className="mt-5 max-w-md text-stone">
        The page you are looking for does not exist or has moved. Our collection, however, is right where you
        left it.
      </p>
      <Button className="mt-10" asChild>
        <Link to="/">Return Home</Link>
      </Button>
    </section>
  );
}
