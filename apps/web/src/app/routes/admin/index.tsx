import { Navigate } from 'react-router';
import { paths } from '../../../config/paths';

/** /admin opens the first tab. */
export function Component() {
  return <Navigate to={paths.adminTab('properties')} replace />;
}
