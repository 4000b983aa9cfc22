// npm run bench: Arbiter measured as users run it (cold CLI processes), in paired rounds against a
// reference run in the same round (the I/O floor, or a bare `node -e ''`), so shared machine load cancels
// out. Every row checks that its work is valid (games accepted and ended as intended, verify identical)
// and reports the ratio's median with its spread. Writes bench/results.json; bench/README.md quotes one full run.
// `--against DIR`: the same runs of this build against those of the Arbiter build in DIR (another checkout, built),
// paired in the same rounds: each speed row's ratio this/other (below 1: this one is faster). Writes bench/compare.json.
// `--instructions` (with --against) adds each row's instruction counts under valgrind's callgrind, one
// run per build: most rows repeat to about 0.1 % (some long games to 1 %), where wall times on a shared machine
// spread by 30 %.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSmtBattle, smtSetupFromTexts } from '../dist/rulesets/smt/setup.js';
import { parseTranscript, transcriptInputs } from '../dist/core/transcript.js';
import { RULESETS } from '../dist/rulesets/registry.js';
import { aiBenchEncounter } from './bench-encounter.mjs';
import { longGame } from './bench-games.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHARED = join(ROOT, '..', 'shared');
const COURSE = join(SHARED, 'smt', 'course');
const CLI = join(ROOT, 'dist', 'cli.cjs');
const PROBE = join(ROOT, 'scripts', 'rss-probe.mjs');
const FLOOR = join(ROOT, 'scripts', 'bench-floor.mjs');
const TMP = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
// The scratch folder holds tens of MB (the 2M-line transcript): removed however the run ends.
process.on('exit', () => rmSync(TMP, { recursive: true, force: true }));
const QUICK = process.argv.includes('--quick');
// `--only 1,7`: just those row groups (1 covers rows 1-3, 4 the SMT scaling rows), for a developer's quick check.
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
const wanted = (group) => ONLY === null || ONLY.includes(group);
const ROUNDS = QUICK ? 2 : 5;
/** A usage error: one line on stderr, exit 2. */
function usage(message) {
  process.stderr.write(`bench: ${message}\n`);
  process.exit(2);
}
const againstValue = process.argv.includes('--against') ? process.argv[process.argv.indexOf('--against') + 1] : null;
if (againstValue === undefined || againstValue?.startsWith('--')) usage('--against needs the folder of another built Arbiter checkout');
const AGAINST = againstValue === null ? null : resolve(againstValue);
const OTHER = AGAINST === null ? null : join(AGAINST, 'dist', 'cli.cjs');
if (OTHER !== null && !existsSync(OTHER)) usage(`--against: no ${OTHER} (build that checkout first: npm ci && npm run build)`);
const INSTRUCTIONS = process.argv.includes('--instructions');
if (INSTRUCTIONS && (OTHER === null || spawnSync('valgrind', ['--version']).status !== 0)) usage('--instructions needs --against DIR and valgrind on the PATH');
const rows = [];
const results = { machine: machine(), rounds: ROUNDS, ...(AGAINST === null ? {} : { against: AGAINST }), rows: {} };

