import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Settings → Integrations → E-mail: nothing to set up. Guest e-mails go from the platform's
 * sender address (EMAIL_FROM) under the organisation's name; replies reach the organisation.
 */
export function EmailCard() {
  const { t } = useTranslation('integrations');
  return (
    <Card data-testid="integration-email" aria-labelledby="integration-email-title">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="integration-email-title">{t('messaging.email.title')}</CardTitle>
          <Badge variant="success">{t('messaging.email.status')}</Badge>
        </div>
        <CardDescription>{t('messaging.email.description')}</CardDescription>
      </CardHeader>
    </Card>
  );
}
