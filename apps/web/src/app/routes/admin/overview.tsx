export { AdminOverview } from '../../../features/admin-overview/components/admin-overview';