function machine() {
  return `${cpus().length} x ${cpus()[0]?.model.trim() ?? 'unknown cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

/**
 * One cold node process; `valid` checks its output. Returns wall ms and peak RSS (MB).
 */
function cold(args, { input = '', valid = () => true, what = args.join(' ') } = {}) {
  const start = performance.now();
  // Under callgrind, V8 compiles and collects on the main thread (the code caches still apply): with its
  // background threads, when code got optimised depended on valgrind's scheduling, and a run's count moved by
  // up to 3x; without them most rows repeat to about 0.1 % (bench/README.md).
  const node = callgrindDir === null ? [process.execPath, '--import', PROBE, ...args] : [process.execPath, '--single-threaded-gc', '--no-concurrent-recompilation', ...args];
  const [command, ...rest] = callgrindDir === null ? node : ['valgrind', '--tool=callgrind', `--callgrind-out-file=${callgrindDir}/cg.%p`, ...node];
  const r = spawnSync(command, rest, { input, encoding: 'utf8', cwd: ROOT, maxBuffer: 1 << 30 });
  const ms = performance.now() - start;
  const rss = Number(/ARBITER_MAXRSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  const problem = valid(r);
  if (problem !== true) throw new Error(`invalid benchmark run (${what}): ${problem === false ? `exit ${r.status}` : problem}\n${r.stderr.slice(0, 2000)}`);
  return { ms, rss, stdout: r.stdout };
}

/** Set while instructions() runs: cold() then runs node under callgrind, writing its profiles here. */
let callgrindDir = null;

/**
 * The instructions of one run of `work(cli)` under callgrind, less Node's OpenSSL start (detail::sprp), which
 * varies by several million from run to run whatever runs after it.
 */
function instructions(work, cli) {
  callgrindDir = mkdtempSync(join(TMP, 'callgrind-'));
  try {
    work(cli);
    const profile = readdirSync(callgrindDir).find((f) => f.startsWith('cg.'));
    if (profile === undefined) throw new Error('callgrind wrote no profile');
    const file = join(callgrindDir, profile);
    let count = Number(/^summary: (\d+)$/m.exec(readFileSync(file, 'utf8'))?.[1] ?? NaN);
    const annotated = spawnSync('callgrind_annotate', ['--threshold=100', file], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout;
    for (const m of annotated.matchAll(/^\s*([\d,]+) .*detail::sprp/gm)) count -= Number(m[1].replaceAll(',', ''));
    return count;
  } finally {
    rmSync(callgrindDir, { recursive: true, force: true });
    callgrindDir = null;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x, d = 2) => x.toFixed(d);

/** Alternates a and b for ROUNDS rounds (after one warm-up each); the ratio a/b per round, its median and spread. */
function paired(a, b) {
  a();
  b();
  const as = [];
  const bs = [];
  for (let i = 0; i < ROUNDS; i++) {
    as.push(a().ms);
    bs.push(b().ms);
  }
  const ratios = as.map((x, i) => x / bs[i]);
  return { aMs: median(as), bMs: median(bs), ratio: median(ratios), min: Math.min(...ratios), max: Math.max(...ratios) };
}

function row(id, measure, p, target, extra = {}) {
  if (p === null) return;
  // Against another build the ratio is this build's time over the other's; the row's own target does not apply.
  if (AGAINST !== null) {
    id = id.replace(/ \/ \S+$/, '');
    measure = `${measure.replace(/ vs .*$/, '')}, this build / the other`;
    target = undefined;
  }
  const met = target === undefined ? null : p.ratio <= target;
  results.rows[id] = { measure, ...p, target: target ?? null, met, ...extra };
  const ir = p.instructions === undefined ? '' : `; instructions ${fmt(p.instructions.ratio, 3)} (${fmt(p.instructions.this / 1e6, 1)}M / ${fmt(p.instructions.other / 1e6, 1)}M)`;
  rows.push([id, measure, `${fmt(p.ratio)} (${fmt(p.min)}-${fmt(p.max)})${ir}`, target === undefined ? '' : `<= ${target} ${met ? 'met' : 'NOT met'}`]);
}

/**
 * A row's pairs: `work(cli)` (one cold run of the CLI given) against `reference`, or with --against, this
 * build's run against the other build's (`reference` unused). The other build is first checked to do the same
 * work validly; where it cannot (a command or rule it does not have), the row says so and is left out (null).
 */
function measured(id, work, reference) {
  if (OTHER === null) return paired(() => work(CLI), reference);
  try {
    work(OTHER);
  } catch (error) {
    rows.push([id, 'not compared: the other build does not do this work', String(error.message).split('\n')[0].slice(0, 120), '']);
    return null;
  }
  const p = paired(() => work(CLI), () => work(OTHER));
  if (!INSTRUCTIONS) return p;
  const [mine, theirs] = [instructions(work, CLI), instructions(work, OTHER)];
  return { ...p, instructions: { this: mine, other: theirs, ratio: mine / theirs } };
}

/** With --against, a scaling row's long runs as ratio rows (whole runs, this build / the other). */
function compareRuns(id, measure, work) {
  row(id, measure, measured(id, work));
}

const NODE = () => cold(['-e', '']);
const identical = (n) => (r) => (r.status === 0 && new RegExp(`^${n}/${n} identical$`, 'm').test(r.stdout)) || `expected ${n}/${n} identical, exit 0`;

// --- 1. SMT verify of the visible course suite vs the I/O floor -------------------------------------------
const hasCourse = existsSync(join(COURSE, 'skills.json'));
if (hasCourse && wanted('1')) {
  const suites = readdirSync(COURSE).filter((d) => d.endsWith('-Tests')).sort().map((d) => join(COURSE, d));
  const files = suites.flatMap((s) => readdirSync(s).filter((f) => f.endsWith('.txt')).sort().map((f) => join(s, f)));
  const list = join(TMP, 'course-files.txt');
  writeFileSync(list, files.join('\n') + '\n');
  const verify = (jobs) => (cli = CLI) => cold([cli, 'smt', 'verify', ...suites, '--data', COURSE, '--quiet', ...(jobs === undefined ? [] : ['--jobs', String(jobs)])], { valid: identical(files.length) });
  const floor = () => cold([FLOOR, list], { valid: identical(files.length) });
  row('1 smt verify / floor', `smt verify of ${files.length} course transcripts (default --jobs) vs reading them twice, splitting and comparing`, measured('1', verify(undefined), floor), 2.5);
  if (AGAINST === null) row('2 --jobs 2 / --jobs 1', 'the same verify with 2 worker threads vs 1 (the default on <= 2 CPUs)', paired(verify(2), verify(1)));

  // --- 3. One median course game through the CLI vs a bare node start -------------------------------------
  const sized = files.map((f) => ({ f, lines: parseTranscript(readFileSync(f, 'utf8')).length })).sort((a, b) => a.lines - b.lines);
  const typical = sized[Math.floor(sized.length / 2)];
  const input = transcriptInputs(parseTranscript(readFileSync(typical.f, 'utf8'))).join('\n') + '\n';
  const teams = typical.f.replace(/-Tests\/[^/]+$/, '');
  const game = (cli) => cold([cli, 'smt', '--teams', teams, '--data', COURSE], { input, valid: (r) => (r.status === 0 || r.status === 1) && r.stdout.length > 0 });
  row('3 smt game / node', `one median course game (${typical.lines} log lines) piped through the CLI vs node -e ''`, measured('3', game, NODE), 1.5);
}

// --- 4-5. Synthetic valid SMT games of about 1k, 10k, 100k and 2M log lines ------------------------------
// Every unit passes its turn until the log is long enough, then a samurai surrenders: no choice is
// rejected, and the game ends with its Ganador line, as intended.
const TEAMS = 'Player 1 Team\n[Samurai] Flynn (Dia,Agi)\nJack Frost\nPlayer 2 Team\n[Samurai] Kei (Bufu)\nNue\n';
function passGame(targetLines) {
  const battle = createSmtBattle(smtSetupFromTexts(new Map([['001.txt', TEAMS]])));
  let menu = [...battle.opening()];
  let lines = menu.length;
  const choices = [];
  const feed = (c) => {
    const fed = battle.feed(c);
    if (!fed.ok) throw new Error(`synthetic game: choice ${c} rejected: ${fed.error.message}`);
    choices.push(c);
    lines += fed.lines.length + 1;
    if (fed.lines.length > 0) menu = fed.lines;
  };
  feed('0');
  for (let pending = battle.pending(); pending.kind === 'awaiting'; pending = battle.pending()) {
    const option = (word) => menu.map((l) => new RegExp(`^(\\d+): ${word}$`).exec(l)).find((m) => m)?.[1];
    const surrender = pending.choices().find((c) => c.tag === 'surrender')?.line;
    if (lines >= targetLines && surrender !== undefined) feed(surrender);
    else feed(option('Pasar Turno') ?? (() => { throw new Error(`no pass option in: ${menu.join(' | ')}`); })());
  }
  return choices;
}
const teamsDir = join(TMP, 'teams');
mkdirSync(teamsDir);
writeFileSync(join(teamsDir, '001.txt'), TEAMS);
const endsWithWinner = (r) => ((r.status === 0 && /Ganador: .+\n$/.test(r.stdout) && !/^ERROR /m.test(r.stdout)) || 'expected exit 0, no ERROR line, a Ganador line last');
const scaling = [];
for (const target of !wanted('4') ? [] : QUICK ? [1_000, 10_000] : [1_000, 10_000, 100_000]) {
  const choices = passGame(target);
  const input = choices.join('\n') + '\n';
  const play = cold([CLI, 'smt', '--teams', teamsDir, '--data', join(ROOT, 'data', 'smt')], { input, valid: endsWithWinner });
  const lines = play.stdout.split('\n').length - 1;
  const transcript = join(TMP, `game-${target}-Tests`);
  mkdirSync(transcript);
  writeFileSync(join(transcript, '001.txt'), play.stdout);
  const verifyRun = (cli = CLI) => cold([cli, 'smt', 'verify', join(transcript, '001.txt'), '--teams', teamsDir, '--data', join(ROOT, 'data', 'smt'), '--quiet'], { valid: identical(1) });
  const playRun = (cli = CLI) => cold([cli, 'smt', '--teams', teamsDir, '--data', join(ROOT, 'data', 'smt')], { input, valid: endsWithWinner });
  if (AGAINST !== null) {
    compareRuns(`4 smt ${lines} lines play`, `a valid synthetic SMT game of ${lines} lines played`, playRun);
    compareRuns(`4 smt ${lines} lines verify`, `the same game verified`, verifyRun);
    continue;
  }
  const base = median(Array.from({ length: 3 }, () => NODE().ms));
  const pr = [playRun(), playRun(), playRun()];
  const vr = [verifyRun(), verifyRun(), verifyRun()];
  const playMs = median(pr.map((r) => r.ms)) - base;
  const verifyMs = median(vr.map((r) => r.ms)) - base;
  scaling.push({ lines, playUsPerLine: (playMs * 1000) / lines, verifyUsPerLine: (verifyMs * 1000) / lines, playPeakMB: Math.max(...pr.map((r) => r.rss)), verifyPeakMB: Math.max(...vr.map((r) => r.rss)) });
}
if (AGAINST === null) results.rows['4 scaling'] = scaling;
for (const s of scaling) {
  rows.push([`4 scaling ${s.lines} lines`, 'a valid synthetic SMT game (passes, then a surrender): cost per log line above a bare node start', `play ${fmt(s.playUsPerLine)} us/line, verify ${fmt(s.verifyUsPerLine)} us/line`, `peak ${fmt(s.playPeakMB, 0)} / ${fmt(s.verifyPeakMB, 0)} MB`]);
}

// --- 5. verify memory on a transcript 100x the longest course one --------------------------------------
// (Memory rows, 5, 6b and 12's peaks, are not compared with --against.)
if (!QUICK && AGAINST === null && wanted('5')) {
  const longest = hasCourse ? 20_028 : 20_000;
  const choices = passGame(100 * longest);
  const input = choices.join('\n') + '\n';
  const play = cold([CLI, 'smt', '--teams', teamsDir, '--data', join(ROOT, 'data', 'smt')], { input, valid: endsWithWinner });
  const dir = join(TMP, 'huge-Tests');
  mkdirSync(dir);
  writeFileSync(join(dir, '001.txt'), play.stdout);
  const v = cold([CLI, 'smt', 'verify', join(dir, '001.txt'), '--teams', teamsDir, '--data', join(ROOT, 'data', 'smt'), '--quiet'], { valid: identical(1) });
  const lines = play.stdout.split('\n').length - 1;
  results.rows['5 verify memory'] = { lines, peakMB: v.rss, target: 150, met: v.rss < 150 };
  rows.push(['5 verify memory', `verify of one ${lines}-line transcript (100x the longest course one)`, `peak ${fmt(v.rss, 0)} MB`, `< 150 MB ${v.rss < 150 ? 'met' : 'NOT met'}`]);
}

// --- 6. Clairvoyance: 500 AI turns on a 100x100 board with 50 mobs, through the CLI ----------------------
if (wanted('6')) {
  const encounter = join(TMP, 'ai.clv');
  writeFileSync(encounter, aiBenchEncounter());
  const input = 'next\n'.repeat(500);
  const run = (cli) => cold([cli, 'clairvoyance', encounter, '--seed', '1'], { input, valid: (r) => (r.status === 1 && (r.stdout.match(/^Current turn: $/gm) ?? []).length === 500 && /E_EOF/.test(r.stdout)) || 'expected 500 turns, then E_EOF' });
  row('6 clairvoyance / node', "500 AI turns, 100x100 board, 50 mobs, through the CLI vs node -e ''", measured('6', run, NODE), 3);

  if (AGAINST === null) {
    // --- 6b. The undo history's memory (version 2): every accepted `next` saves what it changes --------------
    // 1,000 and 10,000 AI turns of the same encounter, each kept for `undo`; the peak's growth per command is
    // what the history costs. Checked: every turn played, then E_EOF.
    const turns = (n) => (r) => (r.status === 1 && (r.stdout.match(/^Current turn: $/gm) ?? []).length === n && /E_EOF/.test(r.stdout)) || `expected ${n} turns, then E_EOF`;
    const undoRuns = {};
    for (const n of QUICK ? [1_000, 2_000] : [1_000, 10_000]) {
      const runs = Array.from({ length: 2 }, () => cold([CLI, 'clairvoyance', encounter, '--seed', '1'], { input: 'next\n'.repeat(n), valid: turns(n) }));
      undoRuns[n] = { ms: median(runs.map((r) => r.ms)), peakMB: Math.max(...runs.map((r) => r.rss)) };
    }
    const [small, large] = Object.keys(undoRuns).map(Number);
    const perCommandKB = ((undoRuns[large].peakMB - undoRuns[small].peakMB) * 1024) / (large - small);
    results.rows['6b clairvoyance undo history'] = { ...undoRuns, perCommandKB };
    rows.push(['6b clairvoyance undo memory', `${small} and ${large} AI turns, each kept for undo: peak memory`, `peak ${fmt(undoRuns[small].peakMB, 0)} / ${fmt(undoRuns[large].peakMB, 0)} MB`, `${fmt(perCommandKB, 1)} KB per command`]);
  }
}

// --- 7. Every ruleset: its demo game, and verify of its reference corpus -----------------------------------
for (const { meta } of wanted('7') ? RULESETS : []) {
  const demo = meta.examples.play[0].split(' ');
  const at = demo.indexOf('--input');
  const input = readFileSync(join(ROOT, demo[at + 1]), 'utf8');
  const argv = [...demo.slice(0, at), ...demo.slice(at + 2)];
  const game = (cli) => cold([cli, ...argv], { input, valid: (r) => r.status === 0 || r.status === 1 || `exit ${r.status}` });
  row(`7 ${meta.id} demo / node`, `the ${meta.id} demo game through the CLI vs node -e ''`, measured(`7 ${meta.id} demo`, game, NODE), 1.5);
  const corpus = join(SHARED, meta.id, 'reference');
  if (existsSync(corpus)) {
    // The floor reads each case's expected output twice, splits and compares, as row 1's does.
    const expected = readdirSync(corpus, { recursive: true }).filter((f) => /(^|\/)expected\.txt$/.test(String(f))).map((f) => join(corpus, String(f))).sort();
    const list = join(TMP, `${meta.id}-expected.txt`);
    writeFileSync(list, expected.join('\n') + '\n');
    const verify = (cli) => cold([cli, meta.id, 'verify', corpus, '--quiet'], { valid: identical(expected.length) });
    const floor = () => cold([FLOOR, list], { valid: identical(expected.length) });
    row(`7 ${meta.id} verify / floor`, `verify of ${meta.id}'s reference corpus (${expected.length} cases) vs reading their expected outputs twice`, measured(`7 ${meta.id} verify`, verify, floor), 2.5);
  }
}

