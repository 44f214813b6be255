import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionModule } from '../lib/role-matrix';

export interface PermissionMatrixProps {
  modules: PermissionModule[];
  selected: readonly string[];
  /** Absent: read-only (a built-in role, or a role shown, not edited). */
  onChange?: (next: string[]) => void;
  /** May this permission be given by the caller? Others stay disabled, with the hint saying why. */
  grantable?: (key: string) => boolean;
}

/**
 * Permissions by module and action: one small group of checkboxes per module, which wraps into
 * one, two or three columns, so a 390 px phone reads it without a wide grid.
 */
export function PermissionMatrix({ modules, selected, onChange, grantable = () => true }: PermissionMatrixProps) {
  const { t } = useTranslation('access');
  const hintId = useId();
  const editable = onChange !== undefined;
  const toggle = (key: string, on: boolean) =>
    onChange?.(on ? [...selected, key] : selected.filter((existing) => existing !== key));
  return (
    <div className="flex flex-col gap-2">
      {editable ? (
        <p id={hintId} className="text-xs text-stone-600">
          {t('matrix.grant_hint')}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="permission-matrix">
        {modules.map(({ module, permissions }) => (
          <fieldset key={module} className="rounded-lg border border-stone-200 px-3 pt-1 pb-2">
            <legend className="px-1 text-sm font-semibold text-stone-800">
              {t(`modules.${module}`, { defaultValue: module })}
            </legend>
            <div className="flex flex-wrap gap-x-4">
              {permissions.map((permission) => {
                const checked = selected.includes(permission.key);
                const allowed = grantable(permission.key);
                return (
                  <label
                    key={permission.key}
                    className="flex min-h-10 items-center gap-2 text-sm text-stone-700 has-disabled:text-stone-500"
                  >
                    <input
                      type="checkbox"
                      className="size-5 accent-primary-700"
                      checked={checked}
                      disabled={!editable || !allowed}
                      aria-describedby={editable && !allowed ? hintId : undefined}
                      data-testid={`permission-${permission.key}`}
                      onChange={(event) => toggle(permission.key, event.target.checked)}
                    />
                    {t(`actions.${permission.action}`, { defaultValue: permission.action })}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </div>
  );
}
