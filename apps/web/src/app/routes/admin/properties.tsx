import { CalendarManagerDialog } from '../../../features/admin-calendar/components/calendar-manager-dialog';
import { PropertiesTab } from '../../../features/admin-properties/components/properties-tab';

/**
 * Admin tab: Properties (searchable cards, each with calendar & pricing, edit and delete).
 * Features never import each other, so the route composes the calendar & pricing manager into the cards.
 */
export function Component() {
  return <PropertiesTab renderCalendar={(args) => <CalendarManagerDialog {...args} />} />;
}