// --- 8. Tactics, Marauders, Marvel: cost per log line as a game grows (1k, 10k, 100k lines) ---------------
// Long valid games (scripts/bench-games.mjs): choices from each prompt's own options, the ones that keep a
// game going preferred (turns ended, passes). Each is played cold through the CLI and verified as a case.
const LONG = {
  tactics: {
    files: { 'long.setup': 'map load valley.map\nunits load basic.units\nplayers 4\nlimit 3\narmy P1 soldier pyro medic\narmy P2 soldier*2 medic\narmy P3 soldier pyro medic\narmy P4 soldier*2 medic\nseed 7\nrounds 9999\n' },
    copy: ['data/tactics/valley.map', 'data/tactics/basic.units'],
    // concede is a tagged choice (surrender), which longGame leaves out by itself.
    prefer: /^end$/,
  },
  marauders: {
    files: { 'long.setup': readFileSync(join(ROOT, 'data/marauders/demo.setup'), 'utf8').replace(/^turn-limit \d+$/m, 'turn-limit 9999') },
    copy: [],
    prefer: /^P[12] pass$/,
  },
  marvel: {
    files: { 'long.setup': readFileSync(join(ROOT, 'data/marvel/demo.sheet'), 'utf8') },
    copy: [],
    prefer: /^(pass |ref note)/,
    // yield, flee and ref undo are tagged choices, left out by longGame; these referee commands end or tilt a combat.
    avoid: /^ref (end|withdraw|defeat|timeout|vit)/,
    // Quiet rounds would end the combat as a stalemate (11.3): the referee resets the count.
    inject: { line: 'ref quiet reset', every: 7 },
  },
  // Version 2 line shapes (marauders.md 3.3): groups and diagonal runs are lines, so more of each board matches.
  'marauders-shapes': {
    ruleset: 'marauders',
    files: { 'long.setup': readFileSync(join(ROOT, 'data/marauders/demo.setup'), 'utf8').replace(/^turn-limit \d+$/m, 'turn-limit 9999').replace(/^options none$/m, 'options adjacent,diagonal') },
    copy: [],
    prefer: /^P[12] pass$/,
  },
  // Version 2 positions (marvel.md 6.6): the same combat with every character placed within reach of all.
  'marvel-positions': {
    ruleset: 'marvel',
    files: { 'long.setup': readFileSync(join(ROOT, 'data/marvel/demo.sheet'), 'utf8') },
    copy: [],
    prefer: /^(pass |ref note)/,
    avoid: /^ref (end|withdraw|defeat|timeout|vit)/,
    inject: { line: 'ref quiet reset', every: 7 },
    prelude: ['Kestrel', 'Granite', 'Lumen', 'Viper', 'Bastion', 'Wisp', 'Brute', 'Oracle'].map((name, i) => `ref place ${name} ${5 + (i % 4)} ${5 + Math.floor(i / 4)}`),
  },
};
const onlyFinalEof = (r) => {
  const errors = r.stdout.match(/^ERROR .*$/gm) ?? [];
  return ((r.status === 0 && errors.length === 0) || (r.status === 1 && errors.length === 1 && /^ERROR E_EOF/.test(errors[0]) && r.stdout.endsWith(`${errors[0]}\n`))) || `expected no rejected line (exit ${r.status}, ${errors.slice(0, 2).join(' | ')})`;
};
for (const [label, plan] of wanted('8') ? Object.entries(LONG) : []) {
  const id = plan.ruleset ?? label;
  const growth = [];
  for (const target of QUICK ? [1_000, 10_000] : [1_000, 10_000, 100_000]) {
    const dir = join(TMP, `${label}-long-${target}`);
    mkdirSync(dir);
    for (const [name, text] of Object.entries(plan.files)) writeFileSync(join(dir, name), text);
    for (const file of plan.copy) writeFileSync(join(dir, file.split('/').pop()), readFileSync(join(ROOT, file)));
    const game = await longGame({ id, args: ['long.setup'], cwd: dir, target, prefer: plan.prefer, avoid: plan.avoid, mix: 0, inject: plan.inject, prelude: plan.prelude });
    writeFileSync(join(dir, 'commands.txt'), game.input.join('\n') + '\n');
    writeFileSync(join(dir, 'args.txt'), `${id} long.setup\n`);
    const playArgs = [CLI, id, join(dir, 'long.setup'), '--input', join(dir, 'commands.txt')];
    const first = cold(playArgs, { valid: onlyFinalEof });
    writeFileSync(join(dir, 'expected.txt'), first.stdout);
    const lines = first.stdout.split('\n').length - 1;
    if (AGAINST !== null) {
      compareRuns(`8 ${label} ${lines} lines play`, `a valid ${label} game of ${lines} lines played`, (cli) => cold([cli, ...playArgs.slice(1)], { valid: onlyFinalEof }));
      compareRuns(`8 ${label} ${lines} lines verify`, `the same game verified`, (cli) => cold([cli, id, 'verify', dir, '--quiet'], { valid: identical(1) }));
      continue;
    }
    const base = median(Array.from({ length: 3 }, () => NODE().ms));
    const pr = [cold(playArgs, { valid: onlyFinalEof }), cold(playArgs, { valid: onlyFinalEof }), cold(playArgs, { valid: onlyFinalEof })];
    const verifyRun = () => cold([CLI, id, 'verify', dir, '--quiet'], { valid: identical(1) });
    const vr = [verifyRun(), verifyRun(), verifyRun()];
    growth.push({
      lines,
      ended: game.ended,
      playUsPerLine: ((median(pr.map((r) => r.ms)) - base) * 1000) / lines,
      verifyUsPerLine: ((median(vr.map((r) => r.ms)) - base) * 1000) / lines,
      playPeakMB: Math.max(...pr.map((r) => r.rss)),
      verifyPeakMB: Math.max(...vr.map((r) => r.rss)),
    });
  }
  if (AGAINST !== null) continue;
  results.rows[`8 ${label} growth`] = growth;
  for (const g of growth) {
    rows.push([`8 ${label} ${g.lines} lines`, `a valid ${label} game (${g.ended ? 'to its end' : 'cut, then E_EOF'}): cost per log line above a bare node start`, `play ${fmt(g.playUsPerLine)} us/line, verify ${fmt(g.verifyUsPerLine)} us/line`, `peak ${fmt(g.playPeakMB, 0)} / ${fmt(g.verifyPeakMB, 0)} MB`]);
  }
}

