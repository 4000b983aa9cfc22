// npm run bench: Arbiter measured as users run it (cold CLI processes), in paired rounds against a
// reference run in the same round (the I/O floor, or a bare `node -e ''`), so shared machine load cancels
// out. Every row checks that its work is valid (games accepted and ended as intended, verify identical)
// and reports the ratio's median with its spread. Writes bench/results.json; README quotes one full run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSmtBattle, smtSetupFromTexts } from '../dist/rulesets/smt/index.js';
import { parseTranscript, transcriptInputs } from '../dist/core/transcript.js';
import { RULESETS } from '../dist/rulesets/registry.js';
import { aiBenchEncounter } from './bench-encounter.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SHARED = join(ROOT, '..', 'shared');
const COURSE = join(SHARED, 'smt', 'course');
const CLI = join(ROOT, 'dist', 'cli.js');
const PROBE = join(ROOT, 'scripts', 'rss-probe.mjs');
const FLOOR = join(ROOT, 'scripts', 'bench-floor.mjs');
const TMP = mkdtempSync(join(tmpdir(), 'arbiter-bench-'));
const QUICK = process.argv.includes('--quick');
// `--only 1,7`: just those row groups (1 covers rows 1-3, 4 the scaling rows), for a developer's quick check.
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1].split(',') : null;
const wanted = (group) => ONLY === null || ONLY.includes(group);
const ROUNDS = QUICK ? 2 : 5;
const rows = [];
const results = { machine: machine(), rounds: ROUNDS, rows: {} };

