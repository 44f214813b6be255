import { OtaConnectionsTab } from '@/features/units/components/ota-connections-tab';
import { IntegrationsTab } from '@/features/integrations/components/integrations-tab';
import { MessagesSettings } from '@/features/messaging/components/messages-settings';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { SettingsPage } from '@/features/settings/pages/settings-page';

/** Settings shows the notifications, messaging, channels and integrations features' tabs (features meet only here). */
export function SettingsRoute() {
  return (
    <SettingsPage
      slots={{
        notifications: <NotificationSettings />,
        messages: <MessagesSettings />,
        ota_connections: <OtaConnectionsTab />,
        integrations: <IntegrationsTab />,
      }}
    />
  );
}