// --- 9. Marauders, Marvel: throughput on the longest game of the reference corpus ---------------------------
for (const id of wanted('9') ? ['marauders', 'marvel'] : []) {
  const corpus = join(SHARED, id, 'reference');
  if (!existsSync(corpus)) continue;
  const cases = readdirSync(corpus).filter((c) => existsSync(join(corpus, c, 'expected.txt')));
  const longest = cases.map((c) => ({ c, lines: readFileSync(join(corpus, c, 'expected.txt'), 'utf8').split('\n').length - 1 })).sort((a, b) => b.lines - a.lines)[0];
  const dir = join(corpus, longest.c);
  const verify = (cli = CLI) => cold([cli, id, 'verify', dir, '--quiet'], { valid: identical(1) });
  if (AGAINST !== null) {
    compareRuns(`9 ${id} longest`, `verify of the corpus's longest game (${longest.c}, ${longest.lines} lines)`, verify);
    continue;
  }
  const base = median(Array.from({ length: 3 }, () => NODE().ms));
  const ms = median(Array.from({ length: ROUNDS }, () => verify().ms)) - base;
  results.rows[`9 ${id} longest`] = { case: longest.c, lines: longest.lines, ms, linesPerSecond: (longest.lines * 1000) / ms };
  rows.push([`9 ${id} longest`, `verify of the corpus's longest game (${longest.c}, ${longest.lines} lines), above a bare node start`, `${fmt((longest.lines * 1000) / ms / 1000, 1)}k lines/s`, `${fmt(ms, 0)} ms`]);
}

