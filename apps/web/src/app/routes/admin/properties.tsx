import { PropertiesTab } from '../../../features/admin-properties/components/properties-tab';

/** Admin tab: Properties (seed 001 §2). */
export function Component() {
  return <PropertiesTab />;
}
