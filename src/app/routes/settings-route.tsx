import { AutomationSettings } from '@/features/automation/components/automation-settings';
import { OtaConnectionsTab } from '@/features/units/components/ota-connections-tab';
import { IntegrationsTab } from '@/features/integrations/components/integrations-tab';
import { MessagesSettings } from '@/features/messaging/components/messages-settings';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { SettingsPage } from '@/features/settings/pages/settings-page';

/** Settings shows the notifications, messaging, automation, channels and integrations features' tabs (features meet only here). */
export function SettingsRoute() {
  return (
    <SettingsPage
      slots={{
        notifications: <NotificationSettings />,
        messages: <MessagesSettings />,
        automation: <AutomationSettings />,
        ota_connections: <OtaConnectionsTab />,
        integrations: <IntegrationsTab />,
      }}
    />
  );
}