// --- 10. Tactics: cost of one reach and one move as the map grows (W and H are at most 99, spec 3) ----------
for (const side of wanted('10') ? (QUICK ? [10, 50] : [10, 50, 99]) : []) {
  const dir = join(TMP, `tactics-map-${side}`);
  mkdirSync(dir);
  // Terrain costs 1..4 in a fixed pattern, no walls: every cell stays reachable, mp 99 covers the whole map.
  const symbols = ['.', '^', '~', '%'];
  const grid = Array.from({ length: side }, (_, y) => Array.from({ length: side }, (_, x) => symbols[(x * 7 + y * 3) % 4]).join(''));
  writeFileSync(join(dir, 'big.map'), `map big ${side} ${side}\nterrain . 1 plain\nterrain ^ 2 hill\nterrain ~ 3 swamp\nterrain % 4 bog\ngrid\n${grid.join('\n')}\n`);
  writeFileSync(join(dir, 'game.setup'), 'map load big.map\nunit runner hp=50 mp=99\naction runner poke range=1 pattern=linear ext=1 damage=1 targets=enemies\nplayers 2\nlimit 1\narmy P1 runner\narmy P2 runner\nseed 3\nrounds 9999\n');
  // The seed fixes where each unit starts (ANCHOR) and who plays first (ORDER).
  const opening = cold([CLI, 'tactics', join(dir, 'game.setup')], { valid: onlyFinalEof }).stdout;
  const order = /^ORDER (P\d) (P\d)$/m.exec(opening);
  if (order === null) throw new Error('tactics map bench: no ORDER line');
  const units = order[1] === 'P1' ? ['A1', 'B1'] : ['B1', 'A1'];
  const anchor = (id) => /^ANCHOR \w+ (\d+),(\d+)$/m.exec(opening.split('\n').filter((l) => l.startsWith(`ANCHOR ${id} `)).join('\n')).slice(1).map(Number);
  // Each unit steps up to 8 columns away along its row and back (a cost of at most 32 with mp 99).
  const hops = units.map((id) => {
    const [x, y] = anchor(id);
    const to = x + 8 < side ? x + 8 : Math.max(0, x - 8);
    return [`${to},${y}`, `${x},${y}`];
  });
  const game = (body) => body.join('\n') + '\n';
  const K = 200;
  const reaches = Array.from({ length: K }, () => `reach ${units[0]}`);
  const moves = Array.from({ length: K }, (_, i) => [`move ${units[0]} ${hops[0][i % 2]}`, 'end', `move ${units[1]} ${hops[1][i % 2]}`, 'end']).flat();
  const ends = Array.from({ length: K }, () => ['end', 'end']).flat();
  const inputs = { base: game([]), reach: game(reaches), move: game(moves), ends: game(ends) };
  const run = (text, cli = CLI) => cold([cli, 'tactics', join(dir, 'game.setup')], { input: text, valid: onlyFinalEof });
  if (AGAINST !== null) {
    compareRuns(`10 tactics map ${side} reach`, `${K} reaches (mp 99) on a ${side}x${side} map`, (cli) => run(inputs.reach, cli));
    compareRuns(`10 tactics map ${side} move`, `${2 * K} moves (8 columns) on a ${side}x${side} map`, (cli) => run(inputs.move, cli));
    continue;
  }
  const ms = (text) => median(Array.from({ length: QUICK ? 3 : 5 }, () => run(text).ms));
  const base = ms(inputs.base);
  const reachUs = ((ms(inputs.reach) - base) * 1000) / K;
  // A move's cost is measured against the same turns ended without moving (each turn prints the board).
  const moveUs = ((ms(inputs.move) - ms(inputs.ends)) * 1000) / (2 * K);
  results.rows[`10 tactics map ${side}`] = { cells: side * side, reachUs, moveUs };
  rows.push([`10 tactics map ${side}x${side}`, `one reach (mp 99) and one move (8 columns) on a ${side}x${side} map, through the CLI`, `reach ${fmt(reachUs / 1000, 2)} ms, move ${fmt(moveUs / 1000, 2)} ms`, `${side * side} cells`]);
}

