export const id = 733;
export const ids = [733];
export const modules = {

/***/ 7733:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runDoctorCli: () => (/* binding */ runDoctorCli)
});

// EXTERNAL MODULE: ./src/abort.ts
var abort = __webpack_require__(6885);
// EXTERNAL MODULE: ./src/cli/command.ts
var command = __webpack_require__(3567);
;// CONCATENATED MODULE: ./src/core/doctor-check.ts
// What one of the doctor's checks is: its level, what it says, and the setting that fixes it.
// doctor-branch, -persona, -environments and -secrets build these; the workflow readers' findings
// (WorkflowIssue, core/doctor-writers.ts) become checks in core/doctor.ts, which puts them in a report.
const ok = (id, says) => ({ id, level: 'ok', says, fix: '' });

// EXTERNAL MODULE: ./src/core/marker.ts
var marker = __webpack_require__(4517);
;// CONCATENATED MODULE: ./src/core/doctor-facts.ts

/** GitHub Actions' App id: the source of statuses written with GITHUB_TOKEN. */
const GITHUB_ACTIONS_APP_ID = 15368;
const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/i;
const LOGIN = /^[A-Za-z0-9][A-Za-z0-9-]{0,38}$/;
/** Parses one persona; throws an Error that says what is wrong and what to write instead. */
function doctor_facts_parseDoctorPersona(s) {
    const m = /^([^=\s]+)=(@?)(\S*)$/.exec(s.trim());
    const quoted = s.length > 60 ? `${s.slice(0, 60)}…` : s;
    const bad = (why) => new Error(`persona "${quoted}": ${why}; write NAME=APP_SLUG for an App, NAME=@LOGIN for an account`);
    if (!m)
        throw bad('not NAME=APP_SLUG or NAME=@LOGIN');
    const [, name, at, who] = m;
    if (!who)
        throw bad(at ? 'no login after "@"' : 'no App slug after "="');
    if (!marker/* PERSONA_PATTERN */.CX.test(name))
        throw bad(`"${name}" is not a persona name (A-Z a-z 0-9 . _ -)`);
    if (at) {
        if (!LOGIN.test(who))
            throw bad(`"${who}" is not a GitHub login`);
        return { name, app: null, login: who };
    }
    const slug = who.replace(/\[bot\]$/, '');
    if (!SLUG.test(slug))
        throw bad(`"${who}" is not an App slug`);
    return { name, app: slug, login: null };
}
const RULES_PAGE = 'Settings → Rules → Rulesets';
/** The branch's rules from every ruleset, as the doctor needs them. */
function fromBranchRules(rules) {
    const requirements = [];
    const reviews = [];
    let mergeQueue = null;
    let queueGrouping = null;
    const ids = new Set();
    for (const r of rules) {
        const rulesetId = r.ruleset_id ?? null;
        if (rulesetId !== null)
            ids.add(rulesetId);
        const p = r.parameters ?? {};
        if (r.type === 'required_status_checks') {
            const list = Array.isArray(p['required_status_checks']) ? p['required_status_checks'] : [];
            for (const c of list)
                requirements.push({ context: c.context, source: c.integration_id ?? null, rulesetId });
        }
        else if (r.type === 'pull_request') {
            reviews.push({
                rulesetId,
                approvals: Number(p['required_approving_review_count'] ?? 0),
                dismissStale: p['dismiss_stale_reviews_on_push'] === true,
                lastPush: p['require_last_push_approval'] === true,
                codeOwners: p['require_code_owner_review'] === true,
            });
        }
        else if (r.type === 'merge_queue' && mergeQueue === null) {
            mergeQueue = rulesetId ?? 0;
            queueGrouping = typeof p['grouping_strategy'] === 'string' ? p['grouping_strategy'] : null;
        }
    }
    return { requirements, reviews, mergeQueue, queueGrouping, rulesetIds: [...ids] };
}
/** Classic required status checks: a context listed without an App (or app_id -1) takes any source. */
function fromClassicChecks(rsc) {
    if (!rsc)
        return [];
    const out = (rsc.checks ?? []).map((c) => ({
        context: c.context,
        source: typeof c.app_id === 'number' && c.app_id > 0 ? c.app_id : null,
        rulesetId: null,
    }));
    for (const c of rsc.contexts ?? [])
        if (!out.some((o) => o.context === c))
            out.push({ context: c, source: null, rulesetId: null });
    return out;
}
/** The context a persona's status is written under: from its workflow step, else persona-verdict/<name>. */
function personaContext(p, writers) {
    return writers.find((w) => w.persona === p.name)?.context ?? `persona-verdict/${p.name}`;
}
/** Each persona's App as a workflow may write it out: its id or its client ID. */
function appNames(personas) {
    return new Map(personas.map((p) => [p.name, [p.appId === null ? '' : String(p.appId), p.clientId ?? ''].filter((x) => x)]));
}
/** Where a requirement comes from, in the doctor's words: a ruleset by name, or classic branch protection. */
function label(f, rulesetId) {
    if (rulesetId === null)
        return 'classic branch protection';
    const r = f.rulesets.find((x) => x.id === rulesetId);
    return r ? `ruleset "${r.name}"` : `ruleset ${rulesetId}`;
}

;// CONCATENATED MODULE: ./src/core/doctor-bypass.ts
// Who may bypass the gate's rules — pure, part of doctor (core/doctor.ts): the bypass lists of the rulesets that
// require a persona's status (a layer that someone may bypass is whole beside one that binds everyone, since GitHub
// applies every layer), classic protection's admin exemption and its review bypass, and the bypass list of the
// ruleset that holds the merge queue. Facts in core/doctor-facts.ts.


/**
 * A merge queue in a ruleset that someone may bypass: they merge outside the queue, on the head's status, and what the
 * queue closes (a retarget's green, a frozen status) is open to them (a review of the doctor, 2026-12-03: "all checks
 * ok" with the write role on the queue's bypass list). A queue in a ruleset that also requires a persona's status has
 * its bypass list checked with that ruleset (bypassChecks).
 */
