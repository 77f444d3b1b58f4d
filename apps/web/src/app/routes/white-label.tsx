import { useParams } from 'react-router';
import { CollectionPage } from '../../features/public-collection/components/collection-page';

/**
 * The client's page for a white-label link, outside the app layout: no site navigation, and no admin,
 * dashboard or navigation code in its chunk.
 */
export function Component() {
  const { uuid = '' } = useParams();
  return <CollectionPage key={uuid} uuid={uuid} />;
}