// --- 11. The HTML verify report of the course suite: its cost over the plain report, and its size ---------
if (hasCourse && wanted('11')) {
  const suites = readdirSync(COURSE).filter((d) => d.endsWith('-Tests')).sort().map((d) => join(COURSE, d));
  const count = suites.reduce((n, s) => n + readdirSync(s).filter((f) => f.endsWith('.txt')).length, 0);
  const page = join(TMP, 'course-report.html');
  const written = (r) => (r.status === 0 && new RegExp(`^${count}/${count} identical; report written to `, 'm').test(r.stderr) && existsSync(page)) || `expected ${count}/${count} identical and the page written`;
  const html = (cli) => cold([cli, 'smt', 'verify', ...suites, '--data', COURSE, '--reporter', 'html', '--out', page], { valid: written });
  const table = () => cold([CLI, 'smt', 'verify', ...suites, '--data', COURSE, '--quiet'], { valid: identical(count) });
  const p = measured('11', html, table);
  const bytes = existsSync(page) ? readFileSync(page).length : 0;
  row('11 html report / table', `verify of the ${count} course transcripts writing the HTML report vs the plain one`, p, 1.2, { bytes });
  if (AGAINST === null) rows.push(['11 html report size', `the page of that run (all passing, collapsed)`, `${fmt(bytes / 1024, 0)} KB`, `< 5 MB ${bytes < 5 * 2 ** 20 ? 'met' : 'NOT met'}`]);
}

