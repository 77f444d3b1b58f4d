import { PageLoading } from '../../../components/ui/spinner';
import { useCollection } from '../api/get-collection';
import { CollectionView, LinkNotFound } from './collection-view';

/**
 * The client's page for a white-label link, from the link's API answer: the collection,
 * or 'Link Not Found' when the link is unknown or cannot be loaded.
 */
export function CollectionPage({ uuid }: { uuid: string }) {
  const { data, isPending, isError } = useCollection(uuid);
  if (isPending) return <PageLoading label="Loading the collection" />;
  if (isError || !data) return <LinkNotFound />;
  return <CollectionView uuid={uuid} data={data} />;
}
