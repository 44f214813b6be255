import type { TFunction } from 'i18next';
import type { Role } from '../schemas';

/** A built-in role in the reader's language ("Team Member" / "عضو الفريق"); a custom one by its name. */
export function roleLabel(role: Pick<Role, 'key' | 'name'>, t: TFunction<'access'>): string {
  return role.key ? t(`roles.${role.key}`) : role.name;
}
