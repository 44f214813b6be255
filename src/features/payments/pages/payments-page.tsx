import { BarChart3, FileText, Landmark, Percent, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useFinancePermissions, type FinancePermissions } from '../api/get-permissions';
import { ComplianceSection } from '../components/compliance-section';
import { NoAccessState } from '../components/no-access-state';
import { PaymentsSection } from '../components/payments-section';
import { ReportsSection } from '../components/reports-section';
import { SectionError } from '../components/section-error';
import { VatSection } from '../components/vat-section';
import { PAYMENTS_SECTIONS, type PaymentsSection as Section } from '../lib/payments-url';

const ICONS: Record<Section, LucideIcon> = {
  invoices: FileText,
  payments: Wallet,
  reports: BarChart3,
  vat: Percent,
  compliance: Landmark,
};

/** Which sections a role may read (the database enforces the same, and answers nothing else). */
export function canRead(section: Section, permissions: FinancePermissions): boolean {
  switch (section) {
    case 'invoices':
    case 'vat':
      return permissions.invoicesRead;
    case 'payments':
      return permissions.paymentsRead;
    case 'reports':
      return permissions.invoicesRead || permissions.paymentsRead;
    case 'compliance':
      return permissions.invoicesRead || permissions.settingsManage;
  }
}

export interface PaymentsPageProps {
  /**
   * The invoices section, from the invoices feature (features do not import each other: the
   * route in app/ composes them).
   */
  invoicesSection?: ReactNode;
}

/**
 * /dashboard/payments: invoices, payments history, financial reports, the VAT report and tax
 * compliance as tabs whose choice (and each one's filters) lives in the URL. Tabs scroll
 * sideways on a phone and move with the arrow keys (Enter opens one); a section the role
 * cannot read says so instead of showing empty figures.
 */
export function PaymentsPage({ invoicesSection }: PaymentsPageProps) {
  const { t } = useTranslation('payments');
  const [searchParams, setSearchParams] = useSearchParams();
  const permissions = useFinancePermissions();
  const asked = searchParams.get('section');
  const explicit = PAYMENTS_SECTIONS.find((section) => section === asked);
  const allowed = permissions.data;
  // Without ?section=, the first section this role may read (invoices for most roles).
  const section: Section =
    explicit ?? (allowed ? (PAYMENTS_SECTIONS.find((item) => canRead(item, allowed)) ?? 'invoices') : 'invoices');

  const open = (next: string) => {
    // A new section starts from a clean URL: the sections' filters never meet.
    setSearchParams(next === 'invoices' ? {} : { section: next });
  };

  const content = (item: Section): ReactNode => {
    if (!allowed) return null;
    if (!canRead(item, allowed)) return <NoAccessState section={item} />;
    switch (item) {
      case 'invoices':
        return invoicesSection ?? null;
      case 'payments':
        return <PaymentsSection />;
      case 'reports':
        return <ReportsSection />;
      case 'vat':
        return <VatSection />;
      case 'compliance':
        return <ComplianceSection permissions={allowed} />;
    }
  };

  const header = <PageHeader title={t('title')} description={t('description')} />;
  if (permissions.isPending) {
    return (
      <>
        {header}
        <Skeleton className="h-10 w-full" />
      </>
    );
  }
  if (permissions.isError) {
    return (
      <>
        {header}
        <SectionError
          title={t('permissions_error')}
          error={permissions.error}
          onRetry={() => void permissions.refetch()}
        />
      </>
    );
  }
  if (allowed && !PAYMENTS_SECTIONS.some((item) => canRead(item, allowed))) {
    return (
      <>
        {header}
        <NoAccessState section="page" />
      </>
    );
  }

  return (
    <>
      {header}
      <Tabs value={section} onValueChange={open} activationMode="manual">
        <TabsList aria-label={t('sections.label')} className="print:hidden" data-testid="payments-tabs">
          {PAYMENTS_SECTIONS.map((item) => {
            const Icon = ICONS[item];
            return (
              <TabsTrigger key={item} value={item} className="flex items-center gap-2" data-testid={`tab-${item}`}>
                <Icon aria-hidden="true" className="size-4" />
                {t(`sections.${item}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        {PAYMENTS_SECTIONS.map((item) => (
          <TabsContent key={item} value={item} data-testid={`panel-${item}`}>
            {item === section ? content(item) : null}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
