import { Button } from './button';

/** The next page of a list: 'Loading...' and disabled while it loads. */
export function ShowMoreButton({
  onClick,
  loading,
  label = 'Show more',
}: {
  onClick: () => unknown;
  loading: boolean;
  label?: string;
}) {
  return (
    <Button variant="outline" size="sm" onClick={() => void onClick()} disabled={loading}>
      {loading ? 'Loading...' : label}
    </Button>
  );
}
