// Who may bypass the gate's rules — pure, part of doctor (core/doctor.ts): the bypass lists of the rulesets that
// require a persona's status (a layer that someone may bypass is whole beside one that binds everyone, since GitHub
// applies every layer), classic protection's admin exemption and its review bypass, and the bypass list of the
// ruleset that holds the merge queue. Facts in core/doctor-facts.ts.
import { ok, type Check } from './doctor-check.js';
import { RULES_PAGE, type BypassActor, type DoctorFacts } from './doctor-facts.js';
/**
 * A merge queue in a ruleset that someone may bypass: they merge outside the queue, on the head's status, and what the
 * queue closes (a retarget's green, a frozen status) is open to them (a review of the doctor, 2026-12-03: "all checks
 * ok" with the write role on the queue's bypass list). A queue in a ruleset that also requires a persona's status has
 * its bypass list checked with that ruleset (bypassChecks).
 */
export function queueBypass(f: DoctorFacts, contexts: readonly string[]): Check[] {
  const r = f.rulesets.find((x) => x.id === f.mergeQueue);
  // bypassChecks fails the bypassers of a ruleset that requires a persona's status, unless another layer holds those
  // contexts for everyone: then it says ok, and the queue's bypass is this check's to name (a review of the doctor)
  const gates = f.requirements.some((q) => q.rulesetId === r?.id && contexts.includes(q.context));
  if (!r || (gates && !heldElsewhere(f, r.id, contexts))) return [];
  const fix = `${RULES_PAGE} → ${r.name} → Bypass list`;
  if (r.bypass === null)
    return [
      {
        id: 'queue-bypass',
        level: 'warn',
        unknown: true,
        says:
          `who may bypass the merge queue's ruleset "${r.name}" is unknown: GitHub shows the bypass list to ` +
          'admins only',
        fix: `check ${fix}, or run the doctor with an admin token`,
      },
    ];
  if (!r.bypass.length) return [];
  return [
    {
      id: 'queue-bypass',
      level: 'warn',
      says:
        `ruleset "${r.name}", which holds the merge queue, lets ${r.bypass.map(actor).join(', ')} bypass it: they ` +
        "merge outside the queue, on the head's status, which a retarget leaves green for another base and a writer " +
        'can freeze',
      fix: `${fix}: keep it empty, so that every merge goes through the queue`,
    },
  ];
}

/**
 * Who may merge past the rules that require the personas' statuses (`contexts`). Bypassing a ruleset lifts its rules
 * only, and classic protection without admins lifts classic checks only: a ruleset that requires no persona's status,
 * or classic protection whose persona checks a ruleset requires too, leaves the gate whole (a review of the doctor,
 * attack M: an organization's CI ruleset with a bypass team, classic protection for CI only, were failed).
 */
export function bypassChecks(f: DoctorFacts, contexts: readonly string[]): Check[] {
  const out: Check[] = [];
  const gates = (rulesetId: number) =>
    f.requirements.some((q) => q.rulesetId === rulesetId && contexts.includes(q.context));
  for (const r of f.rulesets) {
    const id = `bypass:${r.name}`;
    const fix = `${RULES_PAGE} → ${r.name} → Bypass list`;
    const held = heldElsewhere(f, r.id, contexts);
    if (!gates(r.id)) {
      if (r.bypass?.length)
        out.push(ok(id, `ruleset "${r.name}" requires no persona's status: bypassing it leaves the personas' gate`));
    } else if (r.bypass?.length !== 0 && held) {
      out.push(
        ok(
          id,
          `ruleset "${r.name}" may be bypassed, but each persona's status it requires is also required, from the ` +
            `persona's App, by ${held}, which binds everyone: bypassing "${r.name}" leaves the personas' gate`,
        ),
      );
    } else if (r.bypass === null) {
      out.push({
        id,
        level: 'warn',
        unknown: true,
        says: `who may bypass ruleset "${r.name}" is unknown: GitHub shows the bypass list to admins only`,
        fix: `check ${fix}, or run the doctor with an admin token`,
      });
    } else if (!r.bypass.length) out.push(ok(id, `nobody may bypass ruleset "${r.name}"`));
    else {
      for (const a of r.bypass) {
        // a deploy key opens no PR, but one with write access pushes any commit straight onto the branch, past the
        // required statuses (GitHub: a deploy key always bypasses, whatever the mode) — a bypass of the gate as whole
        // as an admin's (a review of the doctor, 2026-12-03: it only warned)
        const deployKey = a.type === 'DeployKey';
        out.push({
          id: `${id}:${a.type}:${a.id ?? ''}`,
          level: 'fail',
          says:
            `ruleset "${r.name}" lets ${actor(a)} bypass it (${a.mode})` +
            (deployKey
              ? ': whoever holds a deploy key with write access pushes any commit onto the branch without the personas'
              : ': they can open a PR and merge it without the personas'),
          fix: `${fix}: remove ${actor(a)}, or keep the list empty`,
        });
      }
    }
  }
  return [...out, ...classicBypass(f, contexts)];
}

