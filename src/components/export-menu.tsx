import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import type { SpreadsheetFormat } from '@/lib/spreadsheet';

/**
 * "Export" → Excel workbook or CSV; says when it is preparing the file. Shared by the payments
 * and reports screens (lib/spreadsheet writes the file), its words in the `export` namespace.
 */
export function ExportMenu({
  busy,
  disabled = false,
  onExport,
  testId,
}: {
  busy: boolean;
  disabled?: boolean;
  onExport: (format: SpreadsheetFormat) => void;
  testId: string;
}) {
  const { t } = useTranslation('export');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" disabled={busy || disabled} data-testid={testId}>
          <Download aria-hidden="true" />
          {busy ? t('preparing') : t('label')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onExport('xlsx')}>{t('xlsx')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onExport('csv')}>{t('csv')}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
