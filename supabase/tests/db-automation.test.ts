/**
 * Issue 17, automation rules and task templates through supabase-js as the demo owner, the team
 * member (no automations.*), the vendor and the other organisation's owner (the attacker): RLS, the
 * refusals of a rule's configuration, the default "Cleaning after check-out" rule (on: the cleaning
 * task; off: none), once per event, every trigger firing its rules, a failing action logged while the
 * change that fired it commits, a send action queueing the message, create_invoice making a draft.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStack, type TestStack } from './helpers/test-stack';
import { DEMO, ORG1, ORG2, SPARKLE_VENDOR, service, signInDemo, type Db } from './fixtures/db-accounts';

let stack: TestStack;
let owner1: Db;
let member1: Db;
let vendor1: Db;
let owner2: Db;
let svc: Db;
let cleaningTemplate: string;
let cleaningRule: string;
let adminRole: string;

/** YYYY-MM-DD in Riyadh, n days from today. */
function riyadhDay(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Riyadh' }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

async function newUnit(name: string): Promise<string> {
  const { data } = await owner1
    .from('units')
    .insert({ name, name_ar: `وحدة ${name}`, price_per_night: 400, cleaning_fee: 100, check_in_time: '15:00' })
    .select('id')
    .single()
    .throwOnError();
  return data.id;
}

async function newClient(opts: { phone?: string; email?: string | null } = {}): Promise<string> {
  const { data } = await svc
    .from('clients')
    .insert({
      organization_id: ORG1,
      name: 'Automation Guest',
      national_id: `1${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      phone: opts.phone ?? '+966551234567',
      email: opts.email ?? null,
      preferred_language: 'en',
    })
    .select('id')
    .single()
    .throwOnError();
  return data.id;
}

/** A stay of the owner (the app's path), in house since the day before yesterday unless told. */
async function stay(unit: string, client: string, status: 'pending' | 'confirmed' | 'checked_in' = 'checked_in') {
  const { data } = await owner1
    .from('bookings')
    .insert({
      unit_id: unit,
      client_id: client,
      check_in: riyadhDay(-2),
      check_out: riyadhDay(0),
      status,
      booking_reference: 'ignored',
    })
    .select('id')
    .single()
    .throwOnError();
  return data.id;
}

async function rule(fields: {
  name: string;
  trigger: string;
  action: string;
  action_config?: Record<string, unknown>;
  conditions?: Record<string, unknown>;
}) {
  const { data } = await owner1
    .from('automation_rules')
    .insert(fields as never)
    .select('id')
    .single()
    .throwOnError();
  return data.id;
}

async function runsOf(ruleId: string) {
  const { data } = await owner1
    .from('automation_runs')
    .select('*')
    .eq('rule_id', ruleId)
    .order('created_at')
    .throwOnError();
  return data;
}

beforeAll(async () => {
  stack = await createTestStack({ seed: true });
  owner1 = await signInDemo(stack, 'owner1');
  member1 = await signInDemo(stack, 'member1');
  vendor1 = await signInDemo(stack, 'vendor1');
  owner2 = await signInDemo(stack, 'owner2');
  svc = service(stack);
  const { data: tpl } = await owner1
    .from('task_templates')
    .select('id')
    .eq('name', 'Turnover cleaning')
    .single()
    .throwOnError();
  cleaningTemplate = tpl.id;
  const { data: r } = await owner1
    .from('automation_rules')
    .select('id')
    .eq('name', 'Cleaning after check-out')
    .single()
    .throwOnError();
  cleaningRule = r.id;
  const { data: role } = await svc
    .from('roles')
    .select('id')
    .eq('organization_id', ORG1)
    .eq('key', 'admin')
    .single()
    .throwOnError();
  adminRole = role.id;
});
afterAll(() => stack?.stop());

describe('defaults and who sees what', () => {
  it('every organisation has the template "Turnover cleaning" and the active rule "Cleaning after check-out"', async () => {
    for (const org of [ORG1, ORG2]) {
      const { data: templates } = await svc
        .from('task_templates')
        .select('id, title, title_ar, type, due_rule, assign_to, vendor_category')
        .eq('organization_id', org)
        .eq('name', 'Turnover cleaning')
        .throwOnError();
      expect(templates).toHaveLength(1);
      expect(templates[0]).toMatchObject({
        title: 'Cleaning: {{unit}}',
        title_ar: 'تنظيف: {{unit}}',
        type: 'cleaning',
        due_rule: 'before_next_check_in',
        assign_to: 'best_vendor',
        vendor_category: 'cleaning',
      });
      const { data: rules } = await svc
        .from('automation_rules')
        .select('trigger, action, is_active, action_config')
        .eq('organization_id', org)
        .eq('name', 'Cleaning after check-out')
        .throwOnError();
      expect(rules).toEqual([
        {
          trigger: 'check_out',
          action: 'create_task',
          is_active: true,
          action_config: { task_template_id: templates[0]!.id },
        },
      ]);
    }
  });

  it('a new organisation gets them too', async () => {
    const { data: org } = await svc
      .from('organizations')
      .insert({ name: 'Automation Test Org', slug: `auto-${Date.now()}` } as never)
      .select('id')
      .single()
      .throwOnError();
    const { data } = await svc
      .from('automation_rules')
      .select('name')
      .eq('organization_id', (org as { id: string }).id)
      .throwOnError();
    expect(data.map((r) => r.name)).toEqual(['Cleaning after check-out']);
  });

  it('the member, the vendor and the other organisation read no rules, templates or runs of org 1', async () => {
    for (const who of [member1, vendor1, owner2]) {
      for (const table of ['automation_rules', 'task_templates', 'automation_runs'] as const) {
        const { data, error } = await who.from(table).select('organization_id');
        expect(error).toBeNull();
        expect(data!.filter((r) => r.organization_id === ORG1)).toEqual([]);
      }
    }
  });

  it('without automations.write nothing is written; the attacker cannot use org 1’s template', async () => {
    const denied = await member1.from('task_templates').insert({ name: 'Member template', title: 'x' }).select();
    expect(denied.error?.code).toBe('42501');
    const memberRule = await member1
      .from('automation_rules')
      .insert({
        name: 'x',
        trigger: 'check_out',
        action: 'create_task',
        action_config: { task_template_id: cleaningTemplate },
      })
      .select();
    expect(memberRule.error?.code).toBe('42501');
    const attacker = await owner2
      .from('automation_rules')
      .insert({
        name: 'x',
        trigger: 'check_out',
        action: 'create_task',
        action_config: { task_template_id: cleaningTemplate },
      })
      .select();
    expect(attacker.error?.hint).toBe('automation_task_template_required');
    const moved = await owner2.from('automation_rules').update({ is_active: false }).eq('id', cleaningRule).select();
    expect(moved.data).toEqual([]);
    const runs = await owner1.from('automation_runs').insert({} as never);
    expect(runs.error).not.toBeNull();
  });
});

describe('refusals', () => {
  it('each action needs its configuration (400 with a stable hint)', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ trigger: 'check_out', action: 'create_task', action_config: {} }, 'automation_task_template_required'],
      [
        { trigger: 'check_in', action: 'send_sms', action_config: { message_template_id: 'nope' } },
        'automation_message_template_required',
      ],
      [{ trigger: 'invoice_overdue', action: 'create_invoice' }, 'automation_action_trigger_mismatch'],
      [{ trigger: 'check_in', action: 'notify_team', action_config: {} }, 'automation_recipient_required'],
      [
        { trigger: 'check_in', action: 'notify_team', action_config: { user_id: DEMO.owner2.id } },
        'automation_recipient_required',
      ],
      [{ trigger: 'booking_confirmed', action: 'generate_passcode' }, 'automation_action_unsupported'],
      [
        {
          trigger: 'check_out',
          action: 'create_task',
          action_config: { task_template_id: cleaningTemplate },
          conditions: { colour: 'red' },
        },
        'automation_conditions_invalid',
      ],
      [
        {
          trigger: 'check_out',
          action: 'create_task',
          action_config: { task_template_id: cleaningTemplate },
          conditions: { sources: ['fax'] },
        },
        'automation_conditions_invalid',
      ],
    ];
    for (const [fields, hint] of cases) {
      const res = await owner1
        .from('automation_rules')
        .insert({ name: 'Refused', ...fields } as never)
        .select();
      expect({ status: res.status, hint: res.error?.hint }, JSON.stringify(fields)).toEqual({ status: 400, hint });
    }
  });

  it('a template with an unknown variable is refused; one a rule uses is not deleted', async () => {
    const bad = await owner1.from('task_templates').insert({ name: 'Bad', title: 'Fix {{colour}}' }).select();
    expect({ status: bad.status, hint: bad.error?.hint }).toEqual({
      status: 400,
      hint: 'task_template_unknown_variable',
    });
    const vendorless = await owner1
      .from('task_templates')
      .insert({ name: 'Vendorless', title: 'Fix', assign_to: 'vendor' })
      .select();
    expect(vendorless.error?.hint).toBe('task_template_vendor_required');
    const inUse = await owner1.from('task_templates').delete().eq('id', cleaningTemplate).select();
    expect({ status: inUse.status, hint: inUse.error?.hint }).toEqual({ status: 409, hint: 'task_template_in_use' });
  });
});

describe('the default cleaning rule', () => {
  it('checking out creates the cleaning task once, logged; switched off, no task', async () => {
    const unit = await newUnit('Auto flat — default rule');
    const client = await newClient();
    const leaving = await stay(unit, client);
    await member1.from('bookings').update({ status: 'checked_out' }).eq('id', leaving).throwOnError();
    // Checked out again: the same event.
    // (Set up by the service role: staff may not move a stay back in house.)
    await svc.from('bookings').update({ status: 'checked_in' }).eq('id', leaving).throwOnError();
    await svc.from('bookings').update({ status: 'checked_out' }).eq('id', leaving).throwOnError();
    const { data: tasks } = await owner1.from('tasks').select('*').eq('booking_id', leaving).throwOnError();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      type: 'cleaning',
      origin: 'checkout',
      vendor_id: SPARKLE_VENDOR,
      title: 'Cleaning: Auto flat — default rule',
      title_ar: 'تنظيف: وحدة Auto flat — default rule',
    });
    const runs = (await runsOf(cleaningRule)).filter((r) => r.booking_id === leaving);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      outcome: 'succeeded',
      trigger: 'check_out',
      event_key: `check_out:${leaving}`,
      created_task_id: tasks[0]!.id,
      error: null,
    });

    await owner1.from('automation_rules').update({ is_active: false }).eq('id', cleaningRule).throwOnError();
    try {
      const other = await stay(await newUnit('Auto flat — rule off'), client);
      await owner1.from('bookings').update({ status: 'checked_out' }).eq('id', other).throwOnError();
      expect((await owner1.from('tasks').select('id').eq('booking_id', other)).data).toEqual([]);
    } finally {
      await owner1.from('automation_rules').update({ is_active: true }).eq('id', cleaningRule).throwOnError();
    }
  });

  it('an edited template changes the task: hours after, a staff member, the guest in the title', async () => {
    const { data: tpl } = await owner1
      .from('task_templates')
      .insert({
        name: 'Inspection after stay',
        title: 'Inspect {{unit}} after {{guest}} ({{booking}})',
        title_ar: 'فحص {{unit}} بعد {{guest}}',
        type: 'inspection',
        priority: 'low',
        due_rule: 'hours_after',
        due_hours: 4,
        assign_to: 'staff',
        assignee_id: DEMO.member1.id,
      })
      .select('id')
      .single()
      .throwOnError();
    const unit = await newUnit('Auto flat — inspection');
    const inspect = await rule({
      name: 'Inspect this unit',
      trigger: 'check_out',
      action: 'create_task',
      action_config: { task_template_id: tpl.id },
      conditions: { unit_ids: [unit] },
    });
    const leaving = await stay(unit, await newClient());
    const before = Date.now();
    await owner1.from('bookings').update({ status: 'checked_out' }).eq('id', leaving).throwOnError();
    const { data: booking } = await owner1.from('bookings').select('booking_reference').eq('id', leaving).single();
    const { data: tasks } = await owner1
      .from('tasks')
      .select('*')
      .eq('booking_id', leaving)
      .eq('type', 'inspection')
      .throwOnError();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      title: `Inspect Auto flat — inspection after Automation Guest (${booking!.booking_reference})`,
      title_ar: 'فحص وحدة Auto flat — inspection بعد Automation Guest',
      priority: 'low',
      origin: 'automation',
      assignee_id: DEMO.member1.id,
    });
    const due = new Date(tasks[0]!.due_at!).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 4 * 3600_000 - 60_000);
    expect(due).toBeLessThanOrEqual(Date.now() + 4 * 3600_000 + 60_000);
    // The unit condition: another unit's check-out does not run it.
    const elsewhere = await stay(await newUnit('Auto flat — not inspected'), await newClient());
    await owner1.from('bookings').update({ status: 'checked_out' }).eq('id', elsewhere).throwOnError();
    expect((await runsOf(inspect)).map((r) => r.booking_id)).toEqual([leaving]);
  });
});

describe('the engine', () => {
  it('each trigger fires its rules, once per event (notify_team to a role)', async () => {
    const triggers = [
      'booking_created',
      'booking_confirmed',
      'booking_cancelled',
      'check_in',
      'check_out',
      'invoice_created',
      'invoice_overdue',
      'payment_received',
      'task_completed',
    ] as const;
    const ids: Record<string, string> = {};
    for (const trigger of triggers) {
      ids[trigger] = await rule({
        name: `Tell admins: ${trigger}`,
        trigger,
        action: 'notify_team',
        action_config: { role_id: adminRole },
      });
    }
    try {
      const unit = await newUnit('Auto flat — every trigger');
      const client = await newClient();
      // Created confirmed: booking_created and booking_confirmed; confirmed again: nothing more.
      const b = await stay(unit, client, 'confirmed');
      await svc.from('bookings').update({ status: 'pending' }).eq('id', b).throwOnError();
      await svc.from('bookings').update({ status: 'confirmed' }).eq('id', b).throwOnError();
      await owner1.from('bookings').update({ status: 'checked_in' }).eq('id', b).throwOnError();
      await owner1.from('bookings').update({ status: 'checked_out' }).eq('id', b).throwOnError();
      // An issued invoice, overdue, paid.
      const { data: inv } = await owner1.rpc('invoice_from_booking', { booking_id: b, issue: true }).throwOnError();
      // Its due date passed (set up as the overdue job finds it).
      await stack.db.query(
        `update public.invoices set issue_date = current_date - 10, due_date = current_date - 5 where id = $1`,
        [inv.id],
      );
      await stack.db.query('select public.refresh_overdue_invoices()');
      const { data: overdue } = await owner1.from('invoices').select('status').eq('id', inv.id).single().throwOnError();
      expect(overdue.status).toBe('overdue');
      await owner1.rpc('record_payment', { invoice_id: inv.id, amount: 100, method: 'cash' }).throwOnError();
      // The check-out's cleaning task completed.
      const { data: task } = await owner1.from('tasks').select('id').eq('booking_id', b).single().throwOnError();
      await owner1.rpc('complete_task', { task_id: task.id }).throwOnError();
      // A second stay cancelled.
      const c = await owner1
        .from('bookings')
        .insert({
          unit_id: unit,
          client_id: client,
          check_in: riyadhDay(10),
          check_out: riyadhDay(12),
          booking_reference: 'x',
        })
        .select('id')
        .single()
        .throwOnError();
      await owner1.from('bookings').update({ status: 'cancelled' }).eq('id', c.data.id).throwOnError();

      const subjects: Record<string, string> = {
        booking_created: b,
        booking_confirmed: b,
        check_in: b,
        check_out: b,
        booking_cancelled: c.data.id,
        invoice_created: inv.id,
        invoice_overdue: inv.id,
        task_completed: task.id,
      };
      for (const trigger of triggers) {
        const runs = await runsOf(ids[trigger]!);
        const mine = runs.filter((r) =>
          trigger === 'payment_received' ? r.invoice_id === inv.id : r.event_key === `${trigger}:${subjects[trigger]}`,
        );
        expect(mine, trigger).toHaveLength(1);
        expect(mine[0], trigger).toMatchObject({ outcome: 'succeeded', action: 'notify_team', trigger });
        expect(mine[0]!.notified, trigger).toBeGreaterThanOrEqual(1);
      }
      // booking_created ran for the cancelled stay too, once each.
      expect((await runsOf(ids.booking_created!)).filter((r) => r.booking_id === c.data.id)).toHaveLength(1);
      // The owner (an administrator) is told in the app, with a link to the stay.
      const { data: told } = await owner1
        .from('notifications')
        .select('params, link')
        .eq('event', 'automation')
        .like('link', `%${b}`)
        .throwOnError();
      expect(told.length).toBeGreaterThanOrEqual(4);
      expect(told[0]!.params).toMatchObject({ unit: 'Auto flat — every trigger', guest: 'Automation Guest' });
    } finally {
      await svc.from('automation_rules').delete().in('id', Object.values(ids)).throwOnError();
    }
  });

  it('a failing action is logged as failed with the refusal, and the booking change still commits', async () => {
    const unit = await newUnit('Auto flat — failing mail');
    const { data: tpl } = await svc
      .from('message_templates')
      .select('id')
      .eq('organization_id', ORG1)
      .eq('name', 'Welcome')
      .single()
      .throwOnError();
    const mail = await rule({
      name: 'Welcome by e-mail',
      trigger: 'check_in',
      action: 'send_email',
      action_config: { message_template_id: tpl.id },
      conditions: { unit_ids: [unit] },
    });
    const b = await stay(unit, await newClient({ email: null }), 'confirmed');
    const res = await member1.from('bookings').update({ status: 'checked_in' }).eq('id', b).select('status');
    expect(res.error).toBeNull();
    expect(res.data).toEqual([{ status: 'checked_in' }]);
    const runs = await runsOf(mail);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      outcome: 'failed',
      error: 'This guest has no e-mail address',
      created_message_id: null,
    });
  });

  it('a send action queues the template to the guest; create_invoice makes the draft once', async () => {
    const unit = await newUnit('Auto flat — send and bill');
    const { data: tpl } = await svc
      .from('message_templates')
      .select('id')
      .eq('organization_id', ORG1)
      .eq('name', 'Booking confirmed')
      .single()
      .throwOnError();
    const sms = await rule({
      name: 'Confirmation by SMS',
      trigger: 'booking_confirmed',
      action: 'send_sms',
      action_config: { message_template_id: tpl.id },
      conditions: { unit_ids: [unit], sources: ['direct'] },
    });
    const bill = await rule({
      name: 'Bill at check-in',
      trigger: 'check_in',
      action: 'create_invoice',
      conditions: { unit_ids: [unit] },
    });
    const client = await newClient({ phone: '0551230000' });
    const b = await stay(unit, client, 'confirmed');
    const [sent] = await runsOf(sms);
    expect(sent).toMatchObject({ outcome: 'succeeded', booking_id: b });
    const { data: message } = await svc
      .from('messages')
      .select('channel, status, to_address, template_id, client_id, booking_id, direction')
      .eq('id', sent!.created_message_id!)
      .single()
      .throwOnError();
    expect(message).toEqual({
      channel: 'sms',
      status: 'queued',
      to_address: '+966551230000',
      template_id: tpl.id,
      client_id: client,
      booking_id: b,
      direction: 'outbound',
    });

    await owner1.from('bookings').update({ status: 'checked_in' }).eq('id', b).throwOnError();
    const [billed] = await runsOf(bill);
    expect(billed).toMatchObject({ outcome: 'succeeded' });
    const { data: invoice } = await owner1
      .from('invoices')
      .select('status, booking_id, client_id, total_amount')
      .eq('id', billed!.created_invoice_id!)
      .single()
      .throwOnError();
    // Two nights at 400 + cleaning 100, VAT 15 %.
    expect(invoice).toMatchObject({ status: 'draft', booking_id: b, client_id: client, total_amount: 1035 });
    // A second booking_confirmed-like rule on a stay already invoiced is skipped, not doubled.
    const again = await rule({
      name: 'Bill again at check-out',
      trigger: 'check_out',
      action: 'create_invoice',
      conditions: { unit_ids: [unit] },
    });
    await owner1.from('bookings').update({ status: 'checked_out' }).eq('id', b).throwOnError();
    expect(await runsOf(again)).toMatchObject([{ outcome: 'skipped', error: 'This booking already has an invoice' }]);
    expect((await owner1.from('invoices').select('id').eq('booking_id', b)).data).toHaveLength(1);
  });
});
