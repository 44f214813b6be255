import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { useSaveRole } from '../api/save-role';
import type { PermissionModule } from '../lib/role-matrix';
import { roleFormSchema } from '../schemas';
import { PermissionMatrix } from './permission-matrix';

export interface RoleDialogProps {
  /** The custom role being edited, or null to create one. */
  role: { id: string; name: string; permissions: string[] } | null;
  modules: PermissionModule[];
  grantable: (key: string) => boolean;
  onClose: () => void;
}

/** Create or edit a custom role: its name and, by module, the permissions it grants. */
export function RoleDialog({ role, modules, grantable, onClose }: RoleDialogProps) {
  const { t } = useTranslation('access');
  const save = useSaveRole();
  const [name, setName] = useState(role?.name ?? '');
  const [permissions, setPermissions] = useState<string[]>(role?.permissions ?? []);
  const [error, setError] = useState<string | undefined>();

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = roleFormSchema.safeParse({ name, permissions });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await save.mutateAsync({ roleId: role?.id, previous: role?.permissions, values: parsed.data });
      toast.success(t(role ? 'toast.saved' : 'toast.created', { name: parsed.data.name }));
      onClose();
    } catch {
      // Toasted by the mutation with the database's reason; the dialog stays open to fix it.
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl" closeLabel={t('common:actions.close')} data-testid="role-dialog">
        <DialogHeader>
          <DialogTitle>{role ? t('form.edit_title', { name: role.name }) : t('form.create_title')}</DialogTitle>
          <DialogDescription>{t('form.description')}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
          <fieldset disabled={save.isPending} className="flex flex-col gap-4">
            <Field label={t('form.name')} error={error ? t(error) : undefined}>
              <Input
                value={name}
                maxLength={100}
                onChange={(event) => setName(event.target.value)}
                data-testid="role-name"
              />
            </Field>
            <PermissionMatrix
              modules={modules}
              selected={permissions}
              onChange={setPermissions}
              grantable={grantable}
            />
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={save.isPending} data-testid="role-save">
              {save.isPending ? t('form.saving') : t('form.save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
