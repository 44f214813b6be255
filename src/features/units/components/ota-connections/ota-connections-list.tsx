import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useOrganizationSettings } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import type { OtaConnection } from '../../api/ota-connection-get-all';
import { OtaConnectionActions } from './ota-connection-actions';
import { OtaConnectionStatus } from './ota-connection-status';

interface ListProps {
  connections: OtaConnection[];
  /** channels.write: the actions column. */
  writable: boolean;
  onEdit: (connection: OtaConnection) => void;
}

/** What each column shows, shared by the table (wide screens) and the cards (phones). */
function useCells() {
  const { t } = useTranslation(['channels', 'units']);
  const { timeZone } = useOrganizationSettings();
  const language = currentLanguage();
  return {
    platform: (c: OtaConnection) => t(`units:channels.platforms.${c.platform}`),
    unit: (c: OtaConnection) =>
      c.unit ? (
        <bdi>{localized(language, c.unit.name, c.unit.name_ar)}</bdi>
      ) : (
        <span className="text-amber-900">{t('ota.not_mapped')}</span>
      ),
    propertyId: (c: OtaConnection) => (
      <span dir="ltr" className="font-mono text-xs whitespace-nowrap">
        {c.property_id ?? t('ota.no_property_id')}
      </span>
    ),
    credentials: (c: OtaConnection) =>
      c.credentials_configured ? (
        <Badge variant="success" className="whitespace-nowrap">
          {t('ota.credentials_set')}
        </Badge>
      ) : (
        <Badge className="whitespace-nowrap">{t('ota.credentials_missing')}</Badge>
      ),
    lastSynced: (c: OtaConnection) =>
      c.last_synced_at ? formatDateTime(c.last_synced_at, language, timeZone) : t('ota.never_synced'),
  };
}

/** Every connection of the organisation: a table on wide screens, cards on phones. */
export function OtaConnectionsList({ connections, writable, onEdit }: ListProps) {
  const { t } = useTranslation('channels');
  const cells = useCells();
  const head = 'px-3 py-2 text-start text-xs font-semibold text-stone-700';
  return (
    <>
      <div className="hidden overflow-x-auto rounded-lg border border-stone-200 md:block">
        <table className="w-full text-sm" data-testid="ota-connections-table">
          <thead className="bg-stone-50">
            <tr>
              <th scope="col" className={head}>
                {t('ota.columns.connection')}
              </th>
              <th scope="col" className={head}>
                {t('ota.columns.unit')}
              </th>
              <th scope="col" className={head}>
                {t('ota.columns.property_id')}
              </th>
              <th scope="col" className={head}>
                {t('ota.columns.status')}
              </th>
              <th scope="col" className={head}>
                {t('ota.columns.credentials')}
              </th>
              <th scope="col" className={head}>
                {t('ota.columns.last_synced')}
              </th>
              {writable ? (
                <th scope="col" className={head}>
                  {t('ota.columns.actions')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {connections.map((connection) => (
              <tr key={connection.id} className="align-top" data-testid={`ota-connection-${connection.id}`}>
                <th scope="row" className="px-3 py-2 text-start font-medium">
                  <bdi className="block">{connection.connection_name}</bdi>
                  <span className="text-xs font-normal text-stone-600">{cells.platform(connection)}</span>
                </th>
                <td className="px-3 py-2">{cells.unit(connection)}</td>
                <td className="px-3 py-2">{cells.propertyId(connection)}</td>
                <td className="max-w-72 px-3 py-2">
                  <OtaConnectionStatus connection={connection} />
                </td>
                <td className="px-3 py-2">{cells.credentials(connection)}</td>
                <td className="px-3 py-2 whitespace-nowrap">{cells.lastSynced(connection)}</td>
                {writable ? (
                  <td className="px-3 py-2">
                    <OtaConnectionActions connection={connection} onEdit={onEdit} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid gap-3 md:hidden" data-testid="ota-connections-cards">
        {connections.map((connection) => (
          <li key={connection.id} className="grid gap-2 rounded-lg border border-stone-200 bg-white p-4">
            <div>
              <h3 className="font-semibold text-stone-900">
                <bdi>{connection.connection_name}</bdi>
              </h3>
              <p className="text-xs text-stone-600">{cells.platform(connection)}</p>
            </div>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-stone-600">{t('ota.columns.unit')}</dt>
              <dd>{cells.unit(connection)}</dd>
              <dt className="text-stone-600">{t('ota.columns.property_id')}</dt>
              <dd>{cells.propertyId(connection)}</dd>
              <dt className="text-stone-600">{t('ota.columns.credentials')}</dt>
              <dd>{cells.credentials(connection)}</dd>
              <dt className="text-stone-600">{t('ota.columns.last_synced')}</dt>
              <dd>{cells.lastSynced(connection)}</dd>
            </dl>
            <OtaConnectionStatus connection={connection} />
            {writable ? <OtaConnectionActions connection={connection} onEdit={onEdit} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
