import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SearchInput } from '@/components/ui/search-input';
import type { SpreadsheetFormat } from '@/lib/spreadsheet';
import { useSearchBox } from '@/lib/use-debounced';

export interface ClientsToolbarProps {
  search: string;
  vipOnly: boolean;
  exporting: boolean;
  onSearch: (search: string) => void;
  onVipOnly: (vipOnly: boolean) => void;
  onExport: (format: SpreadsheetFormat) => void;
}

export function ClientsToolbar({ search, vipOnly, exporting, onSearch, onVipOnly, onExport }: ClientsToolbarProps) {
  const { t } = useTranslation('clients');
  // The URL is the source of truth (Back, shared links); typing reaches it once it settles.
  const [text, setText] = useSearchBox(search, onSearch);

  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <SearchInput
        className="min-w-64 flex-1"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('toolbar.search_placeholder')}
        aria-label={t('toolbar.search_label')}
        data-testid="clients-search"
      />
      <label className="flex items-center gap-2 text-sm text-stone-800">
        <input
          type="checkbox"
          className="size-4 accent-primary-700"
          checked={vipOnly}
          onChange={(event) => onVipOnly(event.target.checked)}
        />
        {t('toolbar.vip_only')}
      </label>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" disabled={exporting} data-testid="clients-export">
            <Download aria-hidden="true" />
            {exporting ? t('export.preparing') : t('export.label')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => onExport('csv')}>{t('export.csv')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onExport('xlsx')}>{t('export.excel')}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
