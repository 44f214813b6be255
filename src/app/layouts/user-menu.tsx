import { CircleUserRound, LogOut, Settings } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useSession } from '@/lib/session';

export function UserMenu() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { session } = useSession();
  const { signOut } = useAuth();
  const who = session?.user.phone ? `+${session.user.phone.replace(/^\+/, '')}` : (session?.user.email ?? '');

  const handleSignOut = async () => {
    // Local scope: this device only. SPEC §7: 401/403/404 from the server are ignored by
    // auth-js, so a session the server already forgot still signs out here. Going through
    // useAuth marks it as asked for, so the login page does not say "Session expired".
    try {
      await signOut('local');
    } finally {
      void navigate(paths.login.getHref());
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t('user_menu.label')} data-testid="user-menu">
          <CircleUserRound aria-hidden="true" className="size-5!" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          {t('user_menu.signed_in_as')}
          <span dir="ltr" className="block truncate font-normal text-stone-900">
            {who}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void navigate(paths.dashboard.settings.getHref('profile'))}>
          <Settings aria-hidden="true" />
          {t('user_menu.settings')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void handleSignOut()}>
          <LogOut aria-hidden="true" className="rtl:rotate-180" />
          {t('user_menu.sign_out')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
