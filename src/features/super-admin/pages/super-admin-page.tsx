import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuditLogPanel } from '../components/audit-log-panel';
import { HealthPanel } from '../components/health-panel';
import { OrganizationDetail } from '../components/organization-detail';
import { OrganizationsPanel } from '../components/organizations-panel';
import { PlatformSellerPanel } from '../components/platform-seller-panel';
import { TestimonialsPanel } from '../components/testimonials-panel';
import { CONSOLE_TABS, useConsoleUrl, type ConsoleTab } from '../lib/console-url';

/**
 * The platform's own administration (issue 14). The route lets only the super administrator in
 * (anyone else meets "Page not found"), and the database answers its functions to no one else.
 */
export function SuperAdminPage() {
  const { t } = useTranslation('super-admin');
  const { values, set } = useConsoleUrl();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader title={t('title')} description={t('description')} />
      <Tabs value={values.tab} onValueChange={(tab) => set({ tab: tab as ConsoleTab, org: null }, { history: 'push' })}>
        <TabsList className="mb-6">
          {CONSOLE_TABS.map((tab) => (
            <TabsTrigger key={tab} value={tab} data-testid={`tab-${tab}`}>
              {t(`tabs.${tab}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="organizations">
          {values.org ? (
            <OrganizationDetail
              id={values.org}
              onBack={() => set({ org: null })}
              onAudit={() => set({ tab: 'audit', org: null, auditOrg: values.org ?? '' }, { history: 'push' })}
            />
          ) : (
            <OrganizationsPanel />
          )}
        </TabsContent>
        <TabsContent value="testimonials">
          <TestimonialsPanel />
        </TabsContent>
        <TabsContent value="platform">
          <PlatformSellerPanel />
        </TabsContent>
        <TabsContent value="health">
          <HealthPanel />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLogPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}