// --- 11b. The game viewer of the longest course game: its cost over a verify of the same transcript, and its size
if (hasCourse && wanted('11')) {
  const transcripts = readdirSync(COURSE).filter((d) => d.endsWith('-Tests')).flatMap((d) => readdirSync(join(COURSE, d)).filter((f) => f.endsWith('.txt')).map((f) => join(COURSE, d, f)));
  const longest = transcripts.map((f) => ({ f, lines: readFileSync(f, 'utf8').split('\n').length - 1 })).sort((a, b) => b.lines - a.lines)[0];
  const pageFile = join(TMP, 'longest-game.html');
  // Checked: the page written, with one step per input line read and the opening.
  const inputs = readFileSync(longest.f, 'utf8').split('\n').filter((l) => l.startsWith('INPUT: ')).length;
  // The slider's last step: the opening is step 0, then one per input line read.
  const written = (r) => (r.status === 0 && existsSync(pageFile) && Number(/id="slider" type="range" min="0" max="(\d+)"/.exec(readFileSync(pageFile, 'utf8'))?.[1]) >= inputs) || `expected the page of ${inputs} steps written`;
  const view = (cli) => cold([cli, 'smt', 'view', longest.f, '--data', COURSE, '--out', pageFile], { valid: written });
  const verify = () => cold([CLI, 'smt', 'verify', longest.f, '--data', COURSE, '--quiet'], { valid: identical(1) });
  const p = measured('11b', view, verify);
  const bytes = existsSync(pageFile) ? readFileSync(pageFile).length : 0;
  row('11b viewer / verify', `the viewer's page of the longest course game (${longest.lines} lines) vs verifying it`, p, undefined, { bytes, lines: longest.lines });
  if (AGAINST === null && p !== null) rows.push(['11b viewer size', `that page (${longest.lines} log lines, every step drawn)`, `${fmt(bytes / 2 ** 20, 1)} MB`, `view ${fmt(p.aMs / 1000, 1)} s`]);
}

