import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { SettingsPage } from '@/features/settings/pages/settings-page';

/** Settings shows the notifications feature's tab (features meet only here). */
export function SettingsRoute() {
  return <SettingsPage slots={{ notifications: <NotificationSettings /> }} />;
}