/** Classic protection's bypasses: its admin exemption where a persona's status rests on it alone, its review bypass. */
function classicBypass(f: DoctorFacts, contexts: readonly string[]): Check[] {
  const out: Check[] = [];
  const c = f.classic;
  // a persona's status that classic protection alone requires: an admin merges past it — read in full, or (the
  // protection unreadable) as the branch summary's enforcement_level non_admins shows it
  const shown = c.state === 'read' ? c.checks : c.state === 'unknown' ? (c.checks ?? []) : [];
  const inRuleset = (context: string) => f.requirements.some((q) => q.rulesetId !== null && q.context === context);
  const classicOnly = shown.filter((k) => contexts.includes(k.context) && !inRuleset(k.context));
  const adminsSkip = c.state === 'read' ? !c.enforceAdmins : c.state === 'unknown' && c.adminsExempt === true;
  if (c.state === 'read' && c.checks.length && !c.enforceAdmins && !classicOnly.length)
    out.push(ok('bypass:classic-admins', "classic protection skips admins, but no persona's status rests on it alone"));
  if (adminsSkip && classicOnly.length) {
    out.push({
      id: 'bypass:classic-admins',
      level: 'fail',
      says: 'classic branch protection does not apply to administrators: an admin can merge a PR without the personas',
      fix: `Settings → Branches → the rule for ${f.branch} → Do not allow bypassing the above settings`,
    });
  }
  if (c.state === 'read' && c.reviewBypass?.length) {
    out.push({
      id: 'bypass:classic-reviews',
      level: 'warn',
      says: `classic branch protection lets ${c.reviewBypass.join(', ')} merge without the required reviews`,
      fix: `Settings → Branches → the rule for ${f.branch} → Allow specified actors to bypass required pull requests`,
    });
  }
  return out;
}

/**
 * Where every persona context ruleset `rulesetId` requires is also required, pinned to the persona's App, by a layer
 * that binds everyone — a ruleset whose bypass list was read and is empty, or classic protection read with admins
 * included: GitHub applies every layer, so bypassing one leaves the others (a review of the doctor, 2026-12-03: an
 * organization's baseline ruleset with an admin bypass failed beside a gate ruleset nobody may bypass). That layer's
 * name, or null.
 */
function heldElsewhere(f: DoctorFacts, rulesetId: number, contexts: readonly string[]): string | null {
  const required = f.requirements.filter((q) => q.rulesetId === rulesetId && contexts.includes(q.context));
  const layers = new Set<string>();
  for (const q of required) {
    const persona = f.personas[contexts.indexOf(q.context)];
    const app = persona?.kind === 'app' ? persona.appId : null;
    const binding = f.requirements.find(
      (o) =>
        o.context === q.context &&
        o.rulesetId !== rulesetId &&
        app !== null &&
        o.source === app &&
        (o.rulesetId === null
          ? f.classic.state === 'read' && f.classic.enforceAdmins
          : f.rulesets.find((x) => x.id === o.rulesetId)?.bypass?.length === 0),
    );
    if (!binding) return null;
    layers.add(
      binding.rulesetId === null
        ? 'classic branch protection'
        : `ruleset "${f.rulesets.find((x) => x.id === binding.rulesetId)!.name}"`,
    );
  }
  return required.length ? [...layers].join(' and ') : null;
}

const actor = (a: BypassActor): string =>
  a.type === 'OrganizationAdmin'
    ? 'organization admins'
    : `${a.type === 'RepositoryRole' ? 'repository role' : a.type} ${a.id ?? ''}`.trim();