// --- 12. Clairvoyance: large encounters (5 and 20 MB of units), loaded and one turn played ------------------
if (wanted('12')) {
  const ORC = 'UNIT Orc { HP: 12; Initiative: +5; Speed: 4; AC: 14; Attack: Melee +4 1d8+2; Full Attack: Melee +4 1d8+2, Melee -1 1d6; }';
  const sizes = [];
  for (const units of QUICK ? [40_000] : [40_000, 160_000]) {
    const file = join(TMP, `units-${units}.clv`);
    const body = Array.from({ length: units }, (_, i) => ORC.replace('Orc', `Orc${i}`)).join('\n');
    writeFileSync(file, `MAP { Layout: Rectangle 8, 5; Obstacles: ; }\nPLAYER Hero { Initiative: +9 }\n${body}\nAI Brute { Pass; }\nTEAM Good { Hero x1 : (0,0); }\nTEAM Bad { Orc0, Brute x1 : (7,4); }\n`);
    const mb = readFileSync(file).length / 2 ** 20;
    // One `next`, then E_EOF: the encounter was accepted and a turn played.
    const valid = (r) => (r.status === 1 && /^INPUT: next$/m.test(r.stdout) && /ERROR E_EOF: input ended; expected a command\n$/.test(r.stdout)) || 'expected the encounter accepted, one turn, then E_EOF';
    if (AGAINST !== null) {
      compareRuns(`12 clairvoyance ${fmt(mb, 0)} MB`, `an encounter of ${units} units loaded and one turn played`, (cli) => cold([cli, 'clairvoyance', file, '--dice', 'max'], { input: 'next\n', valid }));
      continue;
    }
    const base = median(Array.from({ length: 3 }, () => NODE().ms));
    const runs = Array.from({ length: QUICK ? 2 : 3 }, () => cold([CLI, 'clairvoyance', file, '--dice', 'max'], { input: 'next\n', valid }));
    sizes.push({ units, mb, msPerMB: (median(runs.map((r) => r.ms)) - base) / mb, peakMB: Math.max(...runs.map((r) => r.rss)) });
  }
  if (AGAINST === null) results.rows['12 clairvoyance large encounters'] = sizes;
  for (const z of sizes) rows.push([`12 clairvoyance ${fmt(z.mb, 0)} MB`, `an encounter of ${z.units} units loaded and one turn played, above a bare node start`, `${fmt(z.msPerMB, 0)} ms/MB`, `peak ${fmt(z.peakMB, 0)} MB ${z.peakMB < 500 ? '< 500 met' : '>= 500 NOT met'}`]);
}

const width = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
console.log(`machine: ${results.machine}; ${ROUNDS} paired rounds; ratios are medians (min-max)${AGAINST === null ? '' : `; this build / ${AGAINST}`}`);
for (const r of rows) console.log(r.map((c, i) => c.padEnd(width[i])).join(' | '));
if (AGAINST !== null) {
  const compared = Object.values(results.rows);
  const slower = (ratio) => ratio > 1;
  console.log(`wall: ${compared.filter((r) => !slower(r.ratio)).length} of ${compared.length} rows no slower (median <= 1)`);
  if (INSTRUCTIONS) console.log(`instructions: ${compared.filter((r) => !slower(r.instructions.ratio)).length} of ${compared.length} rows no more`);
}
const out = AGAINST === null ? 'results.json' : 'compare.json';
mkdirSync(join(ROOT, 'bench'), { recursive: true });
writeFileSync(join(ROOT, 'bench', out), JSON.stringify(results, null, 2) + '\n');
console.log(`written bench/${out}`);