function machine() {
  return `${cpus().length} x ${cpus()[0]?.model.trim() ?? 'unknown cpu'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

/** One cold process; `valid` checks its output. Returns wall ms and peak RSS (MB). */
function cold(args, { input = '', valid = () => true, what = args.join(' ') } = {}) {
  const start = performance.now();
  const r = spawnSync(process.execPath, ['--import', PROBE, ...args], { input, encoding: 'utf8', cwd: ROOT, maxBuffer: 1 << 30 });
  const ms = performance.now() - start;
  const rss = Number(/ARBITER_MAXRSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024;
  const problem = valid(r);
  if (problem !== true) throw new Error(`invalid benchmark run (${what}): ${problem === false ? `exit ${r.status}` : problem}\n${r.stderr.slice(0, 2000)}`);
  return { ms, rss, stdout: r.stdout };
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
  const met = target === undefined ? null : p.ratio <= target;
  results.rows[id] = { measure, ...p, target: target ?? null, met, ...extra };
  rows.push([id, measure, `${fmt(p.ratio)} (${fmt(p.min)}-${fmt(p.max)})`, target === undefined ? '' : `<= ${target} ${met ? 'met' : 'NOT met'}`]);
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
  const verify = (jobs) => () => cold([CLI, 'smt', 'verify', ...suites, '--data', COURSE, '--quiet', ...(jobs === undefined ? [] : ['--jobs', String(jobs)])], { valid: identical(files.length) });
  const floor = () => cold([FLOOR, list], { valid: identical(files.length) });
  row('1 smt verify / floor', `smt verify of ${files.length} course transcripts (default --jobs) vs reading them twice, splitting and comparing`, paired(verify(undefined), floor), 2.5);
  row('2 --jobs 2 / --jobs 1', 'the same verify with 2 worker threads vs 1 (the default on <= 2 CPUs)', paired(verify(2), verify(1)));

  // --- 3. One median course game through the CLI vs a bare node start -------------------------------------
  const sized = files.map((f) => ({ f, lines: parseTranscript(readFileSync(f, 'utf8')).length })).sort((a, b) => a.lines - b.lines);
  const typical = sized[Math.floor(sized.length / 2)];
  const input = transcriptInputs(parseTranscript(readFileSync(typical.f, 'utf8'))).join('\n') + '\n';
  const teams = typical.f.replace(/-Tests\/[^/]+$/, '');
  const game = () => cold([CLI, 'smt', '--teams', teams, '--data', COURSE], { input, valid: (r) => (r.status === 0 || r.status === 1) && r.stdout.length > 0 });
  row('3 smt game / node', `one median course game (${typical.lines} log lines) piped through the CLI vs node -e ''`, paired(game, NODE), 1.5);
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
  while (battle.expecting() !== null) {
    const option = (word) => menu.map((l) => new RegExp(`^(\\d+): ${word}$`).exec(l)).find((m) => m)?.[1];
    const surrender = option('Rendirse');
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
  const verifyRun = () => cold([CLI, 'smt', 'verify', join(transcript, '001.txt'), '--teams', teamsDir, '--data', join(ROOT, 'data', 'smt'), '--quiet'], { valid: identical(1) });
  const playRun = () => cold([CLI, 'smt', '--teams', teamsDir, '--data', join(ROOT, 'data', 'smt')], { input, valid: endsWithWinner });
  const base = median(Array.from({ length: 3 }, () => NODE().ms));
  const pr = [playRun(), playRun(), playRun()];
  const vr = [verifyRun(), verifyRun(), verifyRun()];
  const playMs = median(pr.map((r) => r.ms)) - base;
  const verifyMs = median(vr.map((r) => r.ms)) - base;
  scaling.push({ lines, playUsPerLine: (playMs * 1000) / lines, verifyUsPerLine: (verifyMs * 1000) / lines, playPeakMB: Math.max(...pr.map((r) => r.rss)), verifyPeakMB: Math.max(...vr.map((r) => r.rss)) });
}
results.rows['4 scaling'] = scaling;
for (const s of scaling) {
  rows.push([`4 scaling ${s.lines} lines`, 'a valid synthetic SMT game (passes, then a surrender): cost per log line above a bare node start', `play ${fmt(s.playUsPerLine)} us/line, verify ${fmt(s.verifyUsPerLine)} us/line`, `peak ${fmt(s.playPeakMB, 0)} / ${fmt(s.verifyPeakMB, 0)} MB`]);
}

// --- 5. verify memory on a transcript 100x the longest course one --------------------------------------
if (!QUICK && wanted('5')) {
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
  const run = () => cold([CLI, 'clairvoyance', encounter, '--seed', '1'], { input, valid: (r) => (r.status === 1 && (r.stdout.match(/^Current turn: $/gm) ?? []).length === 500 && /E_EOF/.test(r.stdout)) || 'expected 500 turns, then E_EOF' });
  row('6 clairvoyance / node', "500 AI turns, 100x100 board, 50 mobs, through the CLI vs node -e ''", paired(run, NODE), 3);
}

// --- 7. Every ruleset: its demo game, and verify of its reference corpus -----------------------------------
for (const { meta } of wanted('7') ? RULESETS : []) {
  const demo = meta.examples.play[0].split(' ');
  const at = demo.indexOf('--input');
  const input = readFileSync(join(ROOT, demo[at + 1]), 'utf8');
  const argv = [...demo.slice(0, at), ...demo.slice(at + 2)];
  const game = () => cold([CLI, ...argv], { input, valid: (r) => r.status === 0 || r.status === 1 || `exit ${r.status}` });
  row(`7 ${meta.id} demo / node`, `the ${meta.id} demo game through the CLI vs node -e ''`, paired(game, NODE), 1.5);
  const corpus = join(SHARED, meta.id, 'reference');
  if (existsSync(corpus)) {
    // The floor reads each case's expected output twice, splits and compares, as row 1's does.
    const expected = readdirSync(corpus, { recursive: true }).filter((f) => /(^|\/)expected\.txt$/.test(String(f))).map((f) => join(corpus, String(f))).sort();
    const list = join(TMP, `${meta.id}-expected.txt`);
    writeFileSync(list, expected.join('\n') + '\n');
    const verify = () => cold([CLI, meta.id, 'verify', corpus, '--quiet'], { valid: identical(expected.length) });
    const floor = () => cold([FLOOR, list], { valid: identical(expected.length) });
    row(`7 ${meta.id} verify / floor`, `verify of ${meta.id}'s reference corpus (${expected.length} cases) vs reading their expected outputs twice`, paired(verify, floor), 2.5);
  }
}

const width = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
console.log(`machine: ${results.machine}; ${ROUNDS} paired rounds; ratios are medians (min-max)`);
for (const r of rows) console.log(r.map((c, i) => c.padEnd(width[i])).join(' | '));
mkdirSync(join(ROOT, 'bench'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');
console.log('written bench/results.json');
