import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { settingsTabs, type SettingsTab } from '@/config/paths';
import { BillingTab } from '../components/billing-tab';
import { OrganizationTab } from '../components/organization-tab';
import { ProfileTab } from '../components/profile-tab';
import { PublicSiteSettings } from '../components/public-site-settings';
import { ReviewsManager } from '../components/reviews-manager';
import { RolesTab } from '../components/roles-tab';
import { SecurityTab } from '../components/security-tab';

/** The tabs other features own (notifications, messages, automation, OTA connections, integrations), composed by the route. */
const SLOT_TABS = ['notifications', 'messages', 'automation', 'ota_connections', 'integrations'] as const;
type SlotTab = (typeof SLOT_TABS)[number];
export type SettingsSlots = Partial<Record<SlotTab, ReactNode>>;

function isSlotTab(value: SettingsTab): value is SlotTab {
  return (SLOT_TABS as readonly string[]).includes(value);
}

function isSettingsTab(value: string | null): value is SettingsTab {
  return (settingsTabs as readonly (string | null)[]).includes(value);
}

/**
 * SPEC §2: `?tab=organization|notifications|billing` opens that tab (any of the ten works);
 * switching tabs updates the query so the address can be shared and survives a reload.
 */
export function SettingsPage({ slots = {} }: { slots?: SettingsSlots }) {
  const { t } = useTranslation('settings');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'profile';

  const handleTabChange = (value: string) => {
    if (!isSettingsTab(value)) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={tab} onValueChange={handleTabChange}>
        <TabsList aria-label={t('tabs_label')}>
          {settingsTabs.map((id) => (
            <TabsTrigger key={id} value={id} data-testid={`settings-tab-${id}`}>
              {t(`tabs.${id}.label`)}
            </TabsTrigger>
          ))}
        </TabsList>
        {settingsTabs.map((id) => (
          <TabsContent key={id} value={id}>
            <h2 className="mb-4 text-lg font-semibold text-stone-900">{t(`tabs.${id}.label`)}</h2>
            {id === 'security' ? <SecurityTab /> : null}
            {id === 'profile' ? <ProfileTab /> : null}
            {id === 'organization' ? <OrganizationTab /> : null}
            {id === 'billing' ? <BillingTab /> : null}
            {/* Public site: the site's form goes first, the guest reviews after it. */}
            {id === 'public_site' ? <PublicSiteSettings /> : null}
            {id === 'public_site' ? <ReviewsManager /> : null}
            {id === 'roles' ? <RolesTab /> : null}
            {/* The other features' tabs, composed in app/routes/settings-route.tsx. */}
            {isSlotTab(id) ? slots[id] : null}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