function queueBypass(f, contexts) {
    const r = f.rulesets.find((x) => x.id === f.mergeQueue);
    // bypassChecks fails the bypassers of a ruleset that requires a persona's status, unless another layer holds those
    // contexts for everyone: then it says ok, and the queue's bypass is this check's to name (a review of the doctor)
    const gates = f.requirements.some((q) => q.rulesetId === r?.id && contexts.includes(q.context));
    if (!r || (gates && !heldElsewhere(f, r.id, contexts)))
        return [];
    const fix = `${RULES_PAGE} → ${r.name} → Bypass list`;
    if (r.bypass === null)
        return [
            {
                id: 'queue-bypass',
                level: 'warn',
                unknown: true,
                says: `who may bypass the merge queue's ruleset "${r.name}" is unknown: GitHub shows the bypass list to ` +
                    'admins only',
                fix: `check ${fix}, or run the doctor with an admin token`,
            },
        ];
    if (!r.bypass.length)
        return [];
    return [
        {
            id: 'queue-bypass',
            level: 'warn',
            says: `ruleset "${r.name}", which holds the merge queue, lets ${r.bypass.map(actor).join(', ')} bypass it: they ` +
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
function bypassChecks(f, contexts) {
    const out = [];
    const gates = (rulesetId) => f.requirements.some((q) => q.rulesetId === rulesetId && contexts.includes(q.context));
    for (const r of f.rulesets) {
        const id = `bypass:${r.name}`;
        const fix = `${RULES_PAGE} → ${r.name} → Bypass list`;
        const held = heldElsewhere(f, r.id, contexts);
        if (!gates(r.id)) {
            if (r.bypass?.length)
                out.push(ok(id, `ruleset "${r.name}" requires no persona's status: bypassing it leaves the personas' gate`));
        }
        else if (r.bypass?.length !== 0 && held) {
            out.push(ok(id, `ruleset "${r.name}" may be bypassed, but each persona's status it requires is also required, from the ` +
                `persona's App, by ${held}, which binds everyone: bypassing "${r.name}" leaves the personas' gate`));
        }
        else if (r.bypass === null) {
            out.push({
                id,
                level: 'warn',
                unknown: true,
                says: `who may bypass ruleset "${r.name}" is unknown: GitHub shows the bypass list to admins only`,
                fix: `check ${fix}, or run the doctor with an admin token`,
            });
        }
        else if (!r.bypass.length)
            out.push(ok(id, `nobody may bypass ruleset "${r.name}"`));
        else {
            for (const a of r.bypass) {
                // a deploy key opens no PR, but one with write access pushes any commit straight onto the branch, past the
                // required statuses (GitHub: a deploy key always bypasses, whatever the mode) — a bypass of the gate as whole
                // as an admin's (a review of the doctor, 2026-12-03: it only warned)
                const deployKey = a.type === 'DeployKey';
                out.push({
                    id: `${id}:${a.type}:${a.id ?? ''}`,
                    level: 'fail',
                    says: `ruleset "${r.name}" lets ${actor(a)} bypass it (${a.mode})` +
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
function classicBypass(f, contexts) {
    const out = [];
    const c = f.classic;
    // a persona's status that classic protection alone requires: an admin merges past it — read in full, or (the
    // protection unreadable) as the branch summary's enforcement_level non_admins shows it
    const shown = c.state === 'read' ? c.checks : c.state === 'unknown' ? (c.checks ?? []) : [];
    const inRuleset = (context) => f.requirements.some((q) => q.rulesetId !== null && q.context === context);
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
function heldElsewhere(f, rulesetId, contexts) {
    const required = f.requirements.filter((q) => q.rulesetId === rulesetId && contexts.includes(q.context));
    const layers = new Set();
    for (const q of required) {
        const persona = f.personas[contexts.indexOf(q.context)];
        const app = persona?.kind === 'app' ? persona.appId : null;
        const binding = f.requirements.find((o) => o.context === q.context &&
            o.rulesetId !== rulesetId &&
            app !== null &&
            o.source === app &&
            (o.rulesetId === null
                ? f.classic.state === 'read' && f.classic.enforceAdmins
                : f.rulesets.find((x) => x.id === o.rulesetId)?.bypass?.length === 0));
        if (!binding)
            return null;
        layers.add(binding.rulesetId === null
            ? 'classic branch protection'
            : `ruleset "${f.rulesets.find((x) => x.id === binding.rulesetId).name}"`);
    }
    return required.length ? [...layers].join(' and ') : null;
}
const actor = (a) => a.type === 'OrganizationAdmin'
    ? 'organization admins'
    : `${a.type === 'RepositoryRole' ? 'repository role' : a.type} ${a.id ?? ''}`.trim();

;// CONCATENATED MODULE: ./src/core/doctor-codeowners.ts
// Who owns the gate's own files — pure, part of doctor (core/doctor-branch.ts reviewChecks). *Require review from
// Code Owners* protects the workflows, the prompts and run-persona only where the gated branch's CODEOWNERS gives them
// an owner: GitHub reads the first file it finds on the PR's base branch (.github/, then the root, then docs/), the
// last matching line decides, a line with no owner leaves a path unowned, and a line GitHub reports an error on asks
// no one (GitHub's docs, "About code owners"). A review of the doctor, 2026-12-03: with the setting on, it said
// "ok" without reading the file — none at all, or one that owns only src/, left a PR that rewrites
// .github/persona-verdict/priya.md needing nothing but a persona's approval.
/** The gate's own directories: the workflows, and the persona prompts and run-persona (CODEOWNERS: unowned()). */
const GATE_FILES = ['.github/workflows/', '.github/persona-verdict/'];
/** Where GitHub looks for CODEOWNERS, in its order: the first file found is the one used. */
const CODEOWNERS_PATHS = ['.github/CODEOWNERS', 'CODEOWNERS', 'docs/CODEOWNERS'];
/**
 * Paths under each directory, every one of which must be owned: a recipe's own names and names nobody would list, so
 * that only a line that owns the whole directory passes — not persona-*.yml, *.md or one prompt by name, which leave
 * a new workflow or run-persona without an owner (a review of the doctor, 2026-12-03).
 */
const SAMPLE = {
    '.github/workflows/': ['persona-priya.yml', 'zz-doctor-probe.yml', 'zz-doctor-probe.yaml'].map((n) => `.github/workflows/${n}`),
    // and one a folder down: "/.github/persona-verdict/*" owns only what is right under it
    '.github/persona-verdict/': ['priya.md', 'run-persona', 'zz-doctor-probe', 'zz-doctor-probe/x.js'].map((n) => `.github/persona-verdict/${n}`),
};
/** Does a CODEOWNERS pattern match `path` (gitignore's rules as GitHub applies them: no "!", no "[ ]" ranges)? */
function matches(pattern, path) {
    let p = pattern;
    const dir = p.endsWith('/');
    if (dir)
        p = p.slice(0, -1);
    // a slash at the start or in the middle anchors the pattern at the root; otherwise it matches at any depth
    const anchored = p.startsWith('/') || p.includes('/');
    if (p.startsWith('/'))
        p = p.slice(1);
    const segments = p.split('/');
    const body = segments
        .map((s) => s === '**'
        ? '(?:[^/]+/)*[^/]*'
        : s
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'))
        .join('/')
        .replace(/\(\?:\[\^\/\]\+\/\)\*\[\^\/\]\*\//g, '(?:[^/]+/)*');
    // "docs/*" owns the files right under docs/, not deeper ones (GitHub's docs); a name without a wildcard owns
    // everything under it, as a directory
    const last = segments.at(-1) ?? '';
    const under = dir || !/[*?]/.test(last) ? '(?:/.*)?' : '';
    return new RegExp(`^${anchored ? '' : '(?:.*/)?'}${body}${dir ? '/.*' : under}$`).test(path);
}
/** The owners the file gives `path` (the last matching line's), [] when a line matches with none, null when none. */
function ownersOf(text, path) {
    let owners = null;
    for (const raw of text.split(/\r?\n/)) {
        const line = raw.replace(/(^|\s)#.*$/, '').trim();
        if (!line)
            continue;
        const [pattern, ...rest] = line.split(/\s+/);
        if (pattern && matches(pattern, path))
            owners = rest.filter((o) => o.includes('@'));
    }
    return owners;
}
/**
 * The gate's files the CODEOWNERS file leaves without an owner (each by its directory, and the file itself). A line
 * GitHub reports an error on ("Unknown owner": a user or team that does not exist or may not write) asks nobody, so
 * its owners do not count (a review of the doctor, 2026-12-03: "/.github/ @acme/no-such-team" passed).
 */
function unowned(file) {
    const bad = new Set((file.errors ?? []).map((e) => e.line));
    const text = file.text
        .split(/\r?\n/)
        .map((l, i) => (bad.has(i + 1) ? (l.trim().split(/\s+/)[0] ?? '') : l))
        .join('\n');
    // the file itself, and every place GitHub would look first: a PR that adds .github/CODEOWNERS beside an owned
    // docs/CODEOWNERS replaces it (a read-through, 2026-12-03)
    const first = CODEOWNERS_PATHS.slice(0, Math.max(0, CODEOWNERS_PATHS.indexOf(file.path)));
    const paths = [...GATE_FILES.map((d) => SAMPLE[d]), [file.path], ...first.map((p) => [p])];
    const names = [...GATE_FILES, file.path, ...first];
    return names.filter((_n, i) => paths[i].some((p) => !(ownersOf(text, p)?.length ?? 0)));
}

;// CONCATENATED MODULE: ./src/core/doctor-branch.ts
// The doctor's checks of the branch's own rules: classic protection, the merge queue, the
// pull request rules and the code owners they rely on. Who may bypass them: core/doctor-bypass.ts. Pure (facts in
// core/doctor-facts.ts).




function classicCheck(f) {
    const c = f.classic;
    if (c.state === 'read')
        return ok('classic', `classic branch protection on ${f.branch} was read`);
    if (c.state === 'none')
        return ok('classic', `${f.branch} has no classic branch protection; rulesets apply`);
    return {
        id: 'classic',
        level: 'warn',
        unknown: true,
        says: `classic branch protection on ${f.branch} is unknown: GitHub answered ${c.status} to the doctor's token, ` +
            'so its review rules and admin enforcement were not checked',
        fix: 'run the doctor with a token that may read branch protection (repository administration: read), or move ' +
            `the rules into a ruleset (${RULES_PAGE}), which read access can see`,
    };
}
/**
 * A merge group's commit holds every PR queued before it. With HEADGREEN only the newest
 * entry's checks must pass, so a PR whose persona rejected it merges with a later green one.
 */
function groupingCheck(f) {
    if (f.mergeQueue === null || f.queueGrouping !== 'HEADGREEN')
        return [];
    return [
        {
            id: 'queue-grouping',
            level: 'fail',
            says: `the merge queue of ${f.branch} requires checks only on the newest entry of a group (HEADGREEN): a PR ` +
                'whose persona rejected it merges along with a later, green one',
            fix: `${RULES_PAGE} → the merge queue rule: "Only merge non-failing pull requests" on (ALLGREEN)`,
        },
    ];
}
/**
 * Without a merge queue the PR head's status is the last word. A status or check run is per commit and its context
 * is the same on every base, so a PR retargeted after a green carries it until the next run writes pending: a writer
 * who merges before that run starts merges a change judged for another base (attack round 12, D2: check runs do not
 * close this). With commit statuses there is more: GitHub keeps at most 1000 per sha and context, from anyone with
 * write access, deleting none, so a writer who fills the persona's context after an approval freezes its green. A
 * queue re-decides each group on a new commit, for its base, from the persona's reviews.
 */
function noQueueCheck(f, writers, contexts) {
    if (f.mergeQueue !== null)
        return queueBypass(f, contexts);
    // check runs of each persona's own App close the freeze (GITHUB_TOKEN's belong to GitHub Actions: any workflow)
    const own = (p) => writers.filter((w) => w.persona === p.name);
    const byItsApp = (p) => p.kind === 'app' && own(p).length > 0 && own(p).every((w) => w.checkRun && w.credential.kind === 'app');
    const checkRuns = f.personas.length > 0 && f.personas.every(byItsApp);
    const retarget = "a PR merges on its head's verdict, the same for every base: retargeted after a green and merged before the " +
        'next run starts, it merges a change judged for another base';
    const queue = `${RULES_PAGE} → "Require merge queue" (organisation repositories), the contexts written on each group's ` +
        'commit (README: merge queue)';
    return [
        checkRuns
            ? {
                id: 'queue',
                level: 'warn',
                says: `${f.branch} has no merge queue in its rulesets: ${retarget} (the check runs, which only the persona ` +
                    'Apps can write, cannot be frozen)',
                fix: `${queue}; a queue that classic branch protection requires is not visible to the doctor`,
            }
            : {
                id: 'queue',
                level: 'warn',
                says: `${f.branch} has no merge queue in its rulesets: ${retarget}; and anyone with write access can freeze ` +
                    "the head's status by filling its context (GitHub keeps 1000 statuses per commit and context)",
                fix: `${queue}; short of a queue, write the verdicts as check runs, which only the persona Apps can write ` +
                    '(status-kind: check-run), which closes the freeze but not the retarget; a queue that classic branch ' +
                    'protection requires is not visible to the doctor',
            },
    ];
}
function reviewChecks(f) {
    const rules = [...f.reviews, ...(f.classic.state === 'read' && f.classic.reviews ? [f.classic.reviews] : [])];
    const setting = `${RULES_PAGE} → the ruleset for ${f.branch} → Require a pull request before merging`;
    if (!rules.length) {
        if (f.classic.state === 'unknown') {
            return [
                {
                    id: 'reviews',
                    level: 'warn',
                    unknown: true,
                    says: 'no ruleset requires a pull request, and classic protection (which may) could not be read',
                    fix: `require it in a ruleset (${setting}), or run the doctor with a token that may read branch protection`,
                },
            ];
        }
        return [
            {
                id: 'reviews',
                level: 'warn',
                says: `no rule requires a pull request on ${f.branch}: the status checks are the only gate`,
                fix: `${setting}, with stale approvals dismissed on push`,
            },
        ];
    }
    const approvals = Math.max(...rules.map((r) => r.approvals));
    const flag = (id, on, good, says, option) => on ? ok(id, good) : { id, level: 'warn', says, fix: `${setting} → ${option}` };
    return [
        ok('reviews', `${approvals} approving review(s) required before merging`),
        flag('dismiss-stale', rules.some((r) => r.dismissStale), 'stale approvals are dismissed when new commits are pushed', 'approvals survive new pushes: a human approval of an earlier head still counts after the PR changes', 'Dismiss stale pull request approvals when new commits are pushed'),
        ...(approvals > 0
            ? [
                flag('last-push', rules.some((r) => r.lastPush), 'the most recent push must be approved by someone other than its pusher', 'the most recent push need not be approved by someone else: a reviewer can push and merge on their ' +
                    'own approval', 'Require approval of the most recent reviewable push'),
            ]
            : []),
        rules.some((r) => r.codeOwners)
            ? codeOwnersCheck(f)
            : flag('code-owners', false, '', 'no code owner review: a PR can change the gate itself (workflows, persona prompts) with only a persona ' +
                'approving', 'Require review from Code Owners, and list .github/ and the persona prompts in CODEOWNERS'),
    ];
}
/** Code owner review is required: does the gated branch's CODEOWNERS give the gate's own files an owner? */
function codeOwnersCheck(f) {
    const c = f.codeowners;
    const says = 'code owners must review changes to the files they own';
    const gate = 'the workflows, the persona prompts and run-persona under .github/';
    // facts gathered before the file was read (older callers): the setting alone, as before
    if (c === undefined)
        return ok('code-owners', says);
    const fix = `add "/.github/ @your-team" to CODEOWNERS on ${f.branch} (README: Hardening)`;
    if (c === null)
        return {
            id: 'code-owners',
            level: 'warn',
            unknown: true,
            says: `code owner review is required, but CODEOWNERS on ${f.branch} could not be read: whether it owns ${gate} ` +
                'is unknown',
            fix: `check CODEOWNERS by hand, or run the doctor with a token that has contents: read`,
        };
    if (c === 'missing')
        return {
            id: 'code-owners',
            level: 'warn',
            says: `code owner review is required, but ${f.branch} has no CODEOWNERS file (.github/, the root or docs/): no ` +
                `file has an owner, so a PR can change ${gate} with only a persona approving`,
            fix: `create .github/CODEOWNERS on ${f.branch} with "/.github/ @your-team" (README: Hardening)`,
        };
    const left = unowned(c);
    // owned as far as the file says, but whether GitHub accepts its owners was not said: unknown, not ok
    if (!left.length && c.errors === null)
        return {
            id: 'code-owners',
            level: 'warn',
            unknown: true,
            says: `${c.path} on ${f.branch} owns .github/workflows/, .github/persona-verdict/ and itself, but whether GitHub ` +
                'accepts its owners (users and teams that exist and may write) is unknown: it would not list the errors',
            fix: "check the file in the repository's CODEOWNERS view, or run the doctor with a token that has contents: read",
        };
    const errors = c.errors?.length
        ? ` (GitHub reports ${c.errors.map((e) => `line ${e.line}: ${e.kind}`).join(', ')}: such a line asks no one)`
        : c.errors === null
            ? " (whether GitHub accepts its owners is unknown: check the repository's CODEOWNERS view)"
            : '';
    if (left.length)
        return {
            id: 'code-owners',
            level: 'warn',
            says: `${c.path} on ${f.branch} gives no owner to ${left.join(', ')}: a PR can change them with only a persona ` +
                `approving${errors}`,
            fix,
        };
    return ok('code-owners', `${says}, and ${c.path} on ${f.branch} owns .github/workflows/, .github/persona-verdict/ and itself`);
}

;// CONCATENATED MODULE: ./src/core/doctor-environments.ts
/** The environments the status writers' jobs name, each once, in order. */
function writerEnvironments(writers) {
    return [...new Set(writers.flatMap((w) => (w.environment ? [w.environment] : [])))];
}
const WILDCARD = /[*?[\]]/;
/**
 * One check per environment a status writer names: ok only when no branch but `branch`, the one the persona jobs run
 * on, may deploy ("protected
 * branches" warns: GitHub counts every branch a protection rule names, and every branch when there is none).
 */
function environmentChecks(branch, envs, writers) {
    return envs.map((e) => {
        const who = [...new Set(writers.filter((w) => w.environment === e.name).map((w) => w.persona))].join(', ');
        return environmentCheck(branch, e, who);
    });
}
function environmentCheck(branch, e, who) {
    const id = `environment:${e.name}`;
    const where = `Settings → Environments → ${e.name} → Deployment branches and tags`;
    const forge = `a writer can push a branch whose own workflow names ${e.name}, mint ${who}'s token there and write ` +
        `${who}'s status`;
    const b = e.branches;
    if (b === null) {
        return {
            id,
            level: 'warn',
            unknown: true,
            says: `who may deploy to environment ${e.name} (${who}'s key) is unknown: GitHub would not show it`,
            fix: `check ${where} by hand: ${branch} only`,
        };
    }
    if (b === 'missing') {
        return {
            id,
            level: 'warn',
            says: `environment ${e.name}, named by ${who}'s job, does not exist (or this token cannot see it): GitHub ` +
                `makes it on first use with every branch allowed, and ${who}'s key is then a repository or organization ` +
                `secret that any branch's workflow can read`,
            fix: `create environment ${e.name}, set ${where} to ${branch} only, and move ${who}'s App key into it`,
        };
    }
    if (b.kind === 'all') {
        return {
            id,
            level: 'fail',
            says: `environment ${e.name} lets every branch deploy: ${forge}`,
            fix: `set ${where} to "Selected branches and tags" with ${branch} only (or "Protected branches only")`,
        };
    }
    if (b.kind === 'protected') {
        // GitHub: "Only branches with branch protection rules enabled can deploy … If no branch protection rules are
        // defined for any branch in the repository, then all branches can deploy" — which those are, doctor cannot list
        return {
            id,
            level: 'warn',
            says: `environment ${e.name} lets "protected branches" deploy: every branch a branch protection rule names (a ` +
                `rule for release/* or * too), and every branch when the repository has no branch protection rule — ` +
                `then ${forge}`,
            fix: `set ${where} to "Selected branches and tags" with ${branch} only`,
        };
    }
    return customCheck(branch, e.name, b.patterns, { id, where, who });
}
/** A custom policy: ok only for the branch the persona jobs run on, alone. */
function customCheck(branch, name, patterns, at) {
    const { id, where, who } = at;
    if (!patterns.length) {
        return {
            id,
            level: 'warn',
            says: `no branch may deploy to environment ${name}: ${who}'s jobs there cannot run`,
            fix: `add ${branch} under ${where}`,
        };
    }
    const loose = patterns.filter((p) => p.type === 'tag' || p.name !== branch);
    if (!loose.length)
        return doctor_environments_ok(id, `only ${branch} may deploy to environment ${name}`);
    const named = loose.map((p) => `${p.type} ${p.name}${WILDCARD.test(p.name) ? ' (a pattern)' : ''}`).join(', ');
    return {
        id,
        level: 'warn',
        says: `environment ${name} also lets ${named} deploy: whoever may create or push to such a ` +
            `${loose.some((p) => p.type === 'tag') ? 'branch or tag' : 'branch'} can use ${who}'s key`,
        fix: `limit ${where} to ${branch}, or protect what those patterns match from writers`,
    };
}
const doctor_environments_ok = (id, says) => ({ id, level: 'ok', says, fix: '' });

;// CONCATENATED MODULE: ./src/core/doctor-identity.ts
// The doctor's checks of who each persona is: an account's access to the repository, and no two
// personas sharing one App or account. Pure.

const WRITE = ['admin', 'maintain', 'write'];
function accessCheck(p) {
    if (p.kind === 'app')
        return []; // an App's access is its installation's permissions, not a collaborator role
    const id = `access:${p.name}`;
    if (p.permission !== null && WRITE.includes(p.permission))
        return [ok(id, `${p.login} has ${p.permission} access: its APPROVE counts and it can write the status`)];
    if (p.permission === null) {
        return [
            {
                id,
                level: 'warn',
                unknown: true,
                says: `${p.login}'s permission on the repository could not be read`,
                fix: `run the doctor with a token that has push access, or check Settings → Collaborators for ${p.login}`,
            },
        ];
    }
    const has = p.permission === 'not-collaborator' ? 'is not a collaborator' : `has only ${p.permission} access`;
    return [
        {
            id,
            level: 'fail',
            says: `${p.login} ${has}: its APPROVE does not count toward required reviews and it cannot write ` +
                `${p.name}'s status`,
            fix: `Settings → Collaborators and teams → give ${p.login} the Write role`,
        },
    ];
}
/**
 * One App per persona: two personas on one App's id can each write the other's status with their own token, and
 * GitHub keeps one review state per account — the panel is one voice (attack round 16, D16b-1): a failure. Two on one
 * account (a PAT) are the README's documented trade for `review-event: COMMENT`: a warning that says what it costs.
 */
function distinctChecks(personas) {
    const groups = new Map();
    for (const p of personas) {
        // an App persona whose App could not be read (no id) is still an App: grouped by its slug
        const key = p.appId !== null
            ? `app ${p.appId}`
            : p.kind === 'app'
                ? `slug ${p.login.toLowerCase()}`
                : `account ${p.login.toLowerCase()}`;
        groups.set(key, [...(groups.get(key) ?? []), p]);
    }
    return [...groups.values()]
        .filter((g) => g.length > 1)
        .map((g) => {
        const names = g.map((p) => p.name).join(' and ');
        const id = `distinct:${g.map((p) => p.name).join('+')}`;
        const cost = "each one's token can write the others' status, and GitHub keeps one review per account";
        if (g[0].kind !== 'app')
            return {
                id,
                level: 'warn',
                says: `${names} share the account ${g[0].login}: ${cost} ` +
                    '(only review-event: COMMENT keeps their reviews apart)',
                fix: 'give each persona its own GitHub App, or keep review-event: COMMENT and gate on each status',
            };
        return {
            id,
            level: 'fail',
            says: `${names} are one identity, the App ${g[0].slug}${idOf(g[0])}: ${cost}, ` +
                'so the panel speaks with one voice',
            fix: 'create a GitHub App per persona (Settings → Developer settings → GitHub Apps), give each its own key in ' +
                "its own environment, and require each persona's status from its own App",
        };
    });
}
const idOf = (p) => (p.appId === null ? '' : ` (id ${p.appId})`);

;// CONCATENATED MODULE: ./src/core/doctor-persona.ts
// The doctor's checks of each persona: its status context required, from its App, written by
// the workflows on the default branch (and on the merge queue's commits), and its access. Pure.



/** Every requirement of a context: rulesets, and classic protection as far as it is known. */
function requirementsOf(f, context) {
    const classic = f.classic.state === 'read' || f.classic.state === 'unknown' ? (f.classic.checks ?? []) : [];
    return [...f.requirements, ...classic].filter((r) => r.context === context);
}
function personaChecks(f, p, writers, readWorkflows) {
    const context = personaContext(p, writers);
    const reqs = requirementsOf(f, context);
    const mine = writers.filter((w) => w.context === context);
    return [
        requiredCheck(f, p, context, reqs),
        ...reqs.map((r) => sourceCheck(f, p, context, r, reqs)),
        ...(readWorkflows ? writerChecks(f, p, context, reqs, mine) : []),
        ...accessCheck(p),
    ];
}
function requiredCheck(f, p, context, reqs) {
    const id = `required:${p.name}`;
    if (reqs.length)
        return ok(id, `${context} is a required status check (${reqs.map((r) => label(f, r.rulesetId)).join(', ')})`);
    const add = `${RULES_PAGE} → a branch ruleset targeting ${f.branch} → Require status checks to pass → add ${context}` +
        (p.kind === 'app' ? ` with the App ${p.slug} as its source` : '');
    if (f.classic.state === 'unknown' && f.classic.checks === null) {
        return {
            id,
            level: 'warn',
            unknown: true,
            says: `no ruleset requires ${context}, and whether classic branch protection does is unknown`,
            fix: `require it in a ruleset (${add}), or run the doctor with a token that may read branch protection`,
        };
    }
    return {
        id,
        level: 'fail',
        says: `${context} is not a required status check on ${f.branch}: a PR merges without ${p.name}'s verdict`,
        fix: add,
    };
}
/**
 * A requirement of the context pinned to the persona's App, in a layer that binds everyone: a ruleset nobody may
 * bypass (its bypass list read, and empty), or classic protection read with admins included. GitHub applies every
 * layer, so beside it a requirement from any source lets no one else's status through (an attack of round R found
 * leftover classic protection and an organization ruleset failed as if they stood alone); a layer with bypass actors,
 * or classic protection that skips admins, does not bind all whom the loose one lets through.
 */
function pinnedForAll(f, p, reqs) {
    const binds = (r) => r.rulesetId === null
        ? f.classic.state === 'read' && f.classic.enforceAdmins
        : f.rulesets.find((x) => x.id === r.rulesetId)?.bypass?.length === 0;
    return reqs.find((r) => p.kind === 'app' && p.appId !== null && r.source === p.appId && binds(r));
}
function sourceCheck(f, p, context, r, reqs) {
    const id = `source:${p.name}:${label(f, r.rulesetId)}`;
    const where = label(f, r.rulesetId);
    const setting = r.rulesetId === null
        ? `Settings → Branches → the rule for ${f.branch} → Require status checks → ${context}`
        : `${RULES_PAGE} → ${where.slice(8)} → Require status checks to pass → ${context}`;
    if (p.kind === 'app' && p.appId === null) {
        return {
            id,
            level: 'fail',
            says: `there is no GitHub App with the slug ${p.slug}, so ${p.name}'s source cannot be checked`,
            // both the CLI (--persona) and the action's doctor mode (personas) read these: the fix names neither flag
            fix: `give the App's slug, the last part of its page https://github.com/apps/<slug>, as ${p.name}=<slug> ` +
                "(the CLI's --persona, the action's personas input)",
        };
    }
    const layer = r.source === null ? pinnedForAll(f, p, reqs) : undefined;
    if (layer)
        return {
            id,
            level: 'warn',
            says: `${where} requires ${context} from any source, but ${label(f, layer.rulesetId)} requires it from ` +
                `${p.name}'s App and binds everyone: GitHub applies both, so the gate holds while that layer stands`,
            fix: `${setting}: set its source to the App ${p.slug} (id ${p.appId}) too, or remove it, so the gate does not ` +
                `rest on ${label(f, layer.rulesetId)} alone`,
        };
    if (r.source === null) {
        return {
            id,
            level: 'fail',
            says: `${where} requires ${context} from any source: anyone with write access (or any workflow with ` +
                'statuses: write or checks: write) can set it to success',
            fix: p.kind === 'app'
                ? `${setting}: set its source to the App ${p.slug} (id ${p.appId})`
                : `make ${p.name} a GitHub App (README: the persona's App) and pin ${context} to it in ${setting}; a ` +
                    'status written with a personal token cannot be pinned',
        };
    }
    if (p.kind === 'app' && r.source === p.appId)
        return ok(id, `${where} requires ${context} from ${p.name}'s App`);
    const pinned = r.source === GITHUB_ACTIONS_APP_ID ? 'GitHub Actions (any workflow can write it)' : `App ${r.source}`;
    const writes = p.kind === 'app' ? `the App ${p.slug} (id ${p.appId})` : `a personal token (${p.login})`;
    return {
        id,
        level: 'fail',
        says: `${where} accepts ${context} only from ${pinned}, but ${p.name} writes it as ${writes}: ` +
            'its status never counts and every PR is blocked',
        fix: p.kind === 'app'
            ? `${setting}: set its source to the App ${p.slug}`
            : `make ${p.name} a GitHub App and pin ${context} to it in ${setting}`,
    };
}
/** The App a credential's statuses come from: an id, 'pat' for a personal token, null when not known. */
function sourceOf(c, p) {
    if (c.kind === 'github-actions')
        return GITHUB_ACTIONS_APP_ID;
    if (c.kind === 'app')
        return p.appId; // minted in the job: taken to be the persona's App
    if (c.kind === 'secret')
        return 'pat';
    return null;
}
const describe = (c) => c.kind === 'github-actions'
    ? 'GITHUB_TOKEN (GitHub Actions)'
    : c.kind === 'app'
        ? `an App token (step ${c.step})`
        : c.kind === 'secret'
            ? `the secret ${c.name} (a personal token)`
            : `"${c.expression.slice(0, 40)}"`;
function writerChecks(f, p, context, reqs, mine) {
    const out = [];
    const pr = mine.filter((w) => !w.queue || w.events.some((e) => e !== 'merge_group' && e !== 'workflow_run'));
    const id = `writer:${p.name}`;
    if (!pr.length) {
        out.push({
            id,
            level: reqs.length ? 'fail' : 'warn',
            says: `no workflow on the default branch writes ${context} for pull requests` +
                (reqs.length ? ': the required check never reports and every PR waits' : ''),
            fix: `add ${p.name}'s workflow from docs/recipes/ to .github/workflows/ on the default branch`,
        });
    }
    else {
        const bad = checkRunMisfit(context, mine) ?? mismatch(f, p, context, reqs, pr);
        out.push(bad ? { id, ...bad } : ok(id, `${context} is written by ${where(pr)}`));
    }
    if (f.mergeQueue !== null && reqs.length)
        out.push(queueCheck(f, p, context, reqs, mine));
    return out;
}
const where = (ws) => [...new Set(ws.map((w) => `${w.file} (job ${w.job})`))].join(', ');
/**
 * status-kind: check-run that cannot work: an App token narrowed without permission-checks, a personal token (GitHub
 * lets only Apps create check runs) or GITHUB_TOKEN (the action refuses both before writing).
 */
function checkRunMisfit(context, ws) {
    const narrowed = ws.find((x) => x.checksNarrowedOut);
    if (narrowed)
        return {
            level: 'fail',
            says: `job ${narrowed.job} in ${narrowed.file} writes ${context} as a check run with ` +
                `${describe(narrowed.credential)}, whose permission-* inputs leave out checks: every check run it writes is ` +
                'refused',
            fix: 'add permission-checks: write to that create-github-app-token step (and Checks: Read and write to the App)',
        };
    const w = ws.find((x) => x.checkRun && (x.credential.kind === 'secret' || x.credential.kind === 'github-actions'));
    if (!w)
        return null;
    const why = w.credential.kind === 'secret'
        ? 'only a GitHub App can create check runs'
        : "GITHUB_TOKEN's runs are GitHub Actions', which any workflow can write, and the action refuses them";
    return {
        level: 'fail',
        says: `job ${w.job} in ${w.file} writes ${context} as a check run with ${describe(w.credential)}: ${why}, so ` +
            'every run of it fails',
        fix: "mint the persona App's token in that job (actions/create-github-app-token), or set status-kind: commit",
    };
}
/** A writer whose statuses a pinned requirement does not accept. */
function mismatch(f, p, context, reqs, ws) {
    for (const r of reqs) {
        if (r.source === null)
            continue; // already a failure of its own
        // a writer with the persona's own App is right; a pin to another App is sourceCheck's finding
        const own = (w) => p.kind === 'app' && w.credential.kind === 'app';
        const wrong = ws.filter((w) => !own(w) && sourceOf(w.credential, p) !== r.source);
        if (!wrong.length)
            continue;
        const w = wrong[0];
        return {
            level: 'fail',
            says: `job ${w.job} in ${w.file} writes ${context} with ${describe(w.credential)}, but ${label(f, r.rulesetId)} ` +
                `accepts it only from App ${r.source}: that status never counts`,
            fix: `in ${w.file}, job ${w.job}: pass the persona App's token (actions/create-github-app-token with ` +
                `${p.name}'s App id and private key) as github-token`,
        };
    }
    return null;
}
function queueCheck(f, p, context, reqs, mine) {
    const id = `queue:${p.name}`;
    const q = mine.filter((w) => w.queue);
    const queue = label(f, f.mergeQueue || null);
    if (!q.length) {
        return {
            id,
            level: 'fail',
            says: `the merge queue (${queue}) requires ${context} on each group's commit, but no workflow writes it on ` +
                'merge_group or on a workflow_run after one: every queued PR waits and is ejected',
            fix: `add a queue reporter on the default branch: a workflow_run workflow after the merge_group one that ` +
                `writes ${context} with ${p.name}'s App token (docs/recipes/)`,
        };
    }
    const bad = mismatch(f, p, context, reqs, q);
    if (bad) {
        return {
            id,
            ...bad,
            says: `merge queue: ${bad.says}, so every merge group is ejected`,
        };
    }
    return ok(id, `the merge queue gets ${context} from ${where(q)}`);
}

;// CONCATENATED MODULE: ./src/core/doctor-secrets.ts
/** Each key once per secret and environment (core/doctor-keys.ts finds where each is read). */
function keysOf(uses) {
    const out = [];
    for (const u of uses) {
        const where = `${u.file} job ${u.job}`;
        const names = u.via ? [u.via.expression] : u.secrets;
        for (const secret of names)
            // a key named by its secret once per environment; one given otherwise once per job that reads it
            if (!out.some((k) => k.secret === secret &&
                k.environment === u.environment &&
                same(k.via, u.via) &&
                (!u.via || k.where === where)))
                out.push({ secret, persona: u.persona, ...pick(u), where });
    }
    return out;
}
const same = (a, b) => a?.kind === b?.kind && a?.expression === b?.expression;
const pick = (u) => ({
    ...(u.environment ? { environment: u.environment } : {}),
    ...(u.environmentByExpression ? { environmentByExpression: true } : {}),
    ...(u.via ? { via: u.via } : {}),
});
/** The environments whose secrets must be listed: those the key-reading jobs name. */
function keyEnvironments(uses) {
    return [...new Set(uses.flatMap((u) => (u.environment ? [u.environment] : [])))];
}
/** Secret names are case-insensitive on GitHub (stored upper-case). */
const holds = (names, secret) => !!names?.some((n) => n.toUpperCase() === secret.toUpperCase());
/** One check per persona key: ok only when it is an environment secret and no repository or organization one. */
function secretChecks(facts, uses) {
    if (!facts)
        return [];
    return keysOf(uses).map((k) => secretCheck(facts, k));
}
function secretCheck(f, k) {
    if (k.via)
        return untraced(`secret:${k.where}`, k, k.via);
    const id = `secret:${k.secret}@${k.environment ?? ''}`;
    const forge = `any workflow on any branch can read it: a writer can push a branch whose workflow mints ${k.persona}'s token ` +
        `with it and writes ${k.persona}'s status`;
    const into = k.environment ? `environment ${k.environment}'s secrets` : 'an environment (and name it in the job)';
    const shared = holds(f.repository, k.secret) ? 'repository' : holds(f.organization, k.secret) ? 'organization' : '';
    if (shared)
        return {
            id,
            level: 'fail',
            says: `${k.persona}'s key ${k.secret} is ${shared === 'repository' ? 'a' : 'an'} ${shared} secret: ${forge}`,
            fix: `keep ${k.secret} only in ${into} (Settings → Environments → … → Environment secrets) and delete the ` +
                (shared === 'repository'
                    ? `repository secret (Settings → Secrets and variables → Actions → Repository secrets)`
                    : `organization secret, or take this repository off its list of repositories`),
        };
    const env = k.environment ? f.environments[k.environment] : undefined;
    if (k.environmentByExpression)
        return byExpression(id, k);
    const unseen = [
        ...(f.repository === null ? ['repository'] : []),
        ...(f.organization === null ? ['organization'] : []),
        ...(k.environment && env === null ? [`environment ${k.environment}'s`] : []),
    ];
    if (unseen.length)
        return {
            id,
            level: 'warn',
            unknown: true,
            says: `where ${k.persona}'s key ${k.secret} is stored is unknown: the ${unseen.join(', ')} secrets could not ` +
                'be listed',
            fix: `run doctor with a token that may list secrets (an admin's), or check by hand that ${k.secret} is only ` +
                `in ${into}`,
        };
    if (k.environment && holds(env, k.secret))
        return {
            id,
            level: 'ok',
            says: `${k.persona}'s key ${k.secret} is a secret of environment ${k.environment} only`,
            fix: '',
        };
    return {
        id,
        level: 'warn',
        says: `${k.persona}'s key ${k.secret} is in none of the secrets this token can list` +
            (k.environment ? ` (not in environment ${k.environment})` : '') +
            ': the job would get an empty key',
        fix: `add ${k.secret} to ${into}`,
    };
}
/** A key given by a configuration variable (every workflow reads it, and anyone who can read the settings), or by an
 * expression the doctor cannot follow to a secret. */
function untraced(id, k, via) {
    if (via.kind === 'literal')
        return {
            id,
            level: 'fail',
            says: `${k.persona}'s key is written into the workflow file (${k.where}): anyone who can read the repository ` +
                'has it',
            fix: "revoke that key (the App's settings → Private keys), make a new one and keep it as a secret of the " +
                "persona's environment",
        };
    if (via.kind === 'variable')
        return {
            id,
            level: 'fail',
            says: `${k.persona}'s key is read from a configuration variable (${via.expression.slice(0, 60)}, ${k.where}): ` +
                'variables are not secret, and every workflow of every branch reads them',
            fix: `store the key as a secret of the persona's environment and read it with secrets.<NAME> in ${k.where}`,
        };
    return {
        id,
        level: 'warn',
        unknown: true,
        says: `${k.persona}'s key (${k.where}) is given by "${via.expression.slice(0, 60)}", which names no secret the ` +
            'doctor can follow',
        fix: `give the key as \${{ secrets.<NAME> }} in ${k.where}, or check by hand that it is only in the persona's ` +
            'environment',
    };
}
function byExpression(id, k) {
    return {
        id,
        level: 'warn',
        unknown: true,
        says: `${k.persona}'s key ${k.secret} (${k.where}): the job names its environment by an expression, so where the ` +
            'key is kept is unknown',
        fix: `name the environment as a literal in ${k.where}, or check by hand that ${k.secret} is only in it`,
    };
}

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __webpack_require__(8815);
;// CONCATENATED MODULE: ./scripts/workflow-reads.mjs
// What a step of a gated workflow reads that the PR may control — part of the rule scripts/workflow-rules.mjs keeps:
// its `with:` inputs as the runner reads them, a checkout's ref and repository, another run's artifacts, and run or
// script steps that may fetch the PR's code. Each finding is said through `say(where, text, level)`.

const FAIL = 'fail';
const PR_REF = /github\.event\.pull_request\.head|github\.head_ref|refs\/pull\/|workflow_run\.head_(sha|branch)/;
/**
 * The ref a checkout may name by expression: the default branch. Any other expression may name PR code
 * (merge_commit_sha, workflow_run.head_commit.id, a job's output holding the head), so it fails closed — and so does
 * the PR's base branch: since 2025-12-08 a pull_request_target run takes the default branch's workflow, whatever base
 * the PR names, and the PR's author picks that base, any branch a writer may push to (a review of the docs,
 * 2026-12-03: `ref: github.base_ref` ran an unprotected branch's run-persona with no finding).
 */
const TRUSTED_REF = /^\$\{\{\s*github\.event\.repository\.default_branch\s*\}\}$/;
const BASE_REF = /^\$\{\{\s*(?:github\.base_ref|github\.event\.pull_request\.base\.(?:ref|sha))\s*\}\}$/;
/** github.sha and github.ref name the default branch on these triggers only (on pull_request: a merge ref). */
const BASE_TRIGGERS = new Set([
  'pull_request_target',
  'workflow_run',
  'issue_comment',
  'schedule',
  'workflow_dispatch',
]);
const GITHUB_SHA_OR_REF = /^\$\{\{\s*github\.(?:sha|ref)\s*\}\}$/;
/** Another run's artifacts, fetched by a command or a script: the CLI, the REST path, github-script. */
const ARTIFACT_FETCH = /\bgh\s+run\s+download\b|\/actions\/(?:runs\/[^/\s]+\/)?artifacts\b|\bdownloadArtifact\b/i;

/**
 * What names the PR's head commit anywhere in a step (env, with, the script): the event's head sha and test merge
 * commit, workflow_run's head commit, a job's head-sha output, and the same in a github-script
 * (`context.payload.pull_request.head.sha`). In a workflow that runs persona-verdict, a run or script step handed it
 * may fetch and run the PR's code, whatever command does it (git with any options, gh api contents, curl of a raw
 * file, a tarball): fail closed (attack round 12, D1 and a second attack on it).
 */
const COMMIT_NAMED =
  /\bpull_request\.head\.sha\b|\bmerge_commit_sha\b|\bworkflow_run\.head_(?:sha|commit)\b|outputs\.head[-_]sha\b|\bheadRefOid\b/i;
/** What names the PR's head branch or repository (a fork's): harmless in a log line or a comparison, not in a fetch. */
const REF_NAMED =
  /\bpull_request\.head\b|\bgithub\.head_ref\b|\bworkflow_run\.head_(?:branch|repository)\b|\bheadRefName\b/i;
/** A command or call that fetches code or files: git (any options), gh api or repo clone, curl, wget, an archive. */
const FETCHES = new RegExp(
  [
    String.raw`\bgit\b`,
    String.raw`\bgh\s+(?:api|repo\s+clone|pr\s+checkout)\b`,
    String.raw`\b(?:curl|wget|tarball|zipball|getContent|getArchive|getBlob)\b`,
    String.raw`\bdownload(?:Tarball|Zipball)Archive\b`,
  ].join('|'),
  'i',
);
/** What names the PR by its number (common and harmless for a comment or a label). */
const NUMBER_NAMED = /\bpull_request\.number\b|\bgithub\.event\.number\b|\bissue\.number\b/i;
/** Commands that fetch a PR's code by its number: gh's checkout, a pull ref, a head looked up from the PR. */
const BY_NUMBER = /\bgh\s+pr\s+checkout\b|refs\/pull\/|\bgit\b[^\n;&|]*\bfetch\b[^\n;&|]*\bpull\//i;

/**
 * A step's `with:` as the runner reads it: keys without case (`Force:` and `FORCE:` are INPUT_FORCE), the later of
 * two spellings winning; anything but a mapping is none. The doctor reads steps through this too (withOf).
 */
const inputsOf = (step) => {
  const w = step?.with;
  const given = w && typeof w === 'object' && !Array.isArray(w) ? w : {};
  return Object.fromEntries(Object.entries(given).map(([k, v]) => [k.toLowerCase(), v]));
};

/**
 * What a step reads that the PR may control: another run's artifact, another repository, a ref other than the base
 * or default branch. Only in workflows that run persona-verdict (`gated`): elsewhere a release's `ref:` is its own.
 */
function readsFindings(where, step, triggers, say, branches = null) {
  const uses = typeof step.uses === 'string' ? step.uses.toLowerCase() : '';
  const w = inputsOf(step);
  const keys = ['run-id', 'run_id', 'github-token', 'repository', 'workflow', 'run_number', 'pr', 'commit'];
  if (/download-artifact@/.test(uses)) {
    const other = keys.filter((k) => w[k] !== undefined).join(', ');
    if (other || !uses.startsWith('actions/download-artifact@'))
      say(
        where,
        `reads an artifact of another workflow run (${other || uses}): the PR controls its own runs' artifacts`,
        FAIL,
      );
  }
  const script = `${typeof step.run === 'string' ? step.run : ''}\n${typeof w.script === 'string' ? w.script : ''}`;
  if (ARTIFACT_FETCH.test(script))
    say(
      where,
      "reads an artifact of another workflow run (a script fetches it): the PR controls its own runs' artifacts",
      FAIL,
    );
  if (!uses.startsWith('actions/checkout@')) return;
  const ref = w.ref === undefined ? '' : String(w.ref).trim();
  const trusted = TRUSTED_REF.test(ref) || (GITHUB_SHA_OR_REF.test(ref) && triggers.every((t) => BASE_TRIGGERS.has(t)));
  if (BASE_REF.test(ref))
    say(
      where,
      `checks out ${ref}, the PR's base branch, which its author picks: whoever may push to that branch writes what ` +
        'this job runs; check out the default branch (no ref:), whose files the workflow itself runs',
      FAIL,
    );
  else if (!PR_REF.test(ref) && ref.includes('${{') && !trusted)
    say(where, `checks out PR code, or may: ref ${ref} is not the default branch`, FAIL);
  // a branch named outright: any writer's push there decides what runs (a review of the doctor, attack M); the gated
  // branch and a commit's sha are what they say
  const named = ref.replace(/^refs\/heads\//, '');
  if (branches && ref && !ref.includes('${{') && !branches.includes(named) && !/^[0-9a-f]{40}$/i.test(ref))
    say(
      where,
      `checks out ${ref}, not ${branches.join(' or ')}: whoever may push there writes what this job runs`,
      FAIL,
    );
  const repo = w.repository === undefined ? '' : String(w.repository).trim();
  if (repo.includes('${{') && !/^\$\{\{\s*github\.repository\s*\}\}$/.test(repo))
    say(where, `checks out PR code, or may: repository ${repo} is not this repository (a fork's, for one)`, FAIL);
  else if (repo && !repo.includes('${{')) say(where, 'checks out another repository');
}

/**
 * A run step or a github-script that may fetch the PR's code: it is handed the PR's head commit (COMMIT_NAMED), or its
 * branch or repository beside a fetch (REF_NAMED, FETCHES), or it fetches the PR by its number (BY_NUMBER). The job
 * would then run the PR's copy of whatever comes next (the persona script, a build), which writes the body. A link to
 * the PR (`…/pull/$PR`), a log line naming the branch or a check that the head repository is this one is not a fetch.
 */
function runFetchFindings(where, step, uses, say) {
  // `with:` keys and an action's name are read without case, as the runner reads them (a read-through of attack R)
  const github = uses.toLowerCase().startsWith('actions/github-script@');
  const script = typeof step.run === 'string' ? step.run : github ? inputsOf(step).script : undefined;
  if (typeof script !== 'string') return;
  const named = JSON.stringify([step.env ?? {}, step.with ?? {}, script]);
  if (COMMIT_NAMED.test(named) || (REF_NAMED.test(named) && FETCHES.test(script)))
    say(
      where,
      "checks out PR code, or may: a run or script step is handed the PR's head (its commit, branch or repository)",
      FAIL,
    );
  else if (NUMBER_NAMED.test(named) && BY_NUMBER.test(script))
    say(where, 'checks out PR code (a run step fetches the pull request by its number)', FAIL);
}

;// CONCATENATED MODULE: ./scripts/workflow-rules.mjs
// The rule every workflow and recipe here keeps, checked statically: no job that holds
// a persona credential runs code other than this action and pinned actions (above
// all, never the LLM step, never PR code), and nothing the PR controls chooses what a
// persona reads, which PR or which commit its verdict lands on. Used by
// scripts/lint-workflows.mjs (CI) and by the recipe tests.
//
// A persona credential is any secret but GITHUB_TOKEN and the model's key (a secret
// named LLM_*), and any App private key (a `private-key:` input). Code in a job can
// read every secret of that job from the runner's memory, so the rule is per job.





const OUR_ACTION = 'persona-verdict/persona-verdict@';
const MINTER = 'actions/create-github-app-token@';
const MODEL_KEY = /^LLM_/;
const WARN = 'warn';
const PINNED = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/;

/** What stands for every secret of a job in the findings' `creds`: every persona key is among them. */
const EVERY_SECRET = 'every secret';
/**
 * An expression that hands over the whole `secrets` object, not one secret: `secrets[...]`, `toJSON(secrets)`,
 * `${{ secrets }}` (an attack of round R: toJSON(secrets) beside the LLM step was not a credential).
 */
function namesEverySecret(text) {
  if (/(?<![\w.-])secrets\s*\[/.test(text)) return true;
  return [...text.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].some((m) => /(?<![\w.'"-])secrets\b(?!\s*\.)/i.test(m[1]));
}

/** The persona credentials a piece of a workflow names: secret names, 'a private-key input', 'every secret'. */
function personaCredentials(node) {
  const text = JSON.stringify(node ?? {});
  const names = [...text.matchAll(/secrets\.([A-Za-z_]\w*)/g)].map((m) => m[1]);
  const found = new Set(names.filter((n) => n !== 'GITHUB_TOKEN' && !MODEL_KEY.test(n)));
  if (/"private[-_]key":/.test(text)) found.add('a private-key input');
  if (namesEverySecret(text)) found.add(EVERY_SECRET);
  return [...found];
}

/** Why a step runs code other than this action or a pinned action, or null. */
function otherCode(step) {
  if (typeof step.run === 'string') return 'a run: step';
  const uses = typeof step.uses === 'string' ? step.uses : '';
  if (uses.startsWith(OUR_ACTION)) return null;
  if (uses.startsWith('./') || uses.startsWith('docker://')) return `${uses} (not a pinned action)`;
  if (!PINNED.test(uses)) return `${uses} (not pinned to a full commit SHA)`;
  return null;
}

function triggersOf(wf) {
  const on = wf.on ?? wf[true]; // YAML 1.1 readers turn a bare `on` into true
  return typeof on === 'string' ? [on] : Array.isArray(on) ? on : Object.keys(on ?? {});
}

function envName(job) {
  return typeof job.environment === 'object' ? job.environment?.name : job.environment;
}

function pinFindings(text, say) {
  text.split('\n').forEach((line, i) => {
    const m = /^\s*-?\s*uses:\s*([^\s#]+)\s*(#.*)?$/.exec(line);
    if (!m || m[1].startsWith('./')) return;
    if (!/@[0-9a-f]{40}$/.test(m[1]) || !m[2])
      say(`line ${i + 1}`, `${m[1]} is not pinned to a full commit SHA with a version comment`);
  });
}

/**
 * How a persona credential beside other code is graded: fail in a workflow that runs persona-verdict when the
 * credential looks like a persona's (a token, an App's private key) or is what its steps are given as their token
 * (`us`: those secrets; null where persona-verdict does not run); warn elsewhere (a reusable deploy workflow's
 * DEPLOY_KEY, a release's NPM_TOKEN) and for a key named as a model provider names it (OPENAI_API_KEY: the LLM job's;
 * name it LLM_* to say so).
 */
const PERSONA_LIKE = /(?:_TOKEN|PRIVATE_KEY|_PEM)$|^a private-key input$|^every secret$/;
const keyLevelOf = (us, creds) => (us && creds.some((c) => PERSONA_LIKE.test(c) || us.has(c)) ? FAIL : WARN);

/** The secrets persona-verdict steps are given as `github-token` (the persona's token, whatever its name). */
function tokenSecrets(jobs) {
  const out = new Set();
  for (const [, job] of jobs)
    for (const step of job?.steps ?? []) {
      if (typeof step?.uses !== 'string' || !step.uses.toLowerCase().startsWith(OUR_ACTION)) continue;
      for (const m of String(inputsOf(step)['github-token'] ?? '').matchAll(/secrets\.([A-Za-z_]\w*)/g)) out.add(m[1]);
    }
  return out;
}

/** An expression that names the LLM job's output: a step's or a needed job's. */
const OWN_OUTPUT = /^\s*(?:steps|needs)\.[\w-]+\.outputs\.[\w-]+\s*$/i;
/**
 * Text an event or whoever runs the workflow chooses, or that only says where it comes from (env, vars): the PR's
 * description, a comment, a dispatch input, a branch — in either syntax (`github.x`, `github['x']`), without case as
 * GitHub reads expressions. A denylist of shapes: a step output relaying such text is not followed.
 */
const CHOSEN = /\bgithub\s*(?:\.\s*|\[\s*['"])(?:event|head_ref|ref_name|ref)\b|\b(?:inputs|env|vars)\s*(?:\.|\[)/i;

/**
 * Where a persona-verdict step's review body comes from (a review of the doctor, attack M: `body: ${{
 * github.event.pull_request.body }}` let the PR's author write priya's verdict). `body` only from the LLM job's output
 * (steps.*.outputs, needs.*.outputs) — not an event's text, an input, a variable, nor fixed text (the same verdict on
 * every run); `body-path` not chosen by the event or whoever runs the workflow.
 */
function bodyFindings(where, w, say) {
  const body = w.body === undefined || w.body === null ? '' : String(w.body);
  if (body.trim()) {
    const exprs = [...body.matchAll(/\$\{\{([\s\S]*?)\}\}/g)].map((m) => m[1]);
    const other = exprs.filter((e) => !OWN_OUTPUT.test(e)).map((e) => `\${{${e}}}`);
    if (other.length)
      say(where, `body is ${other.join(', ')}: not the persona's model output; pass the LLM job's body-path`, FAIL);
    else if (!exprs.length)
      say(where, "body is fixed text: every run posts the same verdict; pass the LLM job's", FAIL);
  }
  const path = w['body-path'] === undefined || w['body-path'] === null ? '' : String(w['body-path']);
  if (CHOSEN.test(path))
    say(where, `body-path ${path} is chosen by the event or whoever runs the workflow: name the LLM job's file`, FAIL);
}

function stepFindings(id, job, say, triggers = [], gated = false, us = null) {
  for (const [n, step] of (job.steps ?? []).entries()) {
    const where = `job ${id} step ${n + 1}`;
    const uses = typeof step.uses === 'string' ? step.uses : '';
    if (gated) readsFindings(where, step, triggers, say, gated.branches);
    if (gated) runFetchFindings(where, step, uses, say);
    if (uses.toLowerCase().startsWith(OUR_ACTION)) bodyFindings(where, inputsOf(step), say);
    if (typeof step.run === 'string' && step.run.includes('${{'))
      say(where, 'expression in run: pass it through env instead', FAIL);
    // a github-script's script is JavaScript the expression is pasted into, as a run step's shell (attack round 13)
    const script = inputsOf(step).script;
    if (/^actions\/github-script@/i.test(uses) && typeof script === 'string' && script.includes('${{'))
      say(where, 'expression in a github-script script: pass it through env and read process.env instead', FAIL);
    const given = personaCredentials({ env: step.env, with: step.with, run: step.run });
    if (!uses.startsWith(OUR_ACTION) && !uses.startsWith(MINTER) && given.length)
      say(
        where,
        `a persona credential (${given.join(', ')}) reaches a step that is not persona-verdict`,
        keyLevelOf(us, given),
        given,
      );
    if (uses.toLowerCase().startsWith('actions/checkout@')) {
      const w = inputsOf(step);
      const ref = w.ref === undefined ? '' : String(w.ref).trim();
      if (PR_REF.test(ref)) say(where, 'checks out PR code', FAIL);
      if (w.repository !== undefined && !gated) say(where, 'checks out another repository');
      if (String(w['persist-credentials']) !== 'false')
        say(where, 'keeps the token in .git: set persist-credentials: false');
    }
  }
}

function jobFindings(id, job, wf, triggers, personaEnvs, say, gated, us) {
  if (job.permissions === undefined && wf.permissions === undefined) say(`job ${id}`, 'no permissions block');
  const creds = personaCredentials({ job, env: wf.env });
  const other = (job.steps ?? []).map(otherCode).find(Boolean);
  const keyLevel = keyLevelOf(us, creds);
  if (creds.length && other) {
    say(
      `job ${id}`,
      `holds a persona credential (${creds.join(', ')}) and runs ${other}: code in a job can read every ` +
        'secret of the job; run the LLM and any script in a job without persona credentials',
      keyLevel,
      creds,
    );
  }
  if (creds.length && !envName(job)) {
    say(
      `job ${id}`,
      `holds a persona credential (${creds.join(', ')}) without an environment: keep it in an environment ` +
        'whose deployment branches are the default branch only, where the persona jobs run',
    );
  }
  if (!creds.length && other && personaEnvs.has(envName(job))) {
    say(`job ${id}`, `runs ${other} in environment ${envName(job)}, which holds persona credentials`);
  }
  const excludesQueue = /github\.event_name == '(pull_request_target|issue_comment|workflow_run)'/.test(
    String(job.if ?? ''),
  );
  if (creds.length && triggers.includes('merge_group') && !excludesQueue) {
    say(
      `job ${id}`,
      "persona credential on merge_group, whose workflow file is the queued commit's: report the queue from " +
        'workflow_run (docs/recipes/merge-queue.yml)',
      keyLevel,
      creds,
    );
  }
  if (creds.length && triggers.includes('pull_request')) {
    say(
      `job ${id}`,
      'persona credential on a pull_request trigger: the PR controls that workflow file; use ' +
        'pull_request_target or workflow_run',
      keyLevel,
      creds,
    );
  }
  stepFindings(id, job, say, triggers, gated, us);
}

/** @returns {string[]} one line per finding; [] when the workflow keeps the rule */
function securityFindings(text, file) {
  return gradedFindings(text).map((f) => `${file}: ${f.where}: ${f.says}`);
}

/**
 * Every finding with its level: `fail` where a PR could walk around the gate (in a workflow that runs persona-verdict:
 * PR code or the LLM step beside a persona token or App key, such a credential where the PR controls the workflow
 * file; anywhere: PR code or another run's artifact read, an expression pasted into a shell or a script); `warn` for
 * hygiene (pins, permissions, persist-credentials) and for other secrets beside other code.
 * A credential finding names the credentials (`creds`): the doctor fails it when one is a key it traced to a persona.
 * `branches`: the branch the gate protects and the default branch (the doctor's), all a checkout may name outright;
 * null: not judged.
 * @returns {{ where: string, says: string, level: 'fail' | 'warn', creds?: string[] }[]}
 */
function gradedFindings(text, branches = null) {
  const out = [];
  const say = (where, says, level = WARN, creds) => out.push({ where, says, level, ...(creds ? { creds } : {}) });
  const wf = (0,dist/* parse */.qg)(text);
  const triggers = triggersOf(wf);
  if (namesEverySecret(text))
    say('workflow', 'secrets[...] or toJSON(secrets) hands every secret to the job: name one secret per job', FAIL);
  pinFindings(text, say);
  if (wf.permissions === undefined) say('workflow', 'no top-level permissions: set permissions: {} and grant per job');
  const jobs = Object.entries(wf.jobs ?? {});
  const personaEnvs = new Set(
    jobs
      .filter(([, job]) => personaCredentials({ job, env: wf.env }).length && envName(job))
      .map(([, j]) => envName(j)),
  );
  // the rules on what a job reads apply where persona-verdict runs (its LLM job included)
  // (a reusable workflow too: a persona workflow may call it for its LLM job); action names have no case on GitHub
  // where persona-verdict runs: the secrets its steps are given as their token are the persona's, whatever their name
  const us = text.toLowerCase().includes(OUR_ACTION) ? tokenSecrets(jobs) : null;
  // gated: the rules on what a job reads apply, with the branches a checkout may name when known (the doctor's)
  const gated = (us !== null || triggers.includes('workflow_call')) && { branches };
  for (const [id, job] of jobs) jobFindings(id, job, wf, triggers, personaEnvs, say, gated, us);
  return out;
}

;// CONCATENATED MODULE: ./src/core/doctor-keys.ts
// Where a persona's key is read in the workflow files — pure, part of doctor (core/doctor-secrets.ts checks where
// each is stored). The key a status writer's App token is minted from is followed through `env:` and through a
// reusable workflow's `secrets:` to the secret it names; every other step that mints a token of the same App
// (another workflow, another job, another key name) reads the persona's key too.

/** A step that runs this action, pinned or not. */
const doctor_keys_OUR_ACTION = /^persona-verdict\/persona-verdict@/;
const obj = (v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {});
const str = (v) => typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
/** A job's steps, each as an object (a job without steps, or a reusable workflow's call, has none). */
const stepsOf = (job) => (Array.isArray(job['steps']) ? job['steps'].map(obj) : []);
/** A step's `with:` as the runner reads it (keys without case): the linter's rule, scripts/workflow-rules.mjs. */
const withOf = (step) => inputsOf(step);
/**
 * The actions known to mint an App installation token; any other step with a private-key input (`private-key`,
 * `private_key`, `application_private_key`) is taken for one too (getsentry's, navikt's, a local composite action).
 */
const KNOWN_MINTERS = [
    /^actions\/create-github-app-token@/i,
    /^tibdex\/github-app-token@/i,
    /^peter-murray\/workflow-application-token-action@/i,
];
const KEY_INPUT = /^(?:application[-_]?)?private[-_]?key$/i;
const APP_INPUT = /^(?:github[-_]?)?(?:app|client|application)[-_]?id$/i;
/** Is this one of the known App token actions (trusted beside a persona credential)? */
const knownMinter = (uses) => KNOWN_MINTERS.some((m) => m.test(uses));
/** Does this step mint an App token, as far as following a key goes: a known action, or any private-key input? */
const mintsAppToken = (uses, w = {}) => knownMinter(uses) || Object.keys(w).some((k) => KEY_INPUT.test(k));
/** The environment a job names: a literal, or one given by an expression. */
function environmentOf(job) {
    const raw = job['environment'];
    const name = typeof raw === 'object' && raw !== null ? str(raw['name']) : str(raw);
    if (!name)
        return {};
    return name.includes('${{') ? { environmentByExpression: true } : { environment: name };
}
/** Every token-minting step of a workflow file. */
function mintersOf(file, wf) {
    const out = [];
    for (const [job, raw] of Object.entries(obj(wf['jobs']))) {
        const j = obj(raw);
        const steps = Array.isArray(j['steps']) ? j['steps'].map(obj) : [];
        steps.forEach((s, n) => {
            const w = withOf(s);
            if (!mintsAppToken(str(s['uses']), w))
                return;
            const pick = (re) => Object.entries(w).find(([k, v]) => re.test(k) && str(v))?.[1];
            const env = [obj(s['env']), obj(j['env']), obj(wf['env'])];
            // the App as written, through env, in one case and spacing: "${{ vars.PRIYA_APP_ID }}", "901"
            const written = (v) => resolve(str(v), env).replace(/\s+/g, '').toUpperCase();
            const apps = Object.entries(w)
                .filter(([k, v]) => APP_INPUT.test(k) && str(v))
                .map(([, v]) => written(v));
            out.push({
                file,
                job,
                step: str(s['id']) || `#${n + 1}`,
                apps,
                key: str(pick(KEY_INPUT)),
                env,
                environment: environmentOf(j),
            });
        });
    }
    return out;
}
/** An expression with each `env.X` replaced by its value (step, then job, then workflow), once. */
function resolve(expression, env) {
    return expression.replace(/\$\{\{\s*env\.([A-Za-z0-9_]+)\s*\}\}|\benv\.([A-Za-z0-9_]+)/g, (whole, a, b) => {
        const value = env.map((e) => str(e[(a ?? b)])).find(Boolean);
        return value ?? whole;
    });
}
const SECRET = /secrets\.([A-Za-z0-9_]+)/g;
/** The secrets a key expression names, followed through `env.X` (step, then job, then workflow) once. */
function follow(expression, env) {
    const value = resolve(expression, env);
    const secrets = [...new Set([...value.matchAll(SECRET)].map((m) => m[1]))];
    if (/\bvars\./.test(value))
        return { secrets, via: { kind: 'variable', expression: value } };
    // a key written into the file ("-----BEGIN RSA PRIVATE KEY-----…"): anyone who can read the repository has it
    if (value.trim() && !value.includes('${{'))
        return { secrets: [], via: { kind: 'literal', expression: '(the key)' } };
    if (!secrets.length)
        return { secrets: [], via: { kind: 'untraced', expression: value || '(no private-key)' } };
    return { secrets };
}
/**
 * Where each writer's key is read: the minting step of its own job, and every other step that mints a token of the
 * same App; a token secret where it is passed. A secret a reusable workflow gets through its caller's `secrets:`
 * is named as the caller names it (`callers`: called file → the caller's mapping, or 'inherit').
 */
function keyUses(writers, minters, callers, appIds = new Map()) {
    const out = [];
    const keyOf = new Map(minters.map((m) => [m, traced(m, callers)]));
    const add = (u) => {
        if (!out.some((o) => o.file === u.file && o.job === u.job && o.step === u.step && o.persona === u.persona))
            out.push(u);
    };
    for (const w of writers) {
        const c = w.credential;
        if ('name' in c && c.kind === 'secret') {
            const where = { environment: w.environment, environmentByExpression: w.environmentByExpression };
            add({ persona: w.persona, file: w.file, job: w.job, ...where, secrets: [c.name] });
            continue;
        }
        if (!('step' in c))
            continue;
        const own = minters.find((m) => m.file === w.file && m.job === w.job && m.step === c.step);
        if (!own)
            continue;
        const named = new Set(keyOf.get(own).secrets.map((x) => x.toUpperCase()));
        // the same App: the same App expression, the persona App's id or client ID written out, or a key kept under a
        // same name
        const ids = (appIds.get(w.persona) ?? []).map((x) => x.toUpperCase()); // apps are upper-cased
        const same = minters.filter((m) => {
            if (m === own || own.apps.some((a) => m.apps.includes(a)) || m.apps.some((a) => ids.includes(a)))
                return true;
            return keyOf.get(m).secrets.some((x) => named.has(x.toUpperCase()));
        });
        for (const m of same)
            add({ persona: w.persona, file: m.file, job: m.job, step: m.step, ...m.environment, ...keyOf.get(m) });
    }
    return out;
}
/**
 * A minter's key, followed through env; in a reusable workflow also under the names its callers give it (and their
 * callers', up to five levels): a caller's job cannot name an environment, so those are repository or organization
 * secrets. The called workflow's own names stay (its environment's secret of that name, or a run by another trigger).
 */
function traced(m, callers) {
    const own = follow(m.key, m.env);
    if (own.via)
        return own;
    const names = new Set(own.secrets);
    let level = new Set(own.secrets.map((x) => `${m.file}\u0000${x}`));
    for (let depth = 0; depth < 5 && level.size; depth++) {
        const next = new Set();
        for (const at of level) {
            const [file, name] = at.split('\u0000');
            for (const call of callers.get(file) ?? []) {
                const given = call.secrets === 'inherit'
                    ? [name]
                    : [
                        ...(Object.entries(call.secrets).find(([k]) => k.toUpperCase() === name.toUpperCase())?.[1] ?? '').matchAll(SECRET),
                    ].map((x) => x[1]);
                for (const g of given) {
                    names.add(g);
                    next.add(`${call.from}\u0000${g}`);
                }
            }
        }
        level = next;
    }
    return { secrets: [...names] };
}
/**
 * The `secrets:` each job that calls a reusable workflow of this repository passes it, by the called file: called
 * as `./.github/workflows/x.yml`, or by a full `owner/repo/.github/workflows/x.yml@ref` naming a file this
 * repository has (`paths`).
 */
function callersOf(file, wf, into, paths) {
    for (const raw of Object.values(obj(wf['jobs']))) {
        const j = obj(raw);
        const uses = str(j['uses']);
        const called = /^\.\/(\.github\/workflows\/[^@]+)$/.exec(uses)?.[1] ??
            /^[^/.][^/]*\/[^/]+\/(\.github\/workflows\/[^@]+)@\S+$/.exec(uses)?.[1];
        if (!called || (!uses.startsWith('./') && !paths.has(called)))
            continue;
        const given = j['secrets'];
        const secrets = given === 'inherit' ? 'inherit' : Object.fromEntries(Object.entries(obj(given)).map(([k, v]) => [k, str(v)]));
        into.set(called, [...(into.get(called) ?? []), { from: file, secrets }]);
    }
}

;// CONCATENATED MODULE: ./src/core/doctor-writers.ts

/** The persona context a step writes: status-context, else persona-verdict/<persona>. */
const contextOf = (persona, statusContext) => statusContext || `persona-verdict/${persona}`;
function doctor_writers_triggersOf(wf) {
    const on = wf['on'] ?? wf['true']; // YAML 1.1 readers turn a bare `on` into true
    if (typeof on === 'string')
        return [on];
    if (Array.isArray(on))
        return on.map(str);
    return Object.keys(obj(on));
}
/**
 * A condition's alternatives — the parts of its `||` — to be read each as narrowing on its own; null when it holds a
 * negation (`!=`, `!(`), which narrows nothing. One reading for a job's `if:` (jobEvents) and a forced step's
 * condition (doctor-force.ts).
 */
function orParts(condition) {
    return /!\s*\(|!=/.test(condition) ? null : condition.split('||');
}
/**
 * The events a job runs on: the workflow's triggers, narrowed by `github.event_name == '…'` in its `if` — every part
 * of an `||` must name its events (a part that names none lets every trigger through: a review of round 20), and a
 * negation narrows nothing.
 */
function jobEvents(triggers, condition) {
    const alternatives = orParts(str(condition));
    if (!alternatives)
        return triggers;
    const parts = alternatives.map((p) => [...p.matchAll(/github\.event_name\s*==\s*'([a-z_]+)'/g)].map((m) => m[1]));
    if (!parts.length || parts.some((p) => !p.length))
        return triggers;
    const named = parts.flat();
    return triggers.filter((t) => named.includes(t));
}
/** Who a step's `github-token` is: GITHUB_TOKEN (names in an expression in any case), an App's, a secret's. */
function credentialOf(token, steps) {
    if (!token.trim() || /\bgithub\.token\b|secrets\.GITHUB_TOKEN\b/i.test(token))
        return { kind: 'github-actions' };
    const fromStep = /steps\.([A-Za-z0-9_-]+)\.outputs\.token\b/.exec(token)?.[1];
    if (fromStep && steps.some((s) => s['id'] === fromStep && mintsAppToken(str(s['uses']), withOf(s))))
        return { kind: 'app', step: fromStep };
    const secret = /secrets\.([A-Za-z0-9_]+)/.exec(token)?.[1];
    if (secret)
        return { kind: 'secret', name: secret };
    return { kind: 'unknown', expression: token };
}
/** An App token minted with permission-* inputs (narrowed) that do not grant `permission-<name>: write`. */
function narrowedOut(c, steps, name) {
    if (c.kind !== 'app')
        return false;
    const w = withOf(obj(steps.find((s) => s['id'] === c.step)));
    const asked = Object.keys(w).filter((k) => k.startsWith('permission-'));
    return asked.length > 0 && str(w[`permission-${name}`]) !== 'write';
}
/** A step's persona, or each of a matrix's where it is `${{ matrix.<name> }}` over a list (a review of round 20). */
function personasOf(persona, job) {
    const m = /^\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}$/.exec(persona);
    const values = m ? obj(obj(job['strategy'])['matrix'])[m[1]] : undefined;
    return Array.isArray(values) && values.length ? values.map(str) : [persona];
}
function writersOf(file, id, job, triggers) {
    const steps = stepsOf(job);
    const events = jobEvents(triggers, job['if']);
    const out = [];
    for (const step of steps) {
        if (!doctor_keys_OUR_ACTION.test(str(step['uses'])))
            continue;
        const w = withOf(step);
        const mode = str(w['mode']) || 'post';
        const status = str(w['commit-status']) || 'auto';
        if (!str(w['persona']) || !['post', 'preflight'].includes(mode) || status === 'never')
            continue;
        // commit-status auto writes on every event but pull_request, whose own check sits on the PR head
        const writes = status === 'always' ? events : events.filter((e) => e !== 'pull_request');
        if (!writes.length)
            continue;
        const credential = credentialOf(str(w['github-token']), steps);
        const checkRun = str(w['status-kind']) === 'check-run';
        const checksNarrowedOut = checkRun && narrowedOut(credential, steps, 'checks');
        for (const persona of personasOf(str(w['persona']), job))
            out.push({
                file,
                job: id,
                persona,
                context: contextOf(persona, str(w['status-context'])),
                events: writes,
                queue: writes.includes('merge_group'),
                credential,
                checkRun,
                checksNarrowedOut,
                ...environmentOf(job),
            });
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/doctor-board.ts
// Whether the panel board can read what it counts — pure, part of the doctor's workflow reading
// (core/doctor-workflows.ts). The board counts an App member's approval only where it can read that
// member's own check runs on the head (their red or forced run holds the approval off the panel), or
// the member has a commit status of its own there; with GITHUB_TOKEN, listing runs on a private
// repository takes `checks: read`. Without it such approvals go uncounted and the panel stays red:
// fail closed, a gate nobody can pass rather than one anybody can — so a warning.



/** The personas of a board step that are Apps (`persona=<slug>[bot]`, `@version` aside), by persona name. */
function appMembers(raw) {
    return raw
        .split(/[\n,]/)
        .map((p) => /^\s*([A-Za-z0-9_.-]+)\s*=\s*[^@\s]+\[bot\]/i.exec(p)?.[1])
        .filter((p) => !!p);
}
/** What GITHUB_TOKEN may do with check runs in a job, and where that is said; undefined when nothing says. */
function checksScope(job, wf) {
    const where = job['permissions'] !== undefined && job['permissions'] !== null ? 'job' : 'workflow';
    const perms = where === 'job' ? job['permissions'] : wf['permissions'];
    if (perms === undefined || perms === null)
        return undefined;
    if (typeof perms === 'string')
        return { scope: /^(read|write)-all$/.test(perms) ? 'read' : 'none', where };
    return { scope: str(obj(perms)['checks']) || 'none', where };
}
const NEEDS = '`contents: read`, `pull-requests: write`, `statuses: write`, `checks: read`';
/**
 * Board steps on GITHUB_TOKEN whose permissions may not list check runs while an App member's approval depends on
 * them: a member that writes check runs, or one no workflow here is seen writing commit statuses for (`commit-status:
 * never`, `auto` on pull_request, a persona named another way). Job-level permissions replace the workflow's; none
 * at all leave the repository's default token (its restricted default has no `checks`). A reusable workflow that
 * sets none runs with its caller's, which is not judged here; a board minting its own App token is not judged.
 */
function boardReads(file, id, job, wf, writers) {
    const steps = stepsOf(job);
    const called = doctor_writers_triggersOf(wf).includes('workflow_call');
    const said = checksScope(job, wf);
    const mine = (p) => writers.filter((x) => (0,marker/* samePersona */.NK)(x.persona, p));
    const out = [];
    for (const s of steps) {
        const w = withOf(s);
        if (!doctor_keys_OUR_ACTION.test(str(s['uses'])) || str(w['mode']) !== 'board')
            continue;
        if (credentialOf(str(w['github-token']), steps).kind !== 'github-actions')
            continue;
        const depend = appMembers(str(w['personas'])).filter((p) => mine(p).some((x) => x.checkRun) || !mine(p).some((x) => !x.checkRun));
        if (!depend.length || said?.scope === 'read' || said?.scope === 'write' || (!said && called))
            continue;
        out.push({
            file,
            where: `job ${id}`,
            level: 'warn',
            says: `the board counts ${depend.join(', ')}, whose approval${depend.length === 1 ? '' : 's'} may rest on check ` +
                'runs, but ' +
                (said
                    ? `the ${said.where}'s permissions leave \`checks\` out`
                    : `neither job ${id} nor its workflow sets permissions (the default token may have no \`checks\`)`) +
                ': on a private repository GITHUB_TOKEN cannot list them, and each such approval goes uncounted',
            fix: said
                ? `add \`checks: read\` to the ${said.where === 'job' ? `permissions of job ${id}` : 'top-level permissions'}` +
                    ` in ${file}`
                : `set the permissions of job ${id} in ${file}: ${NEEDS}`,
        });
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/doctor-force.ts
// Who can cause a forced run — pure, part of the doctor's workflow reading (core/doctor-workflows.ts). A step with
// `force: true` judges the head again even where a verdict stands for it. The action checks the asker itself on the
// two routes the recipes use — a `/review` comment (issue_comment: the commenter's permission) and a label (a
// pull_request or pull_request_target `labeled` event: whoever added it) — and on a workflow run by hand (whoever ran
// it: never the PR's author, since 0.12.0). On any other pull-request action —
// opened, reopened, edited, synchronize, ready_for_review … — the PR's author causes the run, and each one would be a
// new roll of the LLM on the same head until one approves; a workflow_run that follows such a workflow is the same.
// And one persona's steps written with two status kinds: a forced re-review's pending is then not read back.


/** The actions GitHub runs a pull_request(_target) workflow on when it names no types. */
const DEFAULT_TYPES = ['opened', 'synchronize', 'reopened'];
/** Events on which a forced run's asker is checked by the action, or can only be a writer. */
const CHECKED = new Set(['issue_comment', 'workflow_dispatch', 'schedule']);
/** Events the PR's author causes with the PR in the payload: a review or a review comment on their own PR. */
const AUTHORS = new Set(['pull_request_review', 'pull_request_review_comment']);
/** A comparison naming a route the action checks: a label added, a comment. */
const CHECKED_ROUTE = /github\.event\.action\s*==\s*'labeled'|github\.event_name\s*==\s*'issue_comment'/;
/**
 * Whether a condition (a job's or step's `if:`, or `force:` itself as an expression) holds only on routes the action
 * checks — "github.event.action == 'labeled'", "github.event_name == 'issue_comment'" — as a job's `if:` narrows its
 * events (doctor-writers.ts's jobEvents): every part of an `||` an && chain that names such a route (a part that names
 * none may let anything else through), and no negation (it narrows nothing). An attack of round R found the combined
 * review and re-review workflow's `issue_comment' || … 'labeled'` failed.
 */
function checkedOnly(raw) {
    // GitHub's stand-in for a ternary: "${{ <condition> && 'true' || 'false' }}" is the condition
    const condition = raw.replace(/&&\s*'?true'?\s*\|\|\s*'?false'?\s*(\}\})?\s*$/, '$1');
    return orParts(condition)?.every((part) => CHECKED_ROUTE.test(part)) ?? false;
}
/** The pull-request actions a forced step runs on that the action does not check (all but `labeled`). */
function unchecked(on, event) {
    const types = obj(on[event])['types'];
    const listed = Array.isArray(types) ? types.map(str) : typeof types === 'string' ? [types] : DEFAULT_TYPES;
    return listed.filter((t) => t !== 'labeled');
}
/**
 * The forced persona-verdict steps of a job that the PR's author can cause: `force` set (true, or an expression that
 * may be true) on a pull-request action other than `labeled`, on a review of the PR, or on workflow_run (it follows
 * another workflow, which a PR can start) — a fail: the author re-rolls the persona's verdict of the same head at
 * will; on workflow_call or another event, a warning. `events`: the job's, narrowed by its `if`; a step with a
 * condition that holds only on the checked routes (the job's or step's `if`, or the force expression) passes.
 */
function forcedByAuthor(file, id, job, wf, events) {
    const on = obj(wf['on'] ?? wf['true']);
    const steps = stepsOf(job);
    const out = [];
    for (const s of steps) {
        const force = str(withOf(s)['force']).trim();
        if (!doctor_keys_OUR_ACTION.test(str(s['uses'])) || force === '' || force.toLowerCase() === 'false')
            continue;
        // the job's `if`, the step's and a force expression must all hold: one that names only checked routes suffices
        if ([str(job['if']), str(s['if']), force].some(checkedOnly))
            continue;
        const open = [];
        const other = [];
        let called = false;
        for (const event of events) {
            if (CHECKED.has(event))
                continue;
            if (event === 'pull_request' || event === 'pull_request_target') {
                const actions = unchecked(on, event);
                if (actions.length)
                    open.push(`${event} (${actions.join(', ')})`);
            }
            else if (AUTHORS.has(event) || event === 'workflow_run')
                open.push(event);
            else if (event === 'workflow_call')
                called = true;
            else
                other.push(event);
        }
        const persona = str(withOf(s)['persona']) || 'the persona';
        const fix = `in ${file}, set force only in a job that runs on issue_comment (the /review command) or on ` +
            'pull_request_target types: [labeled], as docs/recipes/re-review.yml does';
        if (open.length)
            out.push({
                file,
                where: `job ${id}`,
                level: 'fail',
                says: `${persona}'s step runs with force on ${open.join(', ')}: a PR's author causes those runs, and each one ` +
                    'judges the same head again, a new roll of the LLM until one approves (the action checks the asker only ' +
                    'for a /review comment and a label)',
                fix,
            });
        else if (other.length)
            out.push({
                file,
                where: `job ${id}`,
                level: 'warn',
                says: `${persona}'s step runs with force on ${other.join(', ')}: the action does not check who caused that run, ` +
                    'and each one judges the same head again (a commit status, a check, a deployment can be caused from a PR)',
                fix,
            });
        else if (called)
            out.push({
                file,
                where: `job ${id}`,
                level: 'warn',
                says: `${persona}'s step runs with force in a reusable workflow: its callers' triggers decide who causes the ` +
                    'run — on anything but a /review comment or a label, the PR author re-rolls the LLM',
                fix: `${fix}; call ${file} with force only from such a job`,
            });
    }
    return out;
}
/**
 * A persona whose steps write check runs in one workflow and commit statuses in another: a forced re-review's pending
 * is then written as one kind and read back as the other, so nothing holds the verdict under re-review (round 19's
 * read-through: re-review.yml as shipped writes commit statuses). A fail.
 */
function mixedKinds(writers) {
    const out = [];
    for (const persona of new Set(writers.map((w) => w.persona))) {
        const mine = writers.filter((w) => w.persona === persona);
        const runs = mine.filter((w) => w.checkRun);
        const statuses = mine.filter((w) => !w.checkRun);
        if (!runs.length || !statuses.length)
            continue;
        out.push({
            file: statuses[0].file,
            where: `persona ${persona}`,
            level: 'fail',
            says: `${persona} writes check runs in ${runs[0].file} but commit statuses in ${statuses[0].file}: a forced ` +
                "re-review's pending is written as one kind and read back as the other, so nothing holds the verdict under " +
                're-review',
            fix: `set the same status-kind on every ${persona} step (re-review.yml's too)`,
        });
    }
    return out;
}

;// CONCATENATED MODULE: ./src/core/doctor-reach.ts
// What a job hands to code or machines the doctor cannot read — pure, part of its workflow reading
// (core/doctor-workflows.ts). Another repository's reusable workflow, called from a gated workflow, runs in this
// repository's run: its jobs may name this repository's environments (a persona's key among their secrets) and get
// what the caller passes. A self-hosted runner may keep what an earlier job left, and a writer's branch workflow or a
// PR's job may run there before the persona's. What it cannot read is reported as unknown, never as ok (an attack
// of round R found both said ok).

/** `owner/repo/path@ref` of a job-level `uses:`; null for a local call (`./…`) or no call. */
function callOf(uses) {
    const m = /^([^/.\s][^/\s]*\/[^/\s]+)\/([^@\s]+)@(\S+)$/.exec(uses.trim());
    return m ? { repo: m[1], path: m[2], ref: m[3] } : null;
}
/**
 * A gated workflow's job that calls another repository's reusable workflow: at a branch or a tag a fail — whoever may
 * push there writes what runs with this repository's environments and the secrets passed, as a checkout of a branch
 * named outright; at a commit's SHA a warning, since the doctor does not read that file. `repo`: this repository
 * (owner/name); when not known, a call naming a workflow file this repository has (`paths`) is taken to be its own.
 */
function crossRepoCall(file, id, job, where) {
    const call = callOf(str(job['uses']));
    if (!call)
        return [];
    const own = where.repo ? call.repo.toLowerCase() === where.repo.toLowerCase() : where.paths.has(call.path);
    if (own)
        return [];
    const named = `${call.repo}/${call.path}@${call.ref}`;
    const runs = "its jobs run in this repository's run, with the environments they name (this repository's, a persona's key " +
        'among their secrets) and the secrets passed to them';
    const copy = 'or copy the workflow into .github/workflows/ so the doctor reads it';
    if (!/^[0-9a-f]{40}$/i.test(call.ref))
        return [
            {
                file,
                where: `job ${id}`,
                level: 'fail',
                says: `calls ${named}, another repository's workflow at a branch or tag: ${runs}; whoever may push to ` +
                    `${call.repo} writes what this job runs`,
                fix: `in ${file}, job ${id}: pin the call to a full commit SHA of ${call.repo} that you have read, ${copy}`,
            },
        ];
    return [
        {
            file,
            where: `job ${id}`,
            level: 'warn',
            says: `calls ${named}, another repository's workflow the doctor does not read: ${runs}, so whether a persona ` +
                'credential sits beside the LLM step or PR code there is unknown',
            fix: `read ${named} against README "Check your gate" (no persona credential beside the LLM step, no PR code ` +
                `checked out), ${copy}`,
        },
    ];
}
/** GitHub-hosted runners' labels: ubuntu-24.04, windows-latest, macos-15-large, ubuntu-24.04-arm … */
const HOSTED = /^(?:ubuntu|windows|macos)-(?:latest|\d+(?:\.\d+)?)(?:-(?:arm|arm64|large|xlarge|intel))?$/i;
/** A job's runner labels, a matrix's values followed; null where an expression or a group hides them. */
function labelsOf(job) {
    const raw = job['runs-on'];
    const listed = Array.isArray(raw) ? raw.map(str) : typeof raw === 'string' ? [raw] : null;
    if (!listed)
        return raw === undefined ? [] : null; // { group, labels }: a runner group, GitHub's or self-hosted
    const matrix = obj(obj(job['strategy'])['matrix']);
    const out = [];
    for (const label of listed) {
        const m = /^\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}$/.exec(label.trim());
        const values = m ? matrix[m[1]] : undefined;
        if (Array.isArray(values) && values.every((v) => typeof v === 'string'))
            out.push(...values);
        else if (label.includes('${{'))
            return null;
        else
            out.push(label);
    }
    return out;
}
/**
 * A job that holds a persona credential on a runner that is not GitHub-hosted (`self-hosted`, a custom label, a
 * runner group, a label chosen by an expression): a warning — a runner that is not ephemeral keeps what an earlier
 * job left, and the doctor cannot see whether PR jobs or a writer's branch workflows share it.
 */
function runnerIssue(file, id, job) {
    const labels = labelsOf(job);
    if (labels && labels.every((l) => HOSTED.test(l.trim())))
        return [];
    const raw = job['runs-on'];
    const on = labels ? `[${labels.join(', ')}]` : (typeof raw === 'string' ? raw : JSON.stringify(raw)).slice(0, 60);
    return [
        {
            file,
            where: `job ${id}`,
            level: 'warn',
            says: `the job holds a persona credential and runs on ${on}, not a GitHub-hosted runner: whether that runner is ` +
                "ephemeral, or also runs PR jobs or a writer's branch workflows that could leave a process to read the key, " +
                'is unknown to the doctor',
            fix: `in ${file}, run job ${id} on a GitHub-hosted runner (ubuntu-latest), or on ephemeral self-hosted runners ` +
                '(a fresh runner per job) in a runner group only this workflow may use',
        },
    ];
}

;// CONCATENATED MODULE: ./src/core/doctor-workflows.ts
// What the doctor reads from a repository's workflow files: the writers of each persona's
// status context (core/doctor-writers.ts), and where a persona credential sits beside code it
// does not need to trust. Pure: text in, facts out. The project's own workflow rules
// (scripts/workflow-rules.mjs, also run by the linter) are applied as they are, and their
// findings graded here.







/** Actions that run no code a PR or a model can steer, and may share a job with a persona credential. */
const TRUSTED = [doctor_keys_OUR_ACTION, ...KNOWN_MINTERS, /^actions\/(checkout|upload-artifact|download-artifact)@/];
/** A persona credential: a token secret (not GITHUB_TOKEN), an App private key, or a minted App token. */
const PERSONA_CREDENTIAL = /secrets\.(?!GITHUB_TOKEN\b)[A-Za-z0-9_]*(_TOKEN|PRIVATE_KEY|_PEM)\b/;
const TOKEN_SECRET = /secrets\.(?!GITHUB_TOKEN\b)[A-Z0-9_]*_TOKEN\b/;
const cut = (s) => (s.length > 60 ? `${s.slice(0, 59).trimEnd()}…` : s);
/**
 * Job-level rules: a persona credential only in jobs that run nothing else, on trusted events, in an environment.
 * They fail in a workflow that runs persona-verdict, wherever a job mints an App token with a known token action (a
 * persona's App key may be any App's), and wherever a job reads a secret traced to a persona (its App key, a writer's
 * token secret), whatever its name; a token secret elsewhere (a release's NPM_TOKEN beside `npm publish`) warns
 * (attack round 13, R13-D3, and a review of it).
 */
function jobIssues(file, id, job, triggers, runsUs, persona) {
    const steps = stepsOf(job);
    const mints = steps.some((s) => knownMinter(str(s['uses'])));
    const text = JSON.stringify(job);
    // secrets[...] or toJSON(secrets) hands the job every secret: every persona key among them
    const traced = namesEverySecret(text) || [...text.matchAll(/secrets\.([A-Za-z0-9_]+)/g)].some((m) => persona.has(m[1]));
    const holds = PERSONA_CREDENTIAL.test(text) || mints || traced;
    if (!holds)
        return [];
    const level = runsUs || mints || traced ? 'fail' : 'warn';
    // a self-hosted runner may keep what an earlier job left (doctor-reach.ts)
    const out = runnerIssue(file, id, job);
    const where = `job ${id}`;
    const untrusted = steps
        .map((s, n) => ({ s, n }))
        .filter(({ s }) => typeof s['run'] === 'string' || !TRUSTED.some((re) => re.test(str(s['uses']))));
    if (untrusted.length) {
        const first = untrusted[0];
        const name = str(first.s['name']) || str(first.s['uses']) || 'a run step';
        out.push({
            file,
            where,
            level,
            says: `the job holds a persona credential beside step ${first.n + 1} ("${cut(name)}"), which runs other ` +
                'code (the LLM step or its tools can read every secret of its job from the runner)',
            fix: `in ${file}, split job ${id}: preflight and post jobs hold the persona credential and run only ` +
                'persona-verdict; the LLM job between them gets the diff as an artifact and only the LLM key',
        });
    }
    const events = jobEvents(triggers, job['if']);
    // a *_TOKEN secret on pull_request is already a finding of the project's rules (ruleIssue)
    if (events.includes('pull_request') && !TOKEN_SECRET.test(JSON.stringify(job))) {
        out.push({
            file,
            where,
            level,
            says: 'a persona credential on a pull_request trigger: the PR controls that workflow file and can spend it',
            fix: `in ${file}, run job ${id} on pull_request_target or workflow_run instead of pull_request`,
        });
    }
    if (job['environment'] === undefined) {
        out.push({
            file,
            where,
            level: 'warn',
            says: 'the job holds a persona credential without an environment, so any branch\u2019s workflow can use it',
            fix: `in ${file}, give job ${id} an environment (Settings → Environments) whose deployment branches are ` +
                'limited to the default branch, and keep the persona secret there',
        });
    }
    return out;
}
/**
 * A job's findings: where its credential sits (jobIssues), another repository's workflow it calls from a gated
 * workflow (doctor-reach.ts), who can force its persona's run (doctor-force.ts), and whether its board can read the
 * check runs it counts (doctor-board.ts).
 */
function doctor_workflows_jobFindings(j, persona, writers, here) {
    const gated = j.runsUs || j.triggers.includes('workflow_call');
    return [
        ...jobIssues(j.path, j.id, j.job, j.triggers, j.runsUs, persona),
        ...(gated ? crossRepoCall(j.path, j.id, j.job, here) : []),
        ...forcedByAuthor(j.path, j.id, j.job, j.wf, jobEvents(j.triggers, j.job['if'])),
        ...boardReads(j.path, j.id, j.job, j.wf, writers),
    ];
}
/** One finding of scripts/workflow-rules.mjs, as the rules grade it: what lets a PR walk around the gate fails. */
function ruleIssue(f, file) {
    return { file, where: f.where, level: f.level, says: f.says, fix: `edit ${file} (${f.where}): ${fixFor(f.says)}` };
}
function fixFor(says) {
    if (/not pinned/.test(says))
        return 'pin the action to a full commit SHA with a version comment';
    if (/permissions/.test(says))
        return 'set permissions: {} at the top and grant each job only what it needs';
    if (/persist-credentials/.test(says))
        return 'set persist-credentials: false on the checkout';
    return 'follow the rule it names, as the recipes in docs/recipes/ do';
}
/** The writers and the issues of every workflow file; a file that does not parse is an issue, never a crash. */
function analyseWorkflows(files, 
/** Each persona's App id and client ID, where known: a token minted with either written out is the persona's. */
appIds = new Map(), 
/** The gated and the default branch: all a checkout may name outright (null: not judged). */
branches = null, 
/** This repository (owner/name): a reusable workflow of another one is not read; null: not known. */
repo = null) {
    const writers = [];
    const issues = [];
    const minters = [];
    const callers = new Map();
    const paths = new Set(files.map((f) => f.path));
    /** Names of the workflows that run on merge_group, and what each workflow_run workflow follows. */
    const queueWorkflows = new Set();
    const follows = new Map();
    const jobs = [];
    const graded = [];
    for (const { path, text } of files) {
        let wf;
        let rules;
        try {
            wf = obj((0,dist/* parse */.qg)(text));
            rules = gradedFindings(text, branches);
        }
        catch (e) {
            issues.push({
                file: path,
                where: 'workflow',
                level: 'warn',
                says: `does not parse as a workflow (${e.message.split('\n')[0].slice(0, 100)})`,
                fix: `fix the YAML of ${path}; GitHub will not run it either`,
            });
            continue;
        }
        const triggers = doctor_writers_triggersOf(wf);
        const runsUs = text.toLowerCase().includes('persona-verdict/persona-verdict@');
        minters.push(...mintersOf(path, wf));
        callersOf(path, wf, callers, paths);
        if (triggers.includes('merge_group'))
            queueWorkflows.add(str(wf['name']) || path);
        const after = obj(obj(wf['on'] ?? wf['true'])['workflow_run'])['workflows'];
        follows.set(path, Array.isArray(after) ? after.map(str) : []);
        for (const [id, raw] of Object.entries(obj(wf['jobs']))) {
            writers.push(...writersOf(path, id, obj(raw), triggers));
            jobs.push({ path, id, job: obj(raw), triggers, runsUs, wf });
        }
        graded.push({ path, rules });
    }
    for (const w of writers)
        if (w.events.includes('workflow_run') && follows.get(w.file).some((n) => queueWorkflows.has(n)))
            w.queue = true;
    const keys = keyUses(writers, minters, callers, appIds);
    // the secrets known to be a persona's: the keys its App tokens are minted with, a writer's token secret; beside
    // other code they fail whatever their name or workflow (a review of round 13: a name pattern alone let PRIYA_KEY by)
    const persona = new Set([
        ...keys.flatMap((k) => k.secrets),
        ...writers.flatMap((w) => (w.credential.kind === 'secret' ? [w.credential.name] : [])),
    ]);
    issues.push(...jobs.flatMap((j) => doctor_workflows_jobFindings(j, persona, writers, { repo, paths })), ...mixedKinds(writers));
    for (const { path, rules } of graded)
        issues.push(...rules.map((r) => ruleIssue(r.creds?.some((c) => persona.has(c) || c === EVERY_SECRET) ? { ...r, level: 'fail' } : r, path)));
    return { writers, issues, keys };
}
/**
 * The triggers that run a branch's own copy of a workflow file: a PR into it (pull_request, from the PR's merge
 * ref), a push to it, a merge group for it, and a reusable workflow (it runs from its caller's ref: a review of round
 * 13 found develop's called LLM workflow skipped). Not pull_request_target: since 2025-12-08 it runs the default
 * branch's copy whatever the PR's base (GitHub's changelog; a review of the docs, 2026-12-03, found develop's copy
 * still analysed as if its PRs ran it).
 */
const BRANCH_COPY = new Set(['pull_request', 'push', 'merge_group', 'workflow_call']);
/**
 * The default branch's workflows, and the gated branch's own where it is another branch: its pushes, its merge
 * groups and the PRs into it run that branch's copy of such a workflow (attack round 13), so a file that differs
 * there is analysed too and its issues named "on <branch>". Null when the default branch's files could not be read.
 */
function analyseBranches(f, appIds = new Map()) {
    if (!f.workflows)
        return null;
    const branches = [...new Set([f.branch, f.defaultBranch ?? f.branch])];
    const main = analyseWorkflows(f.workflows, appIds, branches, f.repo ?? null);
    if (!f.branchWorkflows)
        return main;
    const same = new Set(f.workflows.map((w) => `${w.path}\n${w.text}`));
    // only a copy that runs from the branch: workflow_run, issue_comment, schedule … run the default branch's file
    const runsThere = (text) => {
        try {
            return doctor_writers_triggersOf(obj((0,dist/* parse */.qg)(text))).some((t) => BRANCH_COPY.has(t));
        }
        catch {
            return true; // a file that does not parse is named, as on the default branch
        }
    };
    const differs = new Set(f.branchWorkflows.filter((w) => !same.has(`${w.path}\n${w.text}`) && runsThere(w.text)).map((w) => w.path));
    const there = analyseWorkflows(f.branchWorkflows, appIds, branches, f.repo ?? null);
    const mine = (xs) => xs.filter((x) => differs.has(x.file));
    return {
        writers: [...main.writers, ...mine(there.writers)],
        issues: [...main.issues, ...mine(there.issues).map((i) => ({ ...i, file: `${i.file} on ${f.branch}` }))],
        keys: [...main.keys, ...mine(there.keys)],
    };
}

;// CONCATENATED MODULE: ./src/core/doctor.ts
// The doctor: is the merge gate really enforced? Facts about the repository's settings in (the
// branch's rules from every ruleset, classic protection when readable, the personas' Apps and
// permissions, the workflow files), a list of checks out — each ok, warn or fail with one
// sentence and the fix — and a bottom line. Pure. This file puts the checks together, in the
// order a report reads; each lives with what it looks at: core/doctor-branch.ts (the branch's
// rules), core/doctor-persona.ts (each persona's status), core/doctor-workflows.ts,
// doctor-environments.ts and doctor-secrets.ts (the workflow files, the environments, the key
// stores). The facts and the readers of GitHub's answers are core/doctor-facts.ts.











function diagnose(f) {
    const wf = analyseBranches(f, appNames(f.personas));
    const writers = wf?.writers ?? [];
    // each persona's status context, in the personas' order: what the bypass checks (the queue's too) look for
    const contexts = f.personas.map((p) => personaContext(p, writers));
    const checks = [
        classicCheck(f),
        ...f.personas.flatMap((p) => personaChecks(f, p, writers, wf !== null)),
        ...distinctChecks(f.personas),
        ...noQueueCheck(f, writers, contexts),
        ...groupingCheck(f),
        ...reviewChecks(f),
        ...bypassChecks(f, contexts),
        ...workflowChecks(f, wf),
        ...defaultBranchCheck(f),
        // the environments of the status writers, and of every other job that reads a persona key (core/doctor-keys.ts),
        // on the branch those jobs run on: the default branch, whatever branch is gated (GitHub, 2025-12-08: a
        // pull_request_target run takes its workflow and its environment rules from the default branch, as workflow_run
        // and issue_comment runs did)
        ...environmentChecks(f.defaultBranch ?? f.branch, f.environments ?? [], [...writers, ...(wf?.keys ?? [])]),
        ...secretChecks(f.secrets, wf?.keys ?? []),
    ];
    const fails = checks.filter((c) => c.level === 'fail').length;
    const warns = checks.filter((c) => c.level === 'warn').length;
    const level = fails ? 'fail' : warns ? 'warn' : 'ok';
    const bottomLine = level === 'fail'
        ? `the gate on ${f.branch} is not enforced: ${fails} check(s) fail, ${warns} warn — fix the failures first`
        : level === 'warn'
            ? `the gate on ${f.branch} holds as far as the doctor can see; ${warns} warning(s) to review`
            : `the gate on ${f.branch} is enforced: all ${checks.length} checks ok`;
    return { repo: f.repo, branch: f.branch, level, bottomLine, checks };
}
/**
 * A gate on another branch than the default one: its persona jobs run the default branch's workflows, run-persona and
 * prompts (pull_request_target since 2025-12-08, workflow_run and issue_comment always), which this report did not
 * check — whoever may push there decides what the persona jobs run (a review of the docs, 2026-12-03).
 */
function defaultBranchCheck(f) {
    if (!f.defaultBranch || f.defaultBranch === f.branch)
        return [];
    return [
        {
            id: 'default-branch',
            level: 'warn',
            says: `the persona jobs for PRs into ${f.branch} run ${f.defaultBranch}'s workflows, run-persona and prompts, ` +
                `whose rules this report did not check: whoever may push to ${f.defaultBranch} decides what they run`,
            fix: `run the doctor on ${f.defaultBranch} too (without --branch), and protect it as ${f.branch} is protected`,
        },
    ];
}
function workflowChecks(f, wf) {
    if (!wf) {
        return [
            {
                id: 'workflows',
                level: 'warn',
                unknown: true,
                says: 'the workflow files on the default branch could not be read',
                fix: 'run the doctor with a token that has contents: read',
            },
        ];
    }
    const unread = f.branchWorkflows === null
        ? [
            {
                id: 'workflows:branch',
                level: 'warn',
                unknown: true,
                says: `the workflow files on ${f.branch} could not be read (its pushes and merge groups run its files)`,
                fix: 'run the doctor with a token that has contents: read',
            },
        ]
        : [];
    if (!wf.issues.length && !f.workflows.length && !f.branchWorkflows?.length)
        return [...unread, ok('workflows', 'no workflow file breaks the workflow rules: the default branch has none')];
    if (!wf.issues.length)
        return [...unread, ok('workflows', `${f.workflows.length} workflow file(s) keep the workflow rules`)];
    const issues = wf.issues.map((i) => ({
        id: `workflow:${i.file}:${i.where}`,
        level: i.level,
        says: `${i.file}, ${i.where}: ${i.says}`,
        fix: i.fix,
    }));
    return [...unread, ...issues];
}
const MARK = { ok: 'ok  ', warn: 'WARN', fail: 'FAIL' };
/** Plain text for a terminal: one line per check, its fix under it. */
function doctor_renderText(r) {
    const lines = [`persona-verdict doctor: ${r.repo}, branch ${r.branch}`, ''];
    for (const c of r.checks) {
        lines.push(`${MARK[c.level]}  ${c.says}`);
        if (c.fix)
            lines.push(`      fix: ${c.fix}`);
    }
    lines.push('', `${r.level === 'ok' ? 'OK' : r.level.toUpperCase()}: ${r.bottomLine}`);
    return lines.join('\n');
}
const ICON = { ok: '✅', warn: '⚠️', fail: '❌' };
/** Markdown for the job summary. */
function doctor_renderMarkdown(r) {
    const rows = r.checks.map((c) => `| ${ICON[c.level]} ${c.level} | ${mdText(c.says)} | ${mdText(c.fix)} |`);
    return [
        `## ${ICON[r.level]} persona-verdict doctor: ${mdText(r.repo)} (${mdText(r.branch)})`,
        '',
        `**${mdText(r.bottomLine)}**`,
        '',
        '| result | finding | fix |',
        '|---|---|---|',
        ...rows,
        '',
    ].join('\n');
}

// EXTERNAL MODULE: ./node_modules/@actions/core/lib/core.js + 13 modules
var lib_core = __webpack_require__(6811);
// EXTERNAL MODULE: ./node_modules/@actions/github/lib/github.js + 21 modules
var github = __webpack_require__(1758);
// EXTERNAL MODULE: ./node_modules/@octokit/plugin-retry/dist-bundle/index.js
var dist_bundle = __webpack_require__(9735);
;// CONCATENATED MODULE: ./src/core/waits.ts
// When to wait for GitHub, and for how long — pure. The shell (github/octokit.ts)
// sleeps; these rules decide, once, from GitHub's answer and the time the run has left.
/** At most this many rate-limit waits per request: a limit that persists is reported, not waited out. */
const MAX_RATE_LIMIT_WAITS = 2;
/** A wait must leave this long before the deadline, or the retry could not be sent anyway. */
const SEND_MARGIN_MS = 1000;
/** GitHub: a secondary limit without retry-after means wait at least a minute. */
const SECONDARY_FALLBACK_SECONDS = 60;
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d GMT$/;
/**
 * retry-after read: delay-seconds, or an HTTP date (RFC 9110) as the seconds until it (`date` says which); null when
 * it is neither.
 */
function readRetryAfter(raw, now) {
    const text = raw?.trim() ?? '';
    if (/^\d+(?:\.\d+)?$/.test(text))
        return { seconds: Math.ceil(Number(text)), date: false };
    // an IMF-fixdate only ("Wed, 21 Oct 2026 07:28:00 GMT"): Date.parse alone takes "a 1" for a date in 2001
    const at = IMF_FIXDATE.test(text) ? Date.parse(text) : Number.NaN;
    return Number.isFinite(at) ? { seconds: Math.max(0, Math.ceil((at - now) / 1000)), date: true } : null;
}
/**
 * How long GitHub asks us to wait: retry-after (seconds or a date), else until x-ratelimit-reset (plus a second),
 * else a minute — GitHub's rule when retry-after is missing, and for one that reads as neither.
 */
function askedWait(headers, now) {
    const retryAfter = readRetryAfter(headers['retry-after'], now);
    if (retryAfter !== null)
        return retryAfter.seconds;
    const reset = Number(headers['x-ratelimit-reset'] ?? Number.NaN);
    if (headers['x-ratelimit-remaining'] === '0' && Number.isFinite(reset) && reset > 0)
        return Math.max(0, Math.ceil(reset - now / 1000)) + 1;
    return SECONDARY_FALLBACK_SECONDS;
}
/**
 * One layer decides every rate-limit wait: wait what GitHub asks, twice at most, and
 * never past the run's deadline — when the wait would end too late, stop at once.
 */
function rateLimitWait(r) {
    const seconds = askedWait(r.headers, r.now);
    const leftSeconds = Math.max(0, Math.floor((r.deadline - r.now) / 1000));
    if (r.waited >= MAX_RATE_LIMIT_WAITS)
        return { wait: false, seconds, leftSeconds, why: `still rate-limited after ${r.waited} waits` };
    if (r.now + seconds * 1000 + SEND_MARGIN_MS > r.deadline)
        return { wait: false, seconds, leftSeconds, why: 'the wait would pass the time limit' };
    return { wait: true, seconds };
}
/** What happened, for the failure message: the request was sent and GitHub answered; why we do not wait. */
function rateLimitStop(r, d) {
    const raw = r.headers['retry-after'];
    const read = readRetryAfter(raw, r.now);
    const asked = raw !== undefined && read
        ? `retry-after ${read.date ? `${raw.trim()}, in ` : ''}${d.seconds} s`
        : r.headers['x-ratelimit-remaining'] === '0'
            ? `its limit resetting in ${d.seconds} s`
            : raw === undefined
                ? `no retry-after (GitHub's rule: wait ${d.seconds} s)`
                : `a retry-after that is neither seconds nor a date (${JSON.stringify(raw)}; GitHub's rule: wait ` +
                    `${d.seconds} s)`;
    return (`the request was sent and GitHub answered HTTP ${r.status} rate-limited with ${asked}; ` +
        `the run has ${d.leftSeconds} s left (run-timeout-seconds), and ${d.why}, so it stops now without waiting`);
}
/** The environment variable that shortens the action's own waits in its tests; never set it in a workflow. */
const TIME_SCALE_ENV = 'PERSONA_VERDICT_TEST_TIME_SCALE';
/**
 * The test-only time scale: unset means 1 (production). A number above 0 and at most 1
 * multiplies every wait the action chooses or GitHub asks for (looks after an ambiguous
 * create, rate-limit waits, retry back-off); decisions still use GitHub's figures.
 */
function parseTimeScale(raw) {
    if (raw === undefined || raw === '')
        return 1;
    const n = Number(raw);
    if (raw.trim() && Number.isFinite(n) && n > 0 && n <= 1)
        return n;
    return {
        error: `${TIME_SCALE_ENV} is "${raw.slice(0, 40)}": it exists only for persona-verdict's own tests; ` +
            'unset it, or give a number above 0 and at most 1',
    };
}
/** The retry plugin's base back-off (github/client.ts passes it as retryAfterBaseValue). */
const RETRY_BASE_MS = 1000;
/** The retry plugin's back-off before retry n+1: (n + 1)² × its base (plugin-retry), scaled in tests. */
const retryBackoffMs = (retryCount, timeScale) => (retryCount + 1) ** 2 * RETRY_BASE_MS * timeScale;
/**
 * May a failed attempt of an idempotent request be retried? Not when its back-off would end with less than a second
 * left before the run's deadline: then this answer is the last, and the run reports it (attack R, P3: a 502 storm
 * slept 4 s past a 3 s limit, then said the request "was not sent").
 */
function retryFits(retryCount, now, deadline, timeScale) {
    return now + retryBackoffMs(retryCount, timeScale) + SEND_MARGIN_MS * timeScale < deadline;
}

;// CONCATENATED MODULE: ./src/core/errors.ts
// How a failed GitHub request is classified — pure, decided once where the error is
// built (github/octokit.ts), read everywhere else through ApiError's fields.
/** GitHub's words for a rate limit, the secondary one's older wording included. */
const RATE_LIMIT_WORDS = /rate limit|abuse detection/i;
/**
 * GitHub's rule: a 403 or 429 that carries `retry-after`, or says
 * `x-ratelimit-remaining: 0`, or whose message says rate limit, is a rate limit.
 */
function classify(f) {
    if (f.transport !== 'http')
        return f.transport;
    if (f.graphql)
        return graphqlClass(f);
    const s = f.status ?? 0;
    if (s === 403 || s === 429) {
        if (f.headers['retry-after'] !== undefined || f.headers['x-ratelimit-remaining'] === '0')
            return 'rate-limited';
        if (RATE_LIMIT_WORDS.test(f.detail))
            return 'rate-limited';
        return s === 429 ? 'rate-limited' : 'denied';
    }
    if (s === 401)
        return 'denied';
    if (s === 404)
        return 'not-found';
    if (s === 422)
        return 'invalid';
    if (s >= 500)
        return 'server';
    return 'other';
}
/**
 * A GraphQL answer of 200 with errors. GitHub's rule ("Rate limits and query limits for the GraphQL API", Exceeding
 * the rate limit): past the primary limit "the response status will still be 200, but you will receive an error
 * message, and the value of the x-ratelimit-remaining header will be 0"; past a secondary limit, 200 or 403 with a
 * message saying so. The error's type says the rest (NOT_FOUND, FORBIDDEN).
 */
function graphqlClass(f) {
    const types = f.graphql ?? [];
    // the error's type first: the query that spends a token's last point answers x-ratelimit-remaining 0 whatever its
    // error, so a NOT_FOUND or a FORBIDDEN then is that, not a rate limit (an independent review)
    if (types.includes('RATE_LIMITED') || RATE_LIMIT_WORDS.test(f.detail))
        return 'rate-limited';
    if (types.includes('NOT_FOUND'))
        return 'not-found';
    if (types.includes('FORBIDDEN'))
        return 'denied';
    return f.headers['x-ratelimit-remaining'] === '0' ? 'rate-limited' : 'other';
}
/** The request may have taken effect: no answer, or a server error. */
const isAmbiguous = (c) => c === 'server' || c === 'timeout' || c === 'network';
/** 422s on create that mean the token can never post here (its own PR, Actions may not approve). */
const isCreateDenial = (c, detail) => c === 'denied' || (c === 'invalid' && /own pull request|not permitted to approve/i.test(detail));

;// CONCATENATED MODULE: ./src/github/port.ts
// The one small port through which the shell talks to GitHub.


/**
 * A failed API call, already translated into words an operator can act on, and
 * classified once (core/errors.ts). It aborts the run as permission-denied when the
 * token was refused, else api-error. Every port method fails with an ApiError and nothing
 * else (client.ts call() translates every failure): where the shell calls the port and handles
 * a failure, it catches ApiError, never Abort, so that a step's own Abort is never taken for a
 * refusal from GitHub. Abort is caught only around whole steps (main.ts, steps.ts attributed).
 */
class ApiError extends abort/* Abort */.F {
    status;
    cls;
    transport;
    constructor(status, cls, transport, message, advice = '') {
        super(cls === 'denied' ? 'permission-denied' : 'api-error', message, advice);
        this.status = status;
        this.cls = cls;
        this.transport = transport;
    }
    /** The request may have taken effect: 5xx, timeout, connection reset. */
    get ambiguous() {
        return isAmbiguous(this.cls);
    }
}
/** A port call the caller can do without: its ApiError answers null; anything else (a bug) is thrown. */
const orNull = (call) => call.catch((e) => {
    if (e instanceof ApiError)
        return null;
    throw e;
});

;// CONCATENATED MODULE: ./src/github/errors.ts
// Turns a failed Octokit request into an ApiError: GitHub's words (token redacted),
// the class (core/errors.ts) and advice an operator can act on.


/** Thrown by the time-limit hook when the run's deadline has passed: this attempt was not sent (earlier ones were). */
class DeadlineError extends Error {
    retries;
    constructor(retries = 0) {
        super("the run's time limit ran out");
        this.retries = retries;
    }
}
const ADVICE_422 = [
    [
        /approve your own pull request/i,
        'the token belongs to the PR author, who cannot approve their own PR: give the persona its own account and token',
    ],
    [
        /request changes on your own pull request/i,
        'the token belongs to the PR author, who cannot request changes on their own PR: ' +
            'give the persona its own account and token',
    ],
    [
        /not permitted to approve pull requests/i,
        'enable "Allow GitHub Actions to create and approve pull requests" (Settings → Actions → General), ' +
            'or post with a persona PAT',
    ],
    [/lock prevents review/i, 'the PR conversation is locked: unlock it, or review after the lock is lifted'],
    [/pending review/i, 'this account has a PENDING review on the PR: submit or delete it, then re-run'],
    [
        // GitHub keeps 1000 statuses per sha and context, whoever wrote them, and deletes none
        /maximum number of statuses/i,
        'this commit holds 1000 statuses under this context (GitHub keeps at most that many, deleting none): its ' +
            'colour can no longer change, so do not merge on it. Push a new commit (a new sha starts empty), and find who ' +
            'filled the context (anyone with write access may set statuses). A merge queue re-decides on each group commit',
    ],
];
/** Why a re-run is safe after a failure that may have taken effect: said the same way everywhere. */
const RERUN = 'a re-run lists the reviews first and never posts a second review for this head';
/** A GraphQL answer of HTTP 200 that carries errors (thrown by @octokit/graphql as a GraphqlResponseError). */
const graphqlAnswer = (err) => err.name === 'GraphqlResponseError' && Array.isArray(err.errors);
const redactor = (token) => (s) => token ? s.split(token).join('***') : s;
/** GitHub's message, with the errors array it may carry, and never the token. */
function detailOf(err, e, redact) {
    let detail = String(err.message ?? e);
    const data = err.response?.data;
    if (data && typeof data === 'object') {
        const extra = Array.isArray(data.errors)
            ? data.errors.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join('; ')
            : '';
        detail = [data.message, extra].filter(Boolean).join(': ') || detail;
    }
    return redact(detail).slice(0, 500);
}
function translate(operation, e, limits) {
    if (e instanceof DeadlineError) {
        const message = e.retries > 0
            ? `${operation} failed ${e.retries + (e.retries > 1 ? ' times' : ' time')} (an error from GitHub, or no ` +
                'answer in time), ' +
                "and the run's time limit ran out before it could be sent again"
            : `${operation} was not sent: the run's time limit ran out`;
        return new ApiError(null, 'deadline', 'deadline', message, `raise run-timeout-seconds, or re-run: ${RERUN}`);
    }
    const err = e;
    const gql = graphqlAnswer(err);
    const answered = Boolean(err.response);
    const status = gql ? 200 : answered && typeof err.status === 'number' ? err.status : null;
    const detail = gql
        ? redactor(limits.token)(err.errors.map((x) => x.message ?? x.type ?? '').join('; ')).slice(0, 500)
        : detailOf(err, e, redactor(limits.token));
    const timedOut = /abort|timeout|timed out/i.test(`${String(err.message ?? e)} ${err.name ?? ''}`);
    const transport = answered ? 'http' : timedOut ? 'timeout' : 'network';
    const headers = (gql ? err.headers : err.response?.headers) ?? {};
    const graphql = gql ? err.errors.map((x) => String(x.type ?? '')) : undefined;
    const cls = classify({ status, transport, detail, headers, ...(graphql ? { graphql } : {}) });
    const types = graphql?.filter(Boolean).join(', ');
    const what = gql
        ? ` (HTTP 200, GraphQL errors${types ? `: ${types}` : ''})`
        : status
            ? ` (HTTP ${status})`
            : transport === 'timeout'
                ? ' (timed out)'
                : ' (no answer)';
    const advice = adviceFor(cls, status, detail, headers, limits);
    return new ApiError(status, cls, transport, `${operation} failed${what}: ${detail}`, advice);
}
function adviceFor(cls, status, detail, headers, limits) {
    switch (cls) {
        case 'rate-limited': {
            const reset = Number(headers['x-ratelimit-reset']);
            const until = reset ? ` (the limit resets at ${new Date(reset * 1000).toISOString()})` : '';
            return `GitHub rate-limited this token${until}: re-run later or space the persona jobs; ${RERUN}`;
        }
        case 'denied':
            return status === 401
                ? 'the token was rejected (expired, revoked or malformed): check the secret passed as github-token'
                : 'the token lacks permission: it needs pull-requests: write (and contents: read) on this repository';
        case 'not-found':
            return 'not found, or the token cannot see it: check the repository, the PR number and that the token has access';
        case 'invalid':
            return (ADVICE_422.find(([re]) => re.test(detail))?.[1] ??
                'GitHub refused the request as invalid (the message says why); if the PR changed meanwhile, re-run the job');
        case 'timeout':
            return Date.now() >= limits.deadline - 100
                ? `the run's time limit (run-timeout-seconds) ran out while waiting for GitHub: re-run the job, ` +
                    `or raise the limit; ${RERUN}`
                : `no answer from GitHub within the time limit (${limits.requestTimeoutMs / 1000}s per request, ` +
                    `request-timeout-seconds): re-run the job; ${RERUN}`;
        case 'network':
            return `the connection to GitHub failed: re-run the job; ${RERUN}`;
        case 'server':
            return 'GitHub failed (server error): re-run the job';
        default:
            return '';
    }
}

;// CONCATENATED MODULE: ./src/github/pacing.ts
// How the client paces its requests, after GitHub's advice for integrators (REST API best
// practices, "Avoid concurrent requests" and "Pause between mutative requests":
// https://docs.github.com/en/rest/using-the-rest-api/best-practices-for-using-the-rest-api):
// no write leaves its gate less than a second after the previous one (a GraphQL query counts as
// a write: it may mutate), a write that notifies people (a review, a comment) three seconds after
// the previous such write, and no more than ten requests of this client are in flight (a write
// takes its slot before its gate, so the gaps hold between real starts). @octokit/plugin-throttling
// applied the same rules until 0.13.0 (and spaced /search/ reads, which the action never makes);
// it schedules through Bottleneck, whose every step yields to the event loop with a timer (a
// millisecond or more, about ten per request), which made a run against a local server mostly
// waiting. Here a turn costs nothing unless it has to wait. (@octokit/plugin-retry still schedules
// each request through a Bottleneck of its own: a few ticks, not ten.) The clock and the sleep are
// injected (client.ts scales the sleep in the action's own tests and never sleeps past the run's
// deadline).
// The endpoints GitHub lists as creating notifications (the paths @octokit/plugin-throttling
// 11's generated list holds, from GitHub's OpenAPI description); `{…}` is one path segment.
const NOTIFYING = [
    '/orgs/{org}/invitations',
    '/orgs/{org}/invitations/{invitation_id}',
    '/orgs/{org}/teams/{team_slug}/discussions',
    '/orgs/{org}/teams/{team_slug}/discussions/{discussion_number}/comments',
    '/repos/{owner}/{repo}/collaborators/{username}',
    '/repos/{owner}/{repo}/commits/{commit_sha}/comments',
    '/repos/{owner}/{repo}/issues',
    '/repos/{owner}/{repo}/issues/{issue_number}/comments',
    '/repos/{owner}/{repo}/issues/{issue_number}/sub_issue',
    '/repos/{owner}/{repo}/issues/{issue_number}/sub_issues/priority',
    '/repos/{owner}/{repo}/pulls',
    '/repos/{owner}/{repo}/pulls/{pull_number}/comments',
    '/repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies',
    '/repos/{owner}/{repo}/pulls/{pull_number}/merge',
    '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers',
    '/repos/{owner}/{repo}/pulls/{pull_number}/reviews',
    '/repos/{owner}/{repo}/releases',
    '/teams/{team_id}/discussions',
    '/teams/{team_id}/discussions/{discussion_number}/comments',
];
const NOTIFYING_RE = new RegExp(`^(?:${NOTIFYING.map((p) => p.replace(/\{[^}]+\}/g, '[^/]+')).join('|')})$`, 'i');
/** What kind of request this is, for pacing: a read, a write, or a write that notifies. */
function requestKind(method, url) {
    const path = new URL(url, 'http://github.test').pathname.replace(/\/+$/, '');
    const m = method.toUpperCase();
    if (m === 'GET' || m === 'HEAD')
        return 'read'; // a GraphQL query is a POST: a write
    return NOTIFYING_RE.test(path) ? 'notify' : 'write';
}
function pacer(o) {
    // one queue for every write, in the order they ask: each waits for the write gap and, if it notifies, the
    // notification gap, both counted from the starts of the writes before it (a plain write behind a notifying one
    // waits with it: the action writes one thing at a time, and both gaps always hold)
    let tail = Promise.resolve();
    let lastWrite = Number.NEGATIVE_INFINITY;
    let lastNotify = Number.NEGATIVE_INFINITY;
    const gate = (notifies) => {
        const turn = tail.then(async () => {
            const due = Math.max(lastWrite + o.writeGapMs, notifies ? lastNotify + o.notifyGapMs : Number.NEGATIVE_INFINITY);
            const wait = due - o.now();
            if (wait > 0)
                await o.sleep(wait);
            lastWrite = o.now();
            if (notifies)
                lastNotify = lastWrite;
        });
        tail = turn.catch(() => { }); // a failed turn (a clock that threw) does not fail every later write
        return turn;
    };
    let free = o.maxInFlight;
    const waiting = [];
    const release = () => {
        const next = waiting.shift();
        if (next)
            next();
        else
            free++;
    };
    return async (method, url, request) => {
        const kind = requestKind(method, url);
        // the slot first, then the gate: a write starts the moment its gate lets it through, so the gaps are
        // counted between real starts (a write that passed its gate and then waited for a slot could start beside
        // the next one)
        if (free > 0)
            free--;
        else
            await new Promise((r) => waiting.push(r));
        try {
            if (kind !== 'read')
                await gate(kind === 'notify');
            return await request();
        }
        finally {
            release();
        }
    };
}

;// CONCATENATED MODULE: ./src/github/client.ts
// The transport every port request runs through: rate-limit waits (one layer, never past
// the run's deadline), spaced writes, retries for idempotent requests only, a time limit
// per attempt and a whole-run deadline; one call() translates every error.






/** The one place the never-retry option is set (creates that are not idempotent). */
const once = { request: { retries: 0 } };
/** The run's one sleep: scaled (tests only), and never past the deadline. */
const sleeper = (o) => (ms) => {
    const until = Math.max(0, Math.min(ms * o.timeScale, o.deadline - Date.now()));
    return new Promise((resolve) => setTimeout(resolve, until));
};
function buildOctokit(o) {
    const redact = redactor(o.token);
    // Registered before pacing and retry, so it wraps each attempt (theirs included):
    // every attempt gets its own time limit, and none starts after the run's deadline.
    const timeLimits = (oc) => {
        oc.hook.wrap('request', async (request, opts) => {
            const left = o.deadline - Date.now();
            const tries = opts.request.retryCount ?? 0;
            // a retry sends only with its margin left (its pacing wait may have used it): else it is reported as not sent
            if (left <= 0 || (tries > 0 && left < SEND_MARGIN_MS * o.timeScale))
                throw new DeadlineError(tries);
            // before-after-hook binds the options object to the inner hooks: mutate it, do not replace it
            opts.request = { ...opts.request, signal: AbortSignal.timeout(Math.min(o.requestTimeoutMs, left)) };
            try {
                return await request(opts);
            }
            catch (e) {
                // no retry whose back-off would end past the deadline: GitHub's answer to this attempt is the one reported
                // (the retry plugin reads the limit from these options when it decides: plugin-retry error-request.js)
                if (!retryFits(tries, Date.now(), o.deadline, o.timeScale))
                    opts.request.retries = tries;
                throw e;
            }
        });
    };
    // Writes spaced and requests in flight capped as GitHub advises (pacing.ts). Registered after the
    // time limits and before retry, so that each attempt waits its turn and its time limit starts after it.
    const pace = pacer({
        writeGapMs: 1000 * o.timeScale,
        notifyGapMs: 3000 * o.timeScale,
        maxInFlight: 10,
        now: Date.now,
        sleep: sleeper({ ...o, timeScale: 1 }), // the gaps are scaled already; the run's one sleep, never past the deadline
    });
    const pacing = (oc) => {
        oc.hook.wrap('request', (request, opts) => pace(opts.method, opts.url, async () => request(opts)));
    };
    return (0,github/* getOctokit */.Q)(o.token, {
        // read at each run (defaults has the URL of the process's start: one run per process on a runner)
        baseUrl: process.env['GITHUB_API_URL'] || 'https://api.github.com',
        // transient failures of idempotent requests: back-off 1 s then 4 s (scaled in tests)
        retry: {
            retries: 2,
            doNotRetry: [400, 401, 403, 404, 410, 422, 451, 429],
            retryAfterBaseValue: RETRY_BASE_MS * o.timeScale,
        },
        log: { debug: () => { }, info: () => { }, warn: (m) => o.warn(redact(String(m))), error: () => { } },
    }, timeLimits, pacing, dist_bundle/* retry */.L);
}
/** The page number of Link rel="last"; 1 when there is none (a single page). */
function lastPage(link) {
    const m = /<([^>]+)>;\s*rel="last"/.exec(link ?? '');
    if (!m)
        return 1;
    const n = Number(new URL(m[1]).searchParams.get('page'));
    return Number.isInteger(n) && n > 1 ? Math.min(n, 1000) : 1;
}
/**
 * The one wrapper every request runs through, and the one layer that waits on a rate
 * limit. GitHub's rule is that any 403 or 429 carrying retry-after means "wait that
 * long" (x-ratelimit-reset: until then): waited here, twice at most, and never past the
 * run's deadline — a wait that would pass it fails at once, saying what GitHub answered.
 */
function caller(o) {
    const limits = { token: o.token, requestTimeoutMs: o.requestTimeoutMs, deadline: o.deadline };
    const sleep = sleeper(o);
    return async (operation, fn, tolerate) => {
        for (let waited = 0;; waited++) {
            try {
                return await fn();
            }
            catch (e) {
                const err = e;
                const error = translate(operation, e, limits);
                // an answer from GitHub (a status, or GraphQL errors), never a transport failure, and never a rate limit:
                // that is waited for, not taken as the answer
                if (tolerate && (err.response || err.errors) && error.cls !== 'rate-limited') {
                    const v = tolerate(typeof err.status === 'number' ? err.status : 0, String(err.message ?? ''));
                    if (v !== undefined)
                        return v;
                }
                if (error.cls !== 'rate-limited' || error.status === null)
                    throw error;
                const limited = {
                    status: error.status,
                    headers: (err.response?.headers ?? err.headers ?? {}),
                    now: Date.now(),
                    deadline: o.deadline,
                    waited,
                };
                const d = rateLimitWait(limited);
                if (!d.wait)
                    throw stopped(error, rateLimitStop(limited, d));
                o.warn(`${operation}: rate limited (HTTP ${error.status}), waiting ${d.seconds}s as GitHub asks`);
                await sleep(d.seconds * 1000);
            }
        }
    };
}
/** The rate-limited error, saying why the client does not wait for GitHub's limit. */
const stopped = (e, why) => new ApiError(e.status, e.cls, e.transport, `${e.message}; ${why}`, e.advice);

;// CONCATENATED MODULE: ./src/github/reviews.ts

const toReview = (r) => ({
    id: r.id,
    login: r.user?.login ?? null,
    state: r.state,
    body: r.body,
    htmlUrl: r.html_url,
});
const comment = (c) => ({
    id: c.id,
    login: c.user?.login ?? null,
    body: c.body ?? '',
});
const EDITS_QUERY = `query($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviews(first: 100, after: $after) {
        nodes { fullDatabaseId lastEditedAt }
        pageInfo { hasNextPage endCursor }
      }
    }
  }
}`;
/**
 * Which reviews GitHub's GraphQL lists for the PR, each with whether its body was edited after
 * it was posted. More pages than the bound fails: a partial trace would read as "not edited".
 */
async function editTrace(octokit, owner, name, number) {
    const trace = new Map();
    let after = null;
    for (let page = 0; page < 100; page++) {
        const data = await octokit.graphql(EDITS_QUERY, { owner, name, number, after });
        const reviews = data.repository?.pullRequest?.reviews;
        if (!reviews)
            throw new Error(`GraphQL answered no pull request #${number}`);
        for (const n of reviews.nodes)
            if (n?.fullDatabaseId)
                trace.set(Number(n.fullDatabaseId), !!n.lastEditedAt);
        if (!reviews.pageInfo.hasNextPage)
            return trace;
        after = reviews.pageInfo.endCursor;
    }
    throw new Error(`GraphQL lists more than 10,000 reviews on #${number}: their edits cannot all be read`);
}
/** Pages read after the last one Link rel="last" named, one by one (a bound, far above any real PR). */
const MAX_PAGES = 1000;
/**
 * Every review, all pages, each marked when GraphQL says it was edited after it was posted.
 * Pages 2..N are read at once, N from page 1's Link rel="last". A review created meanwhile
 * lands at the end of the listing (submitted reviews are never deleted, so nothing moves
 * between pages): if page N was full, it starts page N+1, which page 1 did not name. Page N's
 * own answer is read after the create it could have missed began, and its Link names any page
 * after it, so the rel="next" links are followed from page N until there are none. A review
 * created after page N's answer is one the listing could never include, read in any order.
 */
async function allReviews(octokit, owner, repo, pullNumber) {
    const page = (n) => octokit.rest.pulls.listReviews({ owner, repo, pull_number: pullNumber, per_page: 100, page: n });
    const pages = [await page(1)];
    const last = lastPage(pages[0].headers.link);
    pages.push(...(await Promise.all(Array.from({ length: Math.max(0, last - 1) }, (_x, i) => page(i + 2)))));
    // pages after the last one page 1 named (created meanwhile), or no rel="last" at all: follow rel="next"
    while (pages.length < MAX_PAGES && /rel="next"/.test(pages.at(-1).headers.link ?? ''))
        pages.push(await page(pages.length + 1));
    // the edit trace comes from GraphQL, read after the REST pages: an edit saved before a page's
    // text was read shows in the trace. A review the trace does not list has no known history and
    // counts as edited (it can never stand); if the trace cannot be read, the listing fails.
    const trace = await editTrace(octokit, owner, repo, pullNumber);
    return pages.flatMap((r) => r.data.map((x) => ({ ...toReview(x), edited: trace.get(x.id) ?? true })));
}
/** A timeline item as a dismissal fact; anything but a well-formed review_dismissed is none. */
const dismissalOf = (e) => {
    const d = e.event === 'review_dismissed' ? e.dismissed_review : undefined;
    if (!d || typeof d.review_id !== 'number')
        return [];
    return [
        {
            reviewId: d.review_id,
            actor: e.actor?.login ?? null,
            message: d.dismissal_message ?? null,
            commitId: d.dismissal_commit_id ?? null,
        },
    ];
};
function reviewsPort({ octokit, call, owner, repo }) {
    return {
        listReviews: (pullNumber) => call(`list reviews of #${pullNumber}`, () => allReviews(octokit, owner, repo, pullNumber)),
        createReview: (pullNumber, r) => call(`create review on #${pullNumber}`, async () => {
            const review = {
                event: r.event,
                body: r.body,
                commit_id: r.commitId,
                ...(r.comments?.length ? { comments: r.comments } : {}),
            };
            // never blindly retried: after an ambiguous failure the caller looks before any retry
            const { data } = await octokit.rest.pulls.createReview({
                owner,
                repo,
                pull_number: pullNumber,
                ...review,
                ...once,
            });
            return toReview(data);
        }),
        dismissReview: (pullNumber, reviewId, message) => call(`dismiss review ${reviewId}`, async () => {
            await octokit.rest.pulls.dismissReview({
                owner,
                repo,
                pull_number: pullNumber,
                review_id: reviewId,
                message,
                event: 'DISMISS',
            });
            return 'dismissed';
        }, (status, msg) => (status === 422 && /dismissed/i.test(msg) ? 'already' : undefined)),
    };
}
/** The PR's files (for findings and the whole-diff check) and its timeline's dismissals (restamp). */
function pullReadsPort({ octokit, call, owner, repo }) {
    return {
        listPullFiles: (pullNumber) => call(`list files of #${pullNumber}`, async () => {
            const all = await octokit.paginate(octokit.rest.pulls.listFiles, {
                owner,
                repo,
                pull_number: pullNumber,
                per_page: 100,
            });
            return all.map((f) => ({
                filename: f.filename,
                status: f.status,
                ...(f.previous_filename ? { previous_filename: f.previous_filename } : {}),
                ...(typeof f.patch === 'string' ? { patch: f.patch } : {}),
            }));
        }),
        listDismissals: (issueNumber) => call(`read the timeline of #${issueNumber}`, async () => {
            const all = await octokit.paginate(octokit.rest.issues.listEventsForTimeline, {
                owner,
                repo,
                issue_number: issueNumber,
                per_page: 100,
            });
            return all.flatMap((e) => dismissalOf(e));
        }),
    };
}
function commentsPort({ octokit, call, owner, repo }) {
    return {
        listComments: (issueNumber) => call(`list comments of #${issueNumber}`, async () => {
            const all = await octokit.paginate(octokit.rest.issues.listComments, {
                owner,
                repo,
                issue_number: issueNumber,
                per_page: 100,
            });
            return all.map(comment);
        }),
        createComment: (issueNumber, body) => call(`comment on #${issueNumber}`, async () => comment((await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body, ...once })).data)),
        updateComment: (commentId, body) => call(`update comment ${commentId}`, async () => comment((await octokit.rest.issues.updateComment({ owner, repo, comment_id: commentId, body })).data)),
        deleteComment: (commentId) => call(`delete comment ${commentId}`, async () => {
            await octokit.rest.issues.deleteComment({ owner, repo, comment_id: commentId });
            return 'deleted';
        }, (status) => (status === 404 ? 'gone' : undefined)),
    };
}
/** 403 and 404 are how GitHub hides a setting from a token: a fact (cannot see), not an error. */

;// CONCATENATED MODULE: ./src/github/settings.ts
// The repository settings doctor reads: rulesets, branch rules, classic protection,
// installed apps and permissions. A 403/404 here is a fact (hidden), not a failure.

const settings_hidden = (v) => (status) => status === 403 || status === 404 ? v : undefined;
function settingsPort(ctx) {
    return {
        ...rulesPort(ctx),
        ...accessPort(ctx),
        ...codeownersPort(ctx),
        ...environmentPort(ctx),
        ...secretsPort(ctx),
    };
}
function rulesPort({ octokit, call, owner, repo }) {
    return {
        getDefaultBranch: () => call(`GET repository ${owner}/${repo}`, async () => (await octokit.rest.repos.get({ owner, repo })).data.default_branch),
        getBranchRules: (branch) => call('GET branch rules', async () => {
            const rules = await octokit.paginate(octokit.rest.repos.getBranchRules, { owner, repo, branch, per_page: 100 });
            return rules;
        }),
        getRuleset: (id) => call('GET ruleset', async () => {
            const r = (await octokit.rest.repos.getRepoRuleset({ owner, repo, ruleset_id: id })).data;
            const bypass = r.bypass_actors
                ? r.bypass_actors.map((a) => ({
                    type: a.actor_type,
                    id: a.actor_id ?? null,
                    mode: a.bypass_mode ?? 'always',
                }))
                : null;
            return { name: r.name, bypass };
        }, settings_hidden(null)),
        getBranch: (branch) => call('GET branch', async () => {
            const b = (await octokit.rest.repos.getBranch({ owner, repo, branch })).data;
            const p = b.protection;
            return {
                protected: b.protected,
                classic: p?.enabled ?? null,
                requiredChecks: p?.required_status_checks ?? null,
            };
        }, (status) => (status === 404 ? null : undefined)),
        getBranchProtection: (branch) => call('GET branch protection', async () => ({
            protection: (await octokit.rest.repos.getBranchProtection({ owner, repo, branch })).data,
        }), (status) => (status === 403 || status === 404 ? { refused: status } : undefined)),
    };
}
function accessPort({ octokit, call, owner, repo }) {
    return {
        getApp: (slug) => call(`GET app ${slug}`, async () => {
            const app = (await octokit.rest.apps.getBySlug({ app_slug: slug })).data;
            return app ? { id: app.id, clientId: app.client_id ?? null } : null;
        }, settings_hidden(null)),
        getPermission: (login) => call('GET collaborator permission', async () => (await octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username: login })).data.permission, (status) => (status === 404 ? 'not-collaborator' : status === 403 ? null : undefined)),
        listWorkflowFiles: (ref) => call('GET workflow files', async () => {
            const dir = (await octokit.rest.repos.getContent({ owner, repo, path: '.github/workflows', ref })).data;
            const files = (Array.isArray(dir) ? dir : []).filter((f) => f.type === 'file' && /\.ya?ml$/.test(f.name));
            return Promise.all(files.map(async (f) => {
                const c = (await octokit.rest.repos.getContent({ owner, repo, path: f.path, ref })).data;
                const text = 'content' in c && typeof c.content === 'string' ? c.content : '';
                return { path: f.path, text: Buffer.from(text, 'base64').toString('utf8') };
            }));
        }, 
        // no .github/workflows at all is a fact (no workflow writes anything); 403 hides them
        (status) => (status === 404 ? [] : status === 403 ? null : undefined)),
    };
}
/** The gated branch's CODEOWNERS and the errors GitHub reports in it (the doctor's code-owner check). */
function codeownersPort({ octokit, call, owner, repo }) {
    return {
        getCodeownersErrors: (ref) => call('GET CODEOWNERS errors', async () => (await octokit.rest.repos.codeownersErrors({ owner, repo, ref })).data.errors.map((e) => ({
            line: e.line,
            kind: e.kind,
        })), 
        // asked only once the file was read: a 404 or 403 here says nothing about its lines (unknown, never "none")
        (status) => (status === 404 || status === 403 ? null : undefined)),
        // GitHub looks in .github/, then the root, then docs/ and uses the first it finds ("About code owners")
        getCodeowners: (ref) => call('GET CODEOWNERS', async () => {
            for (const path of CODEOWNERS_PATHS) {
                const got = await octokit.rest.repos.getContent({ owner, repo, path, ref }).then((r) => r.data, (e) => {
                    if (e.status === 404)
                        return null;
                    throw e;
                });
                if (got && !Array.isArray(got) && 'content' in got && typeof got.content === 'string')
                    return { path, text: Buffer.from(got.content, 'base64').toString('utf8') };
            }
            return 'missing';
        }, (status) => (status === 403 ? null : undefined)),
    };
}
function environmentPort({ octokit, call, owner, repo }) {
    return {
        // GitHub makes an environment on a job's first use of it with no deployment branch policy: every branch
        getEnvironmentBranches: (name) => call('GET environment', async () => {
            // both at once (one round); the policies count only when the environment says they apply
            const policies = octokit
                .paginate(octokit.rest.repos.listDeploymentBranchPolicies, {
                owner,
                repo,
                environment_name: name,
                per_page: 100,
            })
                .then((list) => ({ list }), (error) => ({ error }));
            const env = (await octokit.rest.repos.getEnvironment({ owner, repo, environment_name: name })).data;
            const policy = env.deployment_branch_policy;
            if (!policy)
                return { kind: 'all' };
            if (policy.protected_branches)
                return { kind: 'protected' };
            const read = await policies;
            if ('error' in read)
                throw read.error;
            const patterns = read.list.map((p) => ({ name: p.name ?? '', type: p.type === 'tag' ? 'tag' : 'branch' }));
            return { kind: 'custom', patterns };
        }, (status) => (status === 404 ? 'missing' : status === 403 ? null : undefined)),
    };
}
function secretsPort({ octokit, call, owner, repo }) {
    const names = (list) => list.map((x) => x.name);
    return {
        // names only (GitHub never returns a value); listing needs collaborator access and the secrets permission, so
        // GITHUB_TOKEN is refused (403): unknown, never ok
        listSecretNames: (store) => call('GET secrets', async () => names(store === 'repository'
            ? await octokit.paginate(octokit.rest.actions.listRepoSecrets, { owner, repo, per_page: 100 })
            : store === 'organization'
                ? await octokit.paginate(octokit.rest.actions.listRepoOrganizationSecrets, {
                    owner,
                    repo,
                    per_page: 100,
                })
                : await octokit.paginate(octokit.rest.actions.listEnvironmentSecrets, {
                    owner,
                    repo,
                    environment_name: store.environment,
                    per_page: 100,
                })), settings_hidden(null)),
    };
}

;// CONCATENATED MODULE: ./src/github/statuses.ts

function statusesPort(ctx, kind) {
    const lists = { listCommitStatuses: statuses_all(ctx), listCheckRuns: runs(ctx) };
    return { ...(kind === 'check-run' ? checkRunsPort(ctx) : commitStatusesPort(ctx)), ...lists };
}
/**
 * Every commit status of a commit, newest first ("The first status in the list will be the latest one"), with its
 * context: a persona's own (listStatuses) and, whatever this run's status-kind, what the board reads of each persona's.
 */
const statuses_all = ({ octokit, call, owner, repo }) => (sha) => call(`list the commit statuses of ${sha.slice(0, 7)}`, async () => {
    const list = await octokit.paginate(octokit.rest.repos.listCommitStatusesForRef, {
        owner,
        repo,
        ref: sha,
        per_page: 100,
    });
    return list.map((s) => ({
        id: s.id,
        context: s.context,
        state: s.state,
        creator: s.creator?.login ?? null,
        description: s.description ?? '',
        targetUrl: s.target_url ?? null,
    }));
});
/**
 * Every check run of a commit (filter all: each run, not only each name's latest), newest created first — GitHub
 * documents no order, and ids grow with creation. Read as a status: success passes; a completed run that does not pass
 * as this action writes pending (action_required), or one still in progress, is pending; any other conclusion fails.
 * Its title is the status's description (the action writes the same words to both), its App the creator (slug[bot]).
 * Only evidence that a run stands, never proof that none does: past 1000 check suites on a commit GitHub lists the
 * newest 1000 suites' runs, and anyone who can start workflows there adds suites (see checkRunsPort).
 */
const runs = ({ octokit, call, owner, repo }) => (sha, name) => call(`list the check runs of ${sha.slice(0, 7)}`, async () => {
    const list = await octokit.paginate(octokit.rest.checks.listForRef, {
        owner,
        repo,
        ref: sha,
        filter: 'all',
        per_page: 100,
        ...(name ? { check_name: name } : {}),
    });
    return list
        .map((r) => ({
        id: r.id,
        context: r.name,
        state: r.conclusion === 'success'
            ? 'success'
            : r.conclusion === 'action_required' || r.status !== 'completed'
                ? 'pending'
                : 'failure',
        creator: r.app?.slug ? `${r.app.slug}[bot]` : null,
        description: r.output?.title ?? '',
        targetUrl: r.details_url ?? null,
    }))
        .sort((a, b) => b.id - a.id);
});
function commitStatusesPort(ctx) {
    const { octokit, call, owner, repo } = ctx;
    return {
        createStatus: (sha, s) => call(`set commit status ${s.context} on ${sha.slice(0, 7)}`, async () => {
            const status = { state: s.state, description: s.description, context: s.context, target_url: s.targetUrl };
            await octokit.rest.repos.createCommitStatus({ owner, repo, sha, ...status });
        }),
        listStatuses: async (sha, context) => (await statuses_all(ctx)(sha)).filter((s) => s.context === context).map(({ context: _c, ...s }) => s),
    };
}
/**
 * A check run per write. Pending is a completed run that does not pass (action_required, "priya is reviewing …"), not
 * an in-progress one: GitHub does not document which of several runs of a name a required check reads — the newest
 * created, or the newest completed — and a completed run that fails blocks either way, until the verdict's run.
 * Runs are not read back as this run's statuses: GitHub lists only the runs of a commit's newest 1000 check suites,
 * which anyone who can start workflows can push past, so an empty list proves nothing. The listing fails closed
 * instead: the core then writes pending whenever it decides to review again. The runs are listed (listCheckRuns) only
 * where a run found can only hold a verdict back (own-runs.ts, the board).
 */
function checkRunsPort({ octokit, call, owner, repo }) {
    return {
        createStatus: (sha, s) => call(`create check run ${s.context} on ${sha.slice(0, 7)}`, async () => {
            await octokit.rest.checks.create({
                owner,
                repo,
                name: s.context,
                head_sha: sha,
                details_url: s.targetUrl,
                conclusion: s.state === 'pending' ? 'action_required' : s.state,
                output: { title: s.description, summary: s.description },
            });
        }),
        listStatuses: (sha) => Promise.reject(new ApiError(null, 'invalid', 'http', `the check runs of ${sha.slice(0, 7)} are not read back (see statuses.ts)`)),
    };
}

;// CONCATENATED MODULE: ./src/github/octokit.ts




function createClient(o) {
    const octokit = buildOctokit(o);
    const ctx = { octokit, call: caller(o), owner: o.owner, repo: o.repo };
    return {
        ...pullsPort(ctx),
        ...statusesPort(ctx, o.statusKind ?? 'commit'),
        ...commitsPort(ctx),
        ...identityPort(ctx),
        ...reviewsPort(ctx),
        ...pullReadsPort(ctx),
        ...commentsPort(ctx),
        pause: sleeper(o),
        ...settingsPort(ctx),
    };
}
function pullsPort({ octokit, call, owner, repo }) {
    return {
        getPull: (pullNumber) => call(`GET pull request #${pullNumber}`, async () => {
            const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: pullNumber });
            return {
                number: data.number,
                state: data.state,
                merged: Boolean(data.merged),
                draft: Boolean(data.draft),
                headSha: data.head.sha,
                baseSha: data.base.sha,
                baseRef: data.base.ref,
                author: data.user?.login ?? null,
                changedFiles: data.changed_files,
            };
        }),
        listPullsByHead: (headOwner, branch) => call(`list open pull requests from ${headOwner}:${branch}`, async () => {
            const all = await octokit.paginate(octokit.rest.pulls.list, {
                owner,
                repo,
                state: 'open',
                head: `${headOwner}:${branch}`,
                per_page: 100,
            });
            return all.map((p) => ({ number: p.number, headSha: p.head.sha, headRepo: p.head.repo?.full_name ?? null }));
        }),
        listOpenPullsWithHead: (sha) => 
        // every open PR, filtered by head: GitHub's commits/{sha}/pulls leaves out a head that is only in a fork
        call(`list the open pull requests whose head is ${sha.slice(0, 7)}`, async () => {
            const all = await octokit.paginate(octokit.rest.pulls.list, { owner, repo, state: 'open', per_page: 100 });
            return all.filter((p) => p.head.sha === sha).map((p) => ({ number: p.number, baseRef: p.base.ref }));
        }),
    };
}
function commitsPort({ octokit, call, owner, repo }) {
    return {
        getTree: (sha) => call(`GET commit ${sha.slice(0, 7)}`, async () => (await octokit.rest.git.getCommit({ owner, repo, commit_sha: sha })).data.tree.sha, (status) => ([403, 404, 409, 422].includes(status) ? null : undefined)),
        compareFiles: (base, head) => call(`compare ${base.slice(0, 7)}...${head.slice(0, 7)}`, async () => {
            const basehead = `${base}...${head}`;
            const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
                owner,
                repo,
                basehead,
                per_page: 1,
                page: 1,
            });
            return (data.files ?? []).map((f) => ({
                filename: f.filename,
                status: f.status,
                previous_filename: f.previous_filename,
                patch: f.patch,
            }));
        }, (status) => status > 0 && status < 500 && status !== 401 && status !== 403 && status !== 429 ? null : undefined),
        compareDiff: (base, head) => call(`diff ${base.slice(0, 7)}...${head.slice(0, 7)}`, async () => {
            const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
                owner,
                repo,
                basehead: `${base}...${head}`,
                mediaType: { format: 'diff' },
            });
            // mediaType diff: the answer is the diff's text, whatever the JSON type says
            if (typeof data !== 'string')
                throw new Error('GitHub answered the diff request with JSON, not a diff');
            return data;
        }),
    };
}
function identityPort({ octokit, call }) {
    return {
        getUserLogin: () => call('GET /user', async () => (await octokit.rest.users.getAuthenticated()).data.login, (status) => (status === 403 || status === 404 ? null : undefined)),
        getViewerLogin: () => call('GraphQL viewer', async () => (await octokit.graphql('query { viewer { login } }')).viewer?.login ?? null, () => null),
    };
}
/** Which reviews were edited after they were posted: REST does not say, GraphQL does. */

// EXTERNAL MODULE: ./src/core/diagnostics.ts + 19 modules
var diagnostics = __webpack_require__(4509);
// EXTERNAL MODULE: ./src/core/grammar.ts
var grammar = __webpack_require__(8726);
;// CONCATENATED MODULE: ./src/core/history.ts

const LIVE = new Set(['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED']);
const history_isLive = (r) => LIVE.has(r.state);
/** A review that can still speak: never edited since it was posted, and no later review of its account was. */
const history_speaks = (h) => !h.review.edited && !h.overruled;
/** A review that can speak for its persona: live, and it still speaks. */
const history_counts = (h) => history_isLive(h.review) && history_speaks(h);
/** A marker written before verdicts were bound to a base (no base=) is of no subject at all. */
const history_isOf = (m, s) => m.head === s.head && m.base !== undefined && m.base === s.base && versionOf(m) === s.version;
/**
 * The review that stands for a subject. A forced review (a re-review on demand) replaces every
 * earlier opinion of that subject for good — even once it is edited or dismissed, an older
 * review never stands again; from the newest forced one on (or from the start), the first
 * review that counts stands (later copies are racing runs'). Edited and dismissed reviews never
 * stand. The one rule for post, preflight, queue and board.
 */
function history_standingFor(history, s) {
    return history_sinceForced(history.filter((h) => history_isOf(h.marker, s))).find(history_counts);
}
/** The entries from the newest forced one on (whatever its state): nothing older may speak again. */
const history_sinceForced = (history) => {
    const newest = history.findLastIndex((h) => h.marker.forced);
    return newest < 0 ? history : history.slice(newest);
};
/**
 * The verdict an equal change carries forward: the persona's latest counting review (none older
 * than its newest forced review, even an edited or dismissed one), when it
 * is of the same version and base and recorded the same PR patch (the change the PR makes
 * against its merge base) — with `when: 'tree'` also the same tree (an empty commit). A tree
 * alone proves nothing once the base moved: a merge of the base that keeps the head's tree
 * (`git merge -s ours`) reverts whatever the base gained. An unknown patch carries nothing.
 */
function history_carriedTo(history, s, head, when) {
    const latest = history_sinceForced(history).filter(history_counts).at(-1);
    if (!latest || versionOf(latest.marker) !== s.version || latest.marker.base !== s.base)
        return null;
    const { tree, patch } = latest.marker;
    if (patch == null || head.patch == null || patch !== head.patch)
        return null;
    if (tree != null && head.tree != null && tree === head.tree)
        return { entry: latest, by: 'tree' };
    return when === 'patch' ? { entry: latest, by: 'patch' } : null;
}
/**
 * The reviews a verdict could be carried from by the PR patch alone, for this base and version: carriedTo's (the
 * latest counting review since the newest forced one) and restamp's (the latest review). Whether a head's diff must
 * be read for its files' modes is decided on these (head-patch.ts), not on the whole history.
 */
function history_patchCandidates(history, s) {
    const counting = history_sinceForced(history).filter(history_counts).at(-1);
    return [counting, history.at(-1)].filter((h) => h !== undefined && h.marker.base === s.base && versionOf(h.marker) === s.version);
}
/** The review state each posted event produces. */
const STATE_OF_EVENT = {
    APPROVE: 'APPROVED',
    REQUEST_CHANGES: 'CHANGES_REQUESTED',
    COMMENT: 'COMMENTED',
};
const history_sameLogin = (a, b) => a !== null && a.toLowerCase() === b.toLowerCase();
/**
 * Whether a marked review is what its marker says: its state is the state of the
 * event the marker records (or it was dismissed since). A COMMENTED review carrying
 * `verdict=APPROVE` without `event=COMMENT` is forged or broken, and counts for nothing.
 */
const history_truthful = (review, marker) => review.state === 'DISMISSED' || review.state === STATE_OF_EVENT[postedEvent(marker)];
/**
 * Every truthful marked review by `identity`, whatever persona it names. Oldest first. Those older than the account's
 * newest edited review, marked or not (a writer who deletes a forced review's marker, or only its "forced", or names
 * another persona in it), are overruled (attack round 15, E1). `own`: the review this run has just posted, read back
 * with the marker it was sent with — its edit (or GraphQL's trace not listing it yet) cuts nothing, for what its
 * marker said is known; it still does not count (a read-through of round 15: a plain post's own review, taken for
 * edited, overruled the maintainer's forced rejection before it).
 */
function history_markedBy(reviews, identity, own) {
    const out = [];
    let cut = -Infinity;
    for (const review of reviews) {
        if (!history_sameLogin(review.login, identity))
            continue;
        const mine = own?.review.id === review.id;
        if (review.edited && !mine)
            cut = Math.max(cut, review.id);
        const marker = mine && own ? own.marker : decodeMarker(review.body);
        if (marker && history_truthful(review, marker))
            out.push({ review, marker });
    }
    return out.map((h) => (h.review.id < cut ? { ...h, overruled: true } : h)).sort((a, b) => a.review.id - b.review.id);
}
/**
 * A persona's history: reviews authored by `identity` whose first line is a marker
 * naming `persona` and whose state matches the marker. Nothing else counts.
 */
const history_historyOf = (reviews, identity, persona, own) => history_markedBy(reviews, identity, own).filter((h) => samePersona(h.marker.persona, persona));

;// CONCATENATED MODULE: ./src/core/restamp.ts
// Restamp — pure. GitHub's "dismiss stale pull request approvals when new commits are
// pushed" dismisses a persona's APPROVE on every push, an identical rebase included.
// With `restamp` on, preflight recognises that dismissal in the issue timeline and,
// when the new head's PR patch, base and persona version equal the dismissed review's,
// posts the same verdict again for the new head instead of asking for an LLM run. The timeline
// also tells a rejection this account dismissed on a retarget (keptRejection): back on its base,
// it stands again.


const restamp_sameLogin = (a, b) => a !== null && a.toLowerCase() === b.toLowerCase();
/** GitHub's stale-review rule on a push: a commit id, no message, and never this account's own dismissal. */
const byPush = (e, identity) => !!e.commitId && !e.message && !restamp_sameLogin(e.actor, identity);
/**
 * The review to restamp for a subject, or null: the persona's latest marked review (whatever
 * its state) was dismissed, every timeline record of that dismissal is GitHub's push rule,
 * it was never edited, and it recorded the same PR patch, base and persona version as now.
 */
function restamp_restampable(history, s, headPatch, dismissals, identity) {
    const latest = history.at(-1);
    if (!latest || latest.review.state !== 'DISMISSED' || !speaks(latest))
        return null;
    const m = latest.marker;
    if (m.base === undefined || m.base !== s.base || versionOf(m) !== s.version)
        return null;
    if (!stood(history, latest, dismissals))
        return null;
    if (m.patch == null || headPatch == null || m.patch !== headPatch)
        return null;
    const events = dismissals.filter((e) => e.reviewId === latest.review.id);
    return events.length > 0 && events.every((e) => byPush(e, identity)) ? latest : null;
}
/**
 * Whether a review stood for its subject: since the subject's newest forced review, no review that still speaks and
 * stood came before it. A later one is a racing copy — a plain approval created just after a maintainer's forced
 * rejection of the same head is never restamped (attack L, L2).
 */
function stood(history, h, dismissals) {
    const s = { head: h.marker.head, base: h.marker.base ?? '', version: versionOf(h.marker) };
    // dismissed — by a writer (a re-roll asked for), by this account (stale on a retarget, a raced duplicate) or by
    // GitHub's push (the head left, then came back: attack N, N3) — it stood no longer when what came after it was
    // posted; one whose dismissal the timeline does not show still counts (fail closed)
    const gone = (e) => e.review.state === 'DISMISSED' && dismissals.some((d) => d.reviewId === e.review.id);
    return (sinceForced(history.filter((e) => isOf(e.marker, s))).filter((e) => e === h || (speaks(e) && !gone(e)))[0] === h);
}
/** This account's own stale dismissal (steps.ts dismissMessage): "Superseded: …" or "Stale: …". */
const OWN_STALE = /^(?:Superseded|Stale): [\s\S]*\[persona-verdict\]$/;
/**
 * A rejection of this very subject (head, base, version) — or of another head with the same PR patch (sameChange) —
 * that this account dismissed as stale when the PR was retargeted: back on that base it stands again, rather than a
 * new roll of the same change (attack rounds 7 to 11, attack L).
 * It was dismissed (GitHub's review state must follow the PR's current base), so it is found through the timeline.
 * Since the subject's newest forced review (only a writer's /review judges a subject again on purpose), its unedited
 * reviews are walked from the newest: one a writer dismissed is a re-roll the writer asked for, one this account
 * dismissed as a duplicate a raced copy, and an approval this account dismissed as stale no verdict that may stand
 * again — all passed over; the newest rejection this account dismissed as stale is kept. So a rejection on record
 * for the subject is never rolled again by a base round trip, whichever came first: an approval lost on an earlier
 * round trip (attack K, K2), or a racing copy that stood beside it (attack round 9). Anything else (a live review, a
 * dismissal the timeline does not show) keeps nothing: the subject is judged again.
 */
function restamp_keptRejection(history, s, dismissals, identity, headPatch) {
    const ours = (e) => restamp_sameLogin(e.actor, identity);
    const reviews = sinceForced(history.filter((e) => isOf(e.marker, s) || sameChange(e.marker, s, headPatch))).filter(speaks);
    // the newest head judged: a later head of the same patch judged afresh (an "Update branch" with a new tree) is a
    // judgment of its own, not a copy, and an older head's rejection does not outlive it
    const top = reviews.at(-1)?.marker.head;
    const newestFirst = reviews.filter((e) => e.marker.head === top).reverse();
    for (const h of newestFirst) {
        const events = dismissals.filter((e) => e.reviewId === h.review.id);
        if (h.review.state !== 'DISMISSED' || !events.length)
            return null;
        if (events.some((e) => !ours(e)) || events.every((e) => OWN_DUPLICATE.test(e.message ?? '')))
            continue;
        if (!events.every((e) => OWN_STALE.test(e.message ?? '')))
            return null;
        if (h.marker.verdict === 'CHANGES_REQUESTED')
            return h;
    }
    return null;
}
/** This account's dismissal of a raced copy (steps.ts dismissMessage): "Duplicate: …". */
const OWN_DUPLICATE = /^Duplicate: [\s\S]*\[persona-verdict\]$/;
/**
 * Another head's review of the same change into the same base (the same PR patch, a persona version alike): an amend
 * or an identical rebase of the rejected head. A rejection keeps across it, as the carry would keep it live (attack L,
 * L3: a retarget there and back around a no-op amend re-rolled it); keeping a rejection never turns anything green.
 */
const sameChange = (m, s, headPatch) => headPatch != null && m.patch != null && m.patch === headPatch && m.base === s.base && versionOf(m) === s.version;
/**
 * Whether the timeline may keep a rejection for the subject (readHead reads it then): since its newest forced review,
 * an unedited CHANGES_REQUESTED of it — or, once the head's patch is known, of another head with the same patch — is
 * dismissed.
 */
const restamp_dismissedRejection = (history, s, headPatch) => sinceForced(history.filter((h) => isOf(h.marker, s) || sameChange(h.marker, s, headPatch))).some((h) => speaks(h) && h.review.state === 'DISMISSED' && h.marker.verdict === 'CHANGES_REQUESTED');
/**
 * Whether another head's rejection into the subject's base was dismissed (a persona version alike): once the head's
 * patch is read, it may be the same change — an amend — which dismissedRejection, given the patch, then tells.
 */
const restamp_dismissedRejectionElsewhere = (history, s) => history.some((h) => h.marker.head !== s.head &&
    h.marker.base === s.base &&
    versionOf(h.marker) === s.version &&
    speaks(h) &&
    h.review.state === 'DISMISSED' &&
    h.marker.verdict === 'CHANGES_REQUESTED');
/** Whether restamp could apply at all: the persona's latest marked review is dismissed (the timeline says by whom). */
const latestDismissed = (history) => history.at(-1)?.review.state === 'DISMISSED';
/** The restamped review's body (after the marker): where the verdict comes from, and the verdict line. */
function restampBody(original, head, persona) {
    const m = original.marker;
    const version = m.version ? `, persona version \`${m.version}\`` : '';
    return (`**Restamped.** GitHub dismissed ${persona}'s [review ${original.review.id}](${original.review.htmlUrl}) ` +
        `of ${m.head.slice(0, 7)} as stale when new commits were pushed. The PR's patch at ${head.slice(0, 7)} is ` +
        `identical to the one reviewed there (same patch id, base \`${m.base}\`${version}), so the same verdict is ` +
        `posted again for this head without a new review run.\n\n## VERDICT: ${m.verdict}\n`);
}

;// CONCATENATED MODULE: ./src/core/settle.ts
// What stands after a write (or without one) — pure: which of a persona's reviews is its current
// opinion for the PR's head and base, which go and why; which of two racing runs won; whether an
// ambiguous create landed. core/decide.ts plans the write; this module settles what it left.


const DISMISSABLE = {
    all: new Set(['APPROVED', 'CHANGES_REQUESTED']),
    'changes-requested': new Set(['CHANGES_REQUESTED']),
    none: new Set(),
};
/** GitHub dismisses only these (COMMENTED and PENDING are refused). */
const CAN_DISMISS = DISMISSABLE.all;
/**
 * After the write (on facts read again), or without a write (on the facts just read):
 * which of this persona's reviews stand, which go.
 * - The anchor is the review that stands for the PR's current head and base at `self`'s
 *   version (standingFor, over the history with `self` in it: GitHub's review listing can lag
 *   behind the create, and a forced `self` the listing does not show yet still replaces the older
 *   review); when there is none (the head moved meanwhile), the review that stands for `self`'s own head and base
 *   (a forced review there, or the first racing copy), else `self` (the review this run posted or kept): the gate is
 *   never left without the persona's latest opinion. Two forced runs that raced agree: the newer
 *   forced review stands for both.
 * - Edited reviews are dismissed whatever dismiss-stale says: they speak for nobody.
 * - Other live reviews of the anchor's head and base are duplicates (two runs raced, or a
 *   forced review replaced them): dismissed whatever dismiss-stale says, where GitHub allows it.
 * - Reviews of any other head or base are stale: dismissed per dismiss-stale. That includes
 *   `self` when a review for a newer head has already landed. (A rejection dismissed so for another
 *   base is found again on a retarget back: keptRejection in restamp.ts.)
 */
function settle_settle(history, pr, self, policy) {
    const live = history.filter((h) => isLive(h.review));
    const current = { ...pr, version: versionOf(self.marker) };
    const listed = history.some((h) => h.review.id === self.review.id);
    const known = listed ? history : [...history, self].sort((a, b) => a.review.id - b.review.id);
    // nothing stands for the PR's head yet (it moved since this run read it): what stands for self's own head and base,
    // which a forced review there outranks (attack L, L2: a plain copy that raced a maintainer's forced rejection had
    // become the anchor, and the forced review was dismissed as its duplicate)
    const own = self.marker.base === undefined ? undefined : { head: self.marker.head, base: self.marker.base };
    const anchor = standingFor(known, current) ?? (own && standingFor(known, { ...own, version: current.version })) ?? self;
    const dismiss = [];
    const seen = new Set([anchor.review.id]);
    const candidates = live.some((h) => h.review.id === self.review.id) || !isLive(self.review) ? live : [...live, self];
    for (const entry of candidates) {
        if (seen.has(entry.review.id))
            continue;
        seen.add(entry.review.id);
        const m = entry.marker;
        if (entry.review.edited) {
            if (CAN_DISMISS.has(entry.review.state))
                dismiss.push({ entry, why: 'edited' });
        }
        else if (m.head === anchor.marker.head && m.base === anchor.marker.base) {
            if (CAN_DISMISS.has(entry.review.state))
                dismiss.push({ entry, why: 'duplicate' });
        }
        else if ((m.head !== pr.head || m.base !== pr.base) && DISMISSABLE[policy].has(entry.review.state)) {
            dismiss.push({ entry, why: 'stale' });
        }
    }
    return { anchor, dismiss };
}
function raceWinner(s, ours) {
    if (s.anchor.review.id === ours.review.id)
        return 'ours';
    return s.anchor.marker.head === ours.marker.head ? 'theirs-same-head' : 'newer-head';
}
/** GitHub refused the create with 422 and the PR head moved meanwhile: the review was superseded. */
const supersededByRefusal = (status, headNow, reviewed) => status === 422 && headNow !== null && headNow !== reviewed;
/** After an ambiguous create failure: did this run's review land after all? */
function findLanded(reviews, identity, persona, head, run) {
    return liveForHead(reviews, identity, persona, head).find((h) => h.marker.run === run) ?? null;
}
/**
 * After an ambiguous create failure, another run's review of this head this run may take as the one that stands: one
 * that still speaks (not edited — a writer can add "forced" to a plain review's marker, or change its verdict — nor
 * overruled), and, for a forced run, only a forced one (a plain run racing a maintainer's /review would otherwise undo
 * it: attack round 15, F1, and its read-through).
 */
function adoptable(reviews, identity, marker, known) {
    const fits = (h) => !known.has(h.review.id) && speaks(h) && (!marker.forced || h.marker.forced);
    return liveForHead(reviews, identity, marker.persona, marker.head).find(fits) ?? null;
}
/** This persona's live reviews recorded against `head`, oldest first. */
const liveForHead = (reviews, identity, persona, head) => historyOf(reviews, identity, persona).filter((h) => h.marker.head === head && isLive(h.review));

;// CONCATENATED MODULE: ./src/core/decide.ts
// What to do with a head, given the facts read from GitHub — pure: facts in, plan
// out. The shell fetches the facts, executes the plan and reports; nothing here does
// I/O. docs/DESIGN.md walks through every rule with the decision diagram.





// the history rules are core/history.ts; what the shell and the tests import from here stays here

// what stands after a write is core/settle.ts; the shell and the tests import it from here too

function gate(pull, reviewedSha, base) {
    if (pull.state !== 'open') {
        return {
            stop: true,
            outcome: 'closed',
            message: `PR #${pull.number} is ${pull.merged ? 'merged' : 'closed'}: nothing to review`,
            merged: pull.merged,
        };
    }
    if (pull.headSha !== reviewedSha) {
        return {
            stop: true,
            outcome: 'superseded',
            message: `PR #${pull.number} head moved to ${pull.headSha.slice(0, 7)} after this run was triggered for ` +
                `${reviewedSha.slice(0, 7)}: the push that moved it triggers a review of the new head`,
            movedTo: pull.headSha,
        };
    }
    if (base !== undefined && pull.baseRef !== base) {
        return {
            stop: true,
            outcome: 'superseded',
            message: `PR #${pull.number} now merges into ${pull.baseRef}, not ${base} as when this run was triggered: the ` +
                'base change triggers a review for the new base',
        };
    }
    return { stop: false };
}
/**
 * Reasons to write nothing at all: a PENDING review blocks every new review of the
 * account (GitHub answers 422), and an account that already speaks for another
 * persona would have its one review state overwritten.
 */
/** A GitHub App's or GitHub Actions' account: what an installation token posts as. */
const isBot = (login) => login !== null && /\[bot\]$/i.test(login);
function refusal(f) {
    if (f.author !== null && sameLogin(f.author, f.identity)) {
        return {
            action: 'refuse',
            message: `${f.identity} opened this PR, and ${f.persona} posts as ${f.identity}: a persona never reviews its own ` +
                'change (GitHub would not count its approval, and a COMMENT-carried verdict would approve itself)',
            advice: 'give the persona its own account or GitHub App; this PR needs its review from someone else',
        };
    }
    const pending = f.reviews.find((r) => r.state === 'PENDING' && sameLogin(r.login, f.identity));
    if (pending) {
        return {
            action: 'refuse',
            message: `${f.identity} has a PENDING review (${pending.id}) on this PR, and GitHub accepts no new review ` +
                `from it until that one is gone`,
            advice: `submit or delete pending review ${pending.id} (it is visible only to ${f.identity}), then re-run`,
        };
    }
    if (!f.identityVerified) {
        // a wrong reviewer-login reads no history and would post again on every re-run. Unverified, the token is an
        // installation's (an App's, GITHUB_TOKEN's), so what it posted is a bot's review: a marker in a person's review is
        // a copy and blocks nothing (a stranger's COMMENT blocked the head: attack round 12, B6); a bot's blocks, edited
        // or not (an edit let a wrong reviewer-login post twice: attack round 12, D3)
        const elsewhere = f.reviews.find((r) => {
            const m = isLive(r) && isBot(r.login) && !sameLogin(r.login, f.identity) ? decodeMarker(r.body) : null;
            return m !== null && samePersona(m.persona, f.persona) && m.head === f.head && truthful(r, m);
        });
        if (elsewhere) {
            return {
                action: 'refuse',
                message: `review ${elsewhere.id} by ${elsewhere.login} already carries ${f.persona}'s verdict for this head, ` +
                    `but reviewer-login says ${f.identity}`,
                advice: `if this token posts as ${elsewhere.login}, set reviewer-login to ${elsewhere.login}; if it does not, ` +
                    `review ${elsewhere.id} is another App's copy of the marker: dismiss it (or push a new commit) and re-run`,
            };
        }
    }
    return f.reviewEvent === 'verdict' ? sharedAccount(f.reviews, f.identity, f.persona) : null;
}
/**
 * GitHub keeps one review state per account: an account that already holds another
 * persona's APPROVED or CHANGES_REQUESTED review cannot speak for this one too.
 */
function sharedAccount(reviews, identity, persona) {
    const other = markedBy(reviews, identity).find((h) => !samePersona(h.marker.persona, persona) &&
        (h.review.state === 'APPROVED' || h.review.state === 'CHANGES_REQUESTED'));
    if (!other)
        return null;
    return {
        action: 'refuse',
        message: `${identity} already holds persona ${other.marker.persona}'s ${other.review.state} review ${other.review.id} ` +
            `on this PR; ` +
            `GitHub keeps one review state per account, so ${persona}'s verdict would silently replace it`,
        advice: 'give every persona its own account or GitHub App, or set review-event: COMMENT and gate on the commit status',
    };
}
/**
 * Live APPROVEs of this persona that approve nothing now (another head or base, another persona version, or edited):
 * they go before anything else happens. Edited ones go whatever dismiss-stale says. An older version's approval of
 * this very head is stale too: the persona's jobs judge the head again, and it must not stand on GitHub meanwhile
 * (attack round 16, E16b-2).
 */
function staleApprovals(live, s, policy) {
    return live
        .filter((h) => h.review.state === 'APPROVED')
        .flatMap((entry) => {
        if (entry.review.edited)
            return [{ entry, why: 'edited' }];
        const other = entry.marker.head !== s.head || entry.marker.base !== s.base || versionOf(entry.marker) !== s.version;
        return other && policy === 'all' ? [{ entry, why: 'stale' }] : [];
    });
}
/** Post, review, keep the review that already stands, or refuse. */
function decide(f) {
    const refused = refusal(f);
    if (refused)
        return refused;
    const history = historyOf(f.reviews, f.identity, f.persona);
    const live = history.filter((h) => isLive(h.review));
    const pr = { head: f.head, base: f.base };
    const keep = (outcome, current, by) => ({
        action: 'keep',
        outcome,
        current,
        settlement: settle(history, pr, current, f.dismissStale),
        by,
    });
    const subject = { ...pr, version: f.version ?? '' };
    const forHead = f.force ? undefined : standingFor(history, subject);
    if (forHead)
        return keep('duplicate', forHead);
    // back on a base whose rejection of this head this account dismissed as stale on a retarget: it stands again
    const kept = f.force || !f.dismissals ? null : keptRejection(history, subject, f.dismissals, f.identity, f.headPatch);
    if (kept)
        return keep('duplicate', kept);
    const head = { tree: f.headTree, patch: f.headPatch };
    const carried = f.skipUnchanged && !f.force ? carriedTo(history, subject, head, f.unchangedWhen ?? 'tree') : null;
    const doubted = (e) => f.reReviewing?.includes(e.marker.head) ?? false;
    if (carried && !doubted(carried.entry))
        return keep('unchanged', carried.entry, carried.by);
    const early = staleApprovals(live, subject, f.dismissStale);
    const restamp = f.verdict === null && f.restamp && !f.force ? f.restamp : null;
    const original = restamp && restampable(history, subject, restamp.patch, restamp.dismissals, f.identity);
    if (original && !doubted(original)) {
        const event = f.reviewEvent === 'COMMENT' ? 'COMMENT' : EVENT_OF[original.marker.verdict];
        return { action: 'restamp', original, event, early };
    }
    if (f.verdict === null)
        return { action: 'review', early };
    return {
        action: 'post',
        verdict: f.verdict,
        event: f.reviewEvent === 'COMMENT' ? 'COMMENT' : EVENT_OF[f.verdict],
        early,
    };
}

;// CONCATENATED MODULE: ./src/core/board.ts
// The panel's state for the current head, and which board comment is ours. Pure.






const BOARD_MARKER = '<!-- persona-verdict-board v1 -->';
/**
 * An approval row a maintainer's forced re-review is judging again (the persona's own forced pending stands on the
 * head, or on the head the verdict is carried from), or whose statuses could not be read: it counts for nothing until
 * the re-review posts — the persona's own status shows no green either (attack round 14, P1). Nor does an approval
 * whose persona's own newest status on the head is not green (a twin PR's refusal of a shared head, an abort after a
 * version bump, a re-review its jobs asked for where the board carries by the patch): the board and a persona's
 * status never disagree (attack round 16, E16b-1/2, B1).
 */
function withReReviews(b, doubted, unread = new Set(), notGreen = new Set()) {
    const held = (r) => r.verdict !== 'APPROVE'
        ? null
        : doubted.has(r.persona)
            ? 're-reviewing'
            : notGreen.has(r.persona)
                ? 'not-green'
                : unread.has(r.persona)
                    ? 'unconfirmed'
                    : null;
    if (!b.rows.some(held))
        return b;
    const rows = b.rows.map((r) => {
        const standing = held(r);
        return standing ? { ...r, standing, verdict: null } : r;
    });
    return { ...b, rows, panelVerdict: panelOf(rows), missing: rows.filter((r) => !r.verdict).map((r) => r.persona) };
}
/** A status the persona's jobs wrote: "priya: APPROVE for PR #7 …", "priya failed: …", "priya is reviewing …". */
const ownStatus = (description, persona) => description.toLowerCase().startsWith(`${persona.toLowerCase()}:`) ||
    description.toLowerCase().startsWith(`${persona.toLowerCase()} failed:`) ||
    description.toLowerCase().startsWith(`${persona.toLowerCase()} is `);
/** Whether its login's statuses (or runs) on the head hold one its jobs wrote, naming the persona. */
const hasOwnStatus = (mine, persona) => mine.some((x) => ownStatus(x.description, persona));
/**
 * Whether the persona's own newest status on the head — of its login's statuses (newest first), the first its jobs
 * wrote — is there and not green: then its approval counts for nothing on the board (attack round 16: withReReviews).
 */
function ownStatusNotGreen(mine, persona) {
    const own = mine.find((x) => ownStatus(x.description, persona));
    return own !== undefined && own.state !== 'success';
}
const panelOf = (rows) => {
    const verdicts = rows.map((r) => r.verdict);
    return verdicts.includes('CHANGES_REQUESTED')
        ? 'CHANGES_REQUESTED'
        : verdicts.length > 0 && verdicts.every((v) => v === 'APPROVE')
            ? 'APPROVE'
            : 'COMMENT';
};
/**
 * For each declared persona, only reviews by its declared login whose marker names it
 * count (a marker on any other account is ignored), and the rules are the persona jobs'
 * own (core/decide.ts): the review standing for this head, base and version, else a
 * verdict an equal change carries forward, else none. Without a declared version, the
 * version of the persona's newest counting review is taken as the one its job runs.
 */
function buildBoard(panel, reviews, at, dismissals) {
    const rows = panel.map((member) => boardRow(member, historyOf(reviews, member.login, member.persona), at, dismissals));
    const panelVerdict = panelOf(rows);
    return { head: at.head, rows, panelVerdict, missing: rows.filter((r) => r.verdict === null).map((r) => r.persona) };
}
/** The subject a member's row is for: the board's head and base, at the member's version. */
function subjectOf(member, history, at) {
    const latest = history.filter(counts).at(-1);
    return { head: at.head, base: at.base, version: member.version ?? (latest ? versionOf(latest.marker) : '') };
}
/**
 * Whether a member's rejection of this head and base may stand again after a retarget back (keptRejection, the
 * persona jobs' rule): the board then reads the PR's timeline, as they do (attack round 12, B5).
 */
const mayKeepRejection = (panel, reviews, at) => panel.some((m) => {
    const history = historyOf(reviews, m.login, m.persona);
    return dismissedRejection(history, subjectOf(m, history, at), at.headPatch);
});
/**
 * Whether a member has a dismissed rejection of another head into this base: the PR patch, read then, says whether it
 * is the same change (an amend), which keeps it as the member's own job keeps it (attack N, N2; keptRejection).
 */
const rejectedElsewhere = (panel, reviews, at) => panel.some((m) => {
    const history = historyOf(reviews, m.login, m.persona);
    return dismissedRejectionElsewhere(history, subjectOf(m, history, at));
});
/** The reviews the board could carry a member's verdict from by the PR patch alone (head-patch.ts reads modes then). */
const boardPatchCandidates = (panel, reviews, at) => panel.flatMap((m) => {
    const history = historyOf(reviews, m.login, m.persona);
    return patchCandidates(history, subjectOf(m, history, at));
});
function boardRow(member, history, at, dismissals) {
    const row = (standing, h, by) => ({
        persona: member.persona,
        login: member.login,
        standing,
        ...(by ? { by } : {}),
        verdict: h && (standing === 'current' || standing === 'carried-forward') ? h.marker.verdict : null,
        state: h?.review.state ?? null,
        reviewedHead: h?.marker.head ?? null,
        review: h?.review ?? null,
    });
    const latest = history.filter(counts).at(-1);
    const subject = subjectOf(member, history, at);
    const standing = standingFor(history, subject);
    if (standing)
        return row('current', standing);
    // back on a base whose rejection the persona's account dismissed on a retarget: it stands again
    const kept = dismissals ? keptRejection(history, subject, dismissals, member.login, at.headPatch) : null;
    if (kept)
        return row('current', kept);
    const carried = carriedTo(history, subject, { tree: at.headTree, patch: at.headPatch }, 'patch');
    if (carried)
        return row('carried-forward', carried.entry, carried.by);
    // the newest review the persona left, counting or not, says why there is no verdict
    const newest = history.filter((h) => isLive(h.review)).at(-1);
    if (newest?.review.edited)
        return row('edited', newest);
    if (newest && newest.marker.base !== at.base)
        return row('other-base', newest);
    return latest ? row('stale', latest) : row('missing', undefined);
}
const board_ICON = { APPROVE: '✅', CHANGES_REQUESTED: '❌', COMMENT: '💬' };
function board_renderBoard(b, version) {
    const out = [
        BOARD_MARKER,
        `### Persona panel: ${board_ICON[b.panelVerdict]} ${b.panelVerdict}`,
        '',
        `For head \`${short(b.head)}\`${b.missing.length ? ` — waiting for: ${b.missing.map(cell).join(', ')}` : ''}`,
        '',
        '| persona | verdict | review state | reviewed head | review |',
        '|---|---|---|---|---|',
    ];
    for (const r of b.rows) {
        const verdict = r.verdict ? `${board_ICON[r.verdict]} ${r.verdict} (${EVENT_OF[r.verdict]})` : '—';
        const head = standingText(r);
        const link = r.review ? `[${r.review.id}](${r.review.htmlUrl})` : '—';
        out.push(`| ${cell(r.persona)} (@${cell(r.login)}) | ${verdict} | ${r.state ?? '—'} | ${head} | ${link} |`);
    }
    out.push('', `<sub>persona-verdict v${version} · the panel verdict is CHANGES_REQUESTED if any persona requests changes, ` +
        `APPROVE if all approve, else COMMENT</sub>`);
    return out.join('\n');
}
function standingText(r) {
    const at = r.reviewedHead ? `\`${r.reviewedHead.slice(0, 7)}\`` : '';
    switch (r.standing) {
        case 'current':
            return `current (${at})`;
        case 'carried-forward':
            return `carried forward from ${at} (same ${r.by === 'patch' ? 'patch' : 'tree and patch'})`;
        case 'stale':
            return `stale: ${at} (head changed since)`;
        case 'edited':
            return `not counting: review of ${at} edited after it was posted`;
        case 'other-base':
            return `not counting: ${at} was reviewed for another base branch`;
        case 'missing':
            return 'missing';
        case 're-reviewing':
            return `re-review under way (its verdict on ${at} does not count meanwhile)`;
        case 'unconfirmed':
            return `not counting: its status on the head could not be read (a re-review may be under way)`;
        case 'not-green':
            return `not counting: its own status on the head is not green (a failure, or a review still to come)`;
    }
}
/**
 * Our sticky comments, oldest first: those that start with the board marker and are
 * authored by this token's account (any [bot] account when that is unknown).
 */
function ownBoardComments(comments, identity) {
    const ours = (c) => c.body.startsWith(BOARD_MARKER) &&
        c.login !== null &&
        (identity ? c.login.toLowerCase() === identity.toLowerCase() : c.login.endsWith('[bot]'));
    return comments.filter(ours).sort((a, b) => a.id - b.id);
}

;// CONCATENATED MODULE: ./src/report.ts
// Renders a Conclusion for people: the job summary (Markdown) and plain-text lines.




/** One sentence: what this run did. Used for the log, and as the summary's lead where the end says none (lead). */
function headline(r, persona) {
    const who = persona || 'the persona';
    const dismissed = r.dismissed.length
        ? `; dismissed ${r.dismissed.length} of ${who}'s other review(s) (${r.dismissed.join(', ')})`
        : '';
    switch (r.outcome) {
        case 'posted':
            return `${who} posted ${r.verdict} (event ${r.event}) on ${short(r.headSha)} as review ${r.reviewId}${dismissed}`;
        case 'duplicate':
            return (`${who} already has review ${r.reviewId} (${r.verdict}) for ${short(r.headSha)}: nothing ` +
                `posted${dismissed}`);
        case 'unchanged':
            return (`${short(r.headSha)} is unchanged since ${short(r.baselineSha)}: ${who}'s ${r.verdict} (review ` +
                `${r.reviewId}) is carried forward, nothing posted${dismissed}`);
        case 'restamped':
            return (`${who} restamped ${r.verdict} on ${short(r.headSha)} as review ${r.reviewId}: the same patch as ` +
                `${short(r.baselineSha)}, whose review GitHub dismissed on a push; no review run${dismissed}`);
        case 'superseded':
        case 'closed':
        case 'unposted':
            return r.lead ?? r.outcome;
        case 'needs-review':
            return `${who} should review ${short(r.headSha)} (should-review=true)`;
        case 'draft':
            return `PR #${r.pullNumber} is a draft: ${who} does not review it yet (review-drafts is false)`;
        case 'queued':
            return r.verdict
                ? `merge queue: ${who}'s standing verdict for ${short(r.headSha)} is ${r.verdict} (review ${r.reviewId})`
                : `merge queue: ${who} has no verdict for ${short(r.headSha)}`;
        case 'checked':
            return `the body is valid: ${r.verdict} → event ${r.event}; nothing was sent`;
        case 'reported': {
            const waiting = r.board?.missing.length ? `; no verdict yet from ${r.board.missing.join(', ')}` : '';
            return `panel verdict ${r.verdict} for ${short(r.headSha)}${waiting} (comment ${r.boardCommentId})`;
        }
        case 'aborted':
            return `aborted (${r.reason}): nothing was posted`;
    }
}
const report_ICON = {
    posted: '✅',
    duplicate: '♻️',
    unchanged: '⏭️',
    restamped: '🔁',
    superseded: '⏩',
    closed: '🔒',
    unposted: '🔒',
    checked: '✔️',
    reported: '📋',
    'needs-review': '📝',
    draft: '📝',
    queued: '🚦',
    aborted: '❌',
};
/**
 * The heading's mark follows the step's result: a step that fails is never headed with a success mark. A review
 * posted with another verdict than APPROVE is the step's success but not a pass, so it is not headed with a tick
 * either (a walkthrough: "✅ posted" over a CHANGES_REQUESTED).
 */
const markOf = (r) => {
    if (r.failure)
        return '❌';
    if (r.outcome === 'posted' && r.verdict !== 'APPROVE')
        return r.verdict === 'CHANGES_REQUESTED' ? '🔴' : '💬';
    return report_ICON[r.outcome] ?? '';
};
/**
 * Text inside the summary's HTML elements (heading, table, list, paragraph): only HTML
 * specials become references, so a reader sees every character as written, and a
 * newline cannot end the HTML block (after which Markdown would be read again).
 */
const html = (s) => s
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c])
    .replace(/\r\n?|\n/g, ' ');
/**
 * Text inside a Markdown alert (> [!CAUTION]): Markdown punctuation is backslash-escaped and
 * HTML specials become named references, and a URL scheme, www. or e-mail address gets a zero-width space where
 * GitHub would link it by itself (attack round 14, S1), so the text shows as written and cannot become a link,
 * emphasis, code or HTML; each line of the text stays inside the quote.
 */
const report_mdLine = (s) => s
    .replace(/[\\`*_[\]|~!#]/g, (c) => `\\${c}`)
    .replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c])
    // GitHub's Markdown links a bare URL, www. or e-mail address by itself: a zero-width space keeps it text, only
    // where GitHub would link (a path "packages/@acme/www.x" or "priya=@octo-priya" stays as written, copyable)
    .replace(/[a-z][a-z0-9+.-]*(?=:\/\/)|(?<=^|[\s*_~(])www(?=\.)|(?<=[a-z0-9._+-])@(?=[a-z0-9-]+\.)/gi, (m) => `${m}\u200b`)
    .replace(/\r\n?|\n/g, '\n> '); // a lone CR ends a line in Markdown too: it stays inside the quote
/** Adds the job summary for a conclusion to `s` (core.summary), built with its HTML builders. */
function addSummary(s, r, persona, bodyFile) {
    const who = persona ? `${persona} — ` : '';
    // a blank line after the heading: an HTML block runs on to the next blank line, and would swallow the alert below
    s.addHeading(html(`${markOf(r)} persona-verdict: ${who}${r.outcome}${r.reason ? ` (${r.reason})` : ''}`), 2).addEOL();
    // an abort's headline only repeats the heading ("aborted (reason)") before the caution block says why
    // what the run did, once: the end's own sentence where it says one (a closed PR, a kept review), not again as a note
    if (!(r.outcome === 'aborted' && r.failure))
        s.addRaw(`<p>${html(r.lead ?? headline(r, persona))}</p>`, true).addEOL();
    if (r.failure) {
        const advice = r.advice ? ['>', `> **What to do:** ${report_mdLine(r.advice)}`] : [];
        s.addRaw(['> [!CAUTION]', `> ${report_mdLine(r.failure)}`, ...advice].join('\n'), true).addEOL();
    }
    for (const n of r.notices)
        s.addRaw(`> [!NOTE]\n> ${report_mdLine(n)}`, true).addEOL();
    for (const w of r.warnings)
        s.addRaw(`> [!WARNING]\n> ${report_mdLine(w)}`, true).addEOL();
    const rows = facts(r);
    if (rows.length)
        s.addTable(rows.map(([k, v]) => [{ data: html(k), header: true }, v])).addEOL();
    if (r.findings)
        addFindings(s, r);
    // the board's own footer (version and the panel rule) closes a board run's summary: one footer
    let footer = `<sub>persona-verdict v${html(VERSION)}</sub>`;
    if (r.board) {
        const lines = renderBoard(r.board, VERSION).split('\n');
        footer = lines.pop();
        s.addRaw(lines.slice(1).join('\n'), true).addEOL();
    }
    // its first line is the failure the caution block above already states: the details follow, once; a body with
    // nothing to diagnose (empty, or whitespace only) has no details, and the caution block is all there is to say
    const detail = r.diagnosis ? renderDiagnosis(r.diagnosis, bodyFile ?? undefined).split('\n') : [];
    const details = (r.failure ? detail.slice(1) : detail).join('\n');
    if (details.trim()) {
        s.addHeading('Why the body was rejected', 3);
        s.addRaw(`<pre>${pre(details)}</pre>`, true).addEOL();
        s.addRaw('<p>The last non-blank line of the body must be exactly one of <code>## VERDICT: APPROVE</code>, ' +
            '<code>## VERDICT: CHANGES_REQUESTED</code>, <code>## VERDICT: COMMENT</code>. Re-run the persona; if it ' +
            'drifts again, fix its prompt template.</p>', true).addEOL();
    }
    return s.addRaw(footer, true);
}
/** For <pre>: lines kept, only HTML specials escaped. */
const pre = (s) => s.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]);
/** The key/value table: [label, cell HTML]. */
function facts(r) {
    const rows = [];
    const add = (k, v) => {
        if (v !== undefined && v !== '')
            rows.push([k, html(String(v))]);
    };
    add('Pull request', r.pullNumber ? `#${r.pullNumber}` : undefined);
    add('Reviewed head', r.headSha);
    add(r.board ? 'Panel verdict' : 'Verdict', r.verdict && `${r.verdict} → event ${r.event}`);
    if (r.reviewId !== undefined)
        rows.push(['Review', r.reviewUrl ? report_link(String(r.reviewId), r.reviewUrl) : html(String(r.reviewId))]);
    add('Carried forward from', r.baselineSha);
    add('Dismissed', r.dismissed.length ? r.dismissed.join(', ') : undefined);
    add('Should review', r.shouldReview === undefined ? undefined : String(r.shouldReview));
    add('Posting as', r.identity);
    // a forced re-review's pending goes first (core/outcome.ts doubtKept): unwritten, it is named, as the status is
    const shown = r.status ?? (r.statusUnwritten ? r.doubt : undefined);
    const status = shown ? `${shown.state} on ${short(shown.sha)}: ${shown.description}` : undefined;
    add('Commit status', status && (r.statusUnwritten ? `not written (due: ${status})` : status));
    add('Diff written to', r.diffPath);
    return rows;
}
const report_link = (text, url) => `<a href="${html(encodeURI(url))}">${html(text)}</a>`;
const SEVERITY_ORDER = (/* unused pure expression or super */ null && (['blocker', 'major', 'minor', 'nit', undefined]));
/** The findings by severity, each linking to the review (annotations are not emitted: the review is the place). */
function addFindings(s, r) {
    const { inline, inBody } = r.findings;
    const all = [
        ...inline.map((f) => ({ f, where: 'inline' })),
        ...inBody.map(({ finding: f, why }) => ({ f, where: `in the body: ${why}` })),
    ];
    if (!all.length)
        return;
    const items = [];
    for (const sev of SEVERITY_ORDER) {
        for (const { f, where } of all.filter((x) => x.f.severity === sev)) {
            const range = f.startLine !== undefined ? `${f.startLine}-${f.line}` : String(f.line);
            const at = `${f.path}:${range}`;
            const text = html(report_cut(f.body.split('\n')[0], 200));
            const place = r.reviewUrl ? report_link(at, r.reviewUrl) : html(at);
            items.push(`<strong>${sev ?? 'unrated'}</strong> ${place} — ${text} (${html(where)})`);
        }
    }
    s.addHeading(`Findings (${inline.length} inline, ${inBody.length} in the body)`, 3);
    s.addList(items).addEOL();
}
/** At most `max` characters (code points: a surrogate pair is never split), with "…" when cut. */
const report_cut = (s, max) => {
    const chars = Array.from(s);
    return chars.length > max ? `${chars.slice(0, max).join('')}…` : s;
};

;// CONCATENATED MODULE: ./src/modes/doctor.ts
// The doctor's shell: read the settings around the gate through the port, hand the
// facts to the core (core/doctor.ts), return its report. Shared by the CLI command
// (src/doctor-cli.ts) and the action's mode doctor (its report in the job summary).











async function personaFacts(port, p) {
    if (p.app !== null) {
        const app = await port.getApp(p.app);
        const [appId, clientId] = [app?.id ?? null, app?.clientId ?? null];
        return { name: p.name, kind: 'app', login: `${p.app}[bot]`, slug: p.app, appId, clientId, permission: null };
    }
    const permission = await port.getPermission(p.login);
    return { name: p.name, kind: 'account', login: p.login, slug: null, appId: null, clientId: null, permission };
}
/** Classic protection: read in full, known absent, or unknown (then the branch summary's checks, if shown). */
async function classicFacts(port, branch) {
    const [summary, full] = await Promise.all([port.getBranch(branch), port.getBranchProtection(branch)]);
    if (!summary)
        throw new abort/* Abort */.F('bad-input', `there is no branch ${branch}`, 'give an existing branch in --branch');
    if ('protection' in full) {
        const p = full.protection;
        const rev = p['required_pull_request_reviews'];
        return {
            state: 'read',
            checks: fromClassicChecks(p['required_status_checks']),
            reviews: rev
                ? {
                    rulesetId: null,
                    approvals: Number(rev['required_approving_review_count'] ?? 0),
                    dismissStale: rev['dismiss_stale_reviews'] === true,
                    lastPush: rev['require_last_push_approval'] === true,
                    codeOwners: rev['require_code_owner_reviews'] === true,
                }
                : null,
            enforceAdmins: p['enforce_admins']?.['enabled'] === true,
            reviewBypass: reviewBypass(rev?.['bypass_pull_request_allowances']),
        };
    }
    if (!summary.protected || summary.classic === false)
        return { state: 'none' };
    const shown = summary.requiredChecks;
    let checks = null;
    if (shown && shown['enforcement_level'] === 'off')
        checks = [];
    else if (shown && (Array.isArray(shown['contexts']) || Array.isArray(shown['checks'])))
        checks = fromClassicChecks(shown);
    const adminsExempt = shown?.['enforcement_level'] === 'non_admins';
    return { state: 'unknown', status: full.refused, checks, ...(adminsExempt ? { adminsExempt } : {}) };
}
/** The users, teams and Apps a classic rule lets merge without the required reviews. */
function reviewBypass(a) {
    const list = (k) => (Array.isArray(a?.[k]) ? a[k] : []);
    const str = (v) => (typeof v === 'string' ? v : '?');
    return [
        ...list('users').map((u) => str(u['login'])),
        ...list('teams').map((t) => `team ${str(t['slug'])}`),
        ...list('apps').map((x) => `App ${str(x['slug'])}`),
    ];
}
/** Every fact the doctor needs: the repository and personas, then rules and files, then rulesets and environments. */
async function gatherFacts(port, repo, branchArg, personas) {
    const [defaultBranch, people] = await Promise.all([
        port.getDefaultBranch(),
        Promise.all(personas.map((p) => personaFacts(port, p))),
    ]);
    const branch = branchArg ?? defaultBranch;
    // each ruleset is read as soon as the rules name it, beside the classic protection and the workflow files
    const rulesAndSets = port.getBranchRules(branch).then(async (rules) => {
        const parsed = fromBranchRules(rules);
        const sets = await Promise.all(parsed.rulesetIds.map(async (id) => {
            const r = await port.getRuleset(id);
            return { id, name: r?.name ?? `#${id}`, bypass: r?.bypass ?? null };
        }));
        return { fromRules: parsed, rulesets: sets };
    });
    // another branch's pushes and merge groups run its own copies of the workflows: read them too
    // and the gated branch's CODEOWNERS, which GitHub reads from a PR's base branch
    const [{ fromRules, rulesets }, classic, workflows, branchWorkflows, codeowners] = await Promise.all([
        rulesAndSets,
        classicFacts(port, branch),
        port.listWorkflowFiles(defaultBranch),
        branch === defaultBranch ? undefined : port.listWorkflowFiles(branch),
        orNull(port.getCodeowners(branch)).then(async (c) => c && c !== 'missing' ? { ...c, errors: await orNull(port.getCodeownersErrors(branch)) } : c),
    ]);
    const { requirements, reviews, mergeQueue, queueGrouping } = fromRules;
    const settings = { requirements, reviews, mergeQueue, queueGrouping, rulesets, classic };
    // then, once the workflow files name them: who may deploy to the environments of the jobs that hold a persona
    // key, and where each key is stored (the secret names of the repository, the organization and those environments)
    const analysed = analyseBranches({ workflows, branchWorkflows, branch, defaultBranch, repo }, appNames(people));
    const names = [
        ...new Set([...writerEnvironments(analysed?.writers ?? []), ...keyEnvironments(analysed?.keys ?? [])]),
    ];
    const [environments, secrets] = await Promise.all([
        Promise.all(names.map(async (name) => ({ name, branches: await orNull(port.getEnvironmentBranches(name)) }))),
        secretFacts(port, analysed?.keys ?? []),
    ]);
    return {
        repo,
        branch,
        defaultBranch,
        ...settings,
        personas: people,
        workflows,
        branchWorkflows,
        codeowners,
        environments,
        secrets,
    };
}
/** Where the writers' keys are stored: the repository's, the organization's and their environments' secret names. */
async function secretFacts(port, keys) {
    if (!keys.length)
        return undefined;
    const envs = keyEnvironments(keys);
    const [repository, organization, ...listed] = await Promise.all([
        orNull(port.listSecretNames('repository')),
        orNull(port.listSecretNames('organization')),
        ...envs.map((environment) => orNull(port.listSecretNames({ environment }))),
    ]);
    return { repository, organization, environments: Object.fromEntries(envs.map((e, i) => [e, listed[i] ?? null])) };
}
async function runDoctor(port, repo, branch, personas) {
    return diagnose(await gatherFacts(port, repo, branch, personas));
}
/** The client for a doctor run: reads only, a minute per request, five minutes in all. */
function doctorClient(token, repo, warn) {
    const [owner, name] = repo.split('/');
    return createClient({
        token,
        owner,
        repo: name,
        requestTimeoutMs: 60_000,
        deadline: Date.now() + 300_000,
        timeScale: 1,
        warn,
    });
}
/** The summary's last line, as every mode writes it (src/report.ts). */
const FOOTER = (/* unused pure expression or super */ null && (`\n<sub>persona-verdict v${VERSION}</sub>\n`));
/** mode: doctor — the report in the job summary and the log; the step fails when a check fails. */
async function runDoctorAction(cfg) {
    const repo = process.env['GITHUB_REPOSITORY'] ?? '';
    try {
        if (!/^[^/\s]+\/[^/\s]+$/.test(repo))
            throw new Abort('bad-input', 'GITHUB_REPOSITORY is not set', '');
        const personas = cfg.personas.map((p) => parseDoctorPersona(`${p.persona}=${p.login}`));
        const port = doctorClient(cfg.token, repo, (m) => core.warning(m));
        const report = await core.group('persona-verdict: doctor', () => runDoctor(port, repo, null, personas));
        core.info(renderText(report));
        if (process.env['GITHUB_STEP_SUMMARY'])
            await core.summary.addRaw(renderMarkdown(report)).addRaw(FOOTER).write();
        if (report.level === 'fail')
            core.setFailed(`doctor: ${report.bottomLine}`);
    }
    catch (e) {
        if (!(e instanceof Abort) && !(e instanceof Error))
            throw e;
        const advice = e instanceof Abort ? doctorAdvice(e) : '';
        core.setFailed(`doctor: ${e.message}${advice ? `\nWhat to do: ${advice}` : ''}`);
        // the summary says it too: a reader of the run's page sees why there is no report
        if (process.env['GITHUB_STEP_SUMMARY']) {
            const what = advice ? `\n>\n> **What to do:** ${mdLine(advice)}` : '';
            await core.summary
                .addRaw(`## ❌ persona-verdict doctor: could not check the gate\n\n> [!CAUTION]\n> ${mdLine(e.message)}${what}`)
                .addEOL()
                .addRaw(FOOTER)
                .write();
        }
    }
}
/**
 * What to do when a read failed, in doctor's terms: the client's advice speaks of a review job
 * (re-run it, a re-run never posts twice, pull-requests: write); doctor only reads, so it is
 * run again, and its token needs read access.
 */
function doctorAdvice(e) {
    if (!(e instanceof ApiError))
        return e.advice;
    const again = 'run doctor again (it only reads: running it again changes nothing)';
    switch (e.cls) {
        case 'network':
            return `the connection to GitHub failed: check the network and GITHUB_API_URL, then ${again}`;
        case 'timeout':
            return `GitHub did not answer in time: ${again}`;
        case 'rate-limited':
            return `GitHub rate-limited this token: ${again} once the limit resets`;
        case 'server':
            return `GitHub failed (server error): ${again}`;
        case 'deadline':
            return `doctor's five minutes ran out: ${again}`;
        case 'denied':
            return e.status === 401
                ? 'the token was rejected (expired, revoked or malformed): check GH_TOKEN or GITHUB_TOKEN ' +
                    '(in Actions, the github-token input)'
                : 'the token may not read this: give doctor a token that can read the repository (contents: read; ' +
                    'an admin token also shows classic protection and bypass lists)';
        case 'not-found':
            return 'not found, or the token cannot see it: check the repository name and that the token can read it';
        default:
            return e.advice;
    }
}

;// CONCATENATED MODULE: ./src/doctor-cli.ts
// `persona-verdict doctor`'s checks: reads the repository's settings with the token in GH_TOKEN or GITHUB_TOKEN
// (API from GITHUB_API_URL) and prints one line per check. Exit 0 when nothing fails, 1 when something fails; a
// usage error is thrown (UsageError) for src/cli/main.ts to print with the usage, exit 2. src/cli/doctor.ts is the
// command (its options and help) and loads this module only when the doctor runs.




/** The options, checked; throws UsageError. */
function parse(v, env) {
    const repo = v['repo'] ?? '';
    if (!repo)
        throw new command/* UsageError */.eb('give --repo OWNER/NAME');
    if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo))
        throw new command/* UsageError */.eb(`--repo "${repo}" is not OWNER/NAME (for example octo-org/payments)`);
    const persona = v['persona'] ?? [];
    if (!persona.length)
        throw new command/* UsageError */.eb('give at least one --persona NAME=APP_SLUG or NAME=@LOGIN');
    const format = v['format'] ?? 'text';
    if (format !== 'text' && format !== 'json')
        throw new command/* UsageError */.eb(`--format must be text or json, not "${format}"`);
    // what the command line says is checked before the environment: a malformed --persona is named first
    let personas;
    try {
        personas = persona.map(doctor_facts_parseDoctorPersona);
    }
    catch (e) {
        throw new command/* UsageError */.eb(e.message);
    }
    const twice = personas.find((p, i) => personas.findIndex((q) => q.name === p.name) !== i);
    if (twice)
        throw new command/* UsageError */.eb(`persona "${twice.name}" is given twice: give each persona once`);
    // GH_TOKEN first, as gh reads them: "GH_TOKEN=$(gh auth token) … doctor" in a shell that also holds a GITHUB_TOKEN
    // (a CI job's) used that other token (a maintainer's walkthrough, 2026-12-03)
    const token = env['GH_TOKEN'] || env['GITHUB_TOKEN'] || '';
    if (!token)
        throw new command/* UsageError */.eb('set GH_TOKEN or GITHUB_TOKEN to a token that may read the repository');
    return { repo, branch: v['branch'] ?? null, personas, json: format === 'json', token };
}
async function runDoctorCli(values, io, env) {
    const p = parse(values, env);
    try {
        const port = doctorClient(p.token, p.repo, (m) => io.err(`warning: ${m}`));
        const report = await runDoctor(port, p.repo, p.branch, p.personas);
        io.out(p.json ? JSON.stringify(report, null, 2) : doctor_renderText(report));
        return report.level === 'fail' ? 1 : 0;
    }
    catch (e) {
        if (!(e instanceof abort/* Abort */.F))
            throw e;
        const advice = doctorAdvice(e);
        io.err(`persona-verdict doctor: ${e.message}${advice ? `\nWhat to do: ${advice}` : ''}`);
        return e.reason === 'bad-input' ? 2 : 1;
    }
}


/***/ })

};
