-- message_templates.whatsapp_template_name (20261129500100) was checked with '^[a-z0-9_]{1,512}$':
-- PostgreSQL's regular expressions allow a bound of at most 255 (RE_DUP_MAX), so every non-null
-- name was refused with "invalid regular expression: invalid repetition count(s)" — no template
-- could carry an approved WhatsApp template name. The same rule, as Meta states it (lowercase
-- letters, digits and underscores, at most 512 characters), written as a pattern and a length.
alter table public.message_templates drop constraint if exists message_templates_whatsapp_template_name_check;
alter table public.message_templates add constraint message_templates_whatsapp_template_name_check
  check (whatsapp_template_name is null
         or (whatsapp_template_name ~ '^[a-z0-9_]+$' and length(whatsapp_template_name) <= 512));
comment on constraint message_templates_whatsapp_template_name_check on public.message_templates is
  'The name approved in WhatsApp Manager: lowercase letters, digits and underscores, 1–512 characters.';
