// npm run bench: throughput, I/O floor, CLI latency, peak memory and scaling, in one run.
// Prints a table and writes bench/results.json. Numbers depend on the machine; README quotes the latest.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSmtBattle, smtSetup, smtSetupFromTexts } from '../dist/rulesets/smt/index.js';
import { checkTranscript } from '../dist/core/verify.js';
import { MemorySink, runLines } from '../dist/core/session.js';
import { parseTranscript, transcriptInputs } from '../dist/core/transcript.js';
import { ClairvoyanceBattle, loadEncounter } from '../dist/rulesets/clairvoyance/index.js';
import { Prng } from '../dist/core/prng.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const COURSE = join(ROOT, '..', 'shared', 'smt', 'course');
const CLI = join(ROOT, 'dist', 'cli.js');
const hasCourse = existsSync(join(COURSE, 'skills.json'));
const rows = [];
const results = { machine: machine(), targets: {} };

function machine() {
  const cpu = cpus()[0]?.model ?? 'unknown cpu';
  return `${cpus().length} x ${cpu.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function courseTranscripts() {
  const out = [];
  for (const suite of readdirSync(COURSE).filter((d) => d.endsWith('-Tests')).sort()) {
    for (const file of readdirSync(join(COURSE, suite)).filter((f) => f.endsWith('.txt')).sort()) {
      out.push({ suite, teams: join(COURSE, suite.slice(0, -'-Tests'.length)), path: join(COURSE, suite, file) });
    }
  }
  return out;
}

// 1 and 2. In-process throughput of the whole visible course suite, and the I/O floor for the same files.
if (hasCourse) {
  const files = courseTranscripts();
  const setups = new Map();
  const engine = () => {
    let bytes = 0;
    const start = performance.now();
    for (const f of files) {
      const text = readFileSync(f.path, 'utf8');
      bytes += Buffer.byteLength(text);
      let setup = setups.get(f.teams);
      if (!setup) setups.set(f.teams, (setup = smtSetup(f.teams, COURSE)));
      const check = checkTranscript(text, createSmtBattle(setup), { ruleset: 'smt', skipBlankAndComments: false });
      if (check.difference !== null) throw new Error(`${f.path} differs at line ${check.difference.line}`);
    }
    return { ms: performance.now() - start, bytes };
  };
  // The floor: what checking a transcript costs with no engine. Read it, split it into lines, and compare
  // it line by line with a copy (a second read standing in for the engine's output).
  const floor = () => {
    const start = performance.now();
    for (const f of files) {
      const expected = readFileSync(f.path, 'utf8').split('\n');
      const copy = readFileSync(f.path, 'utf8').split('\n');
      for (let i = 0; i < expected.length; i++) if (expected[i] !== copy[i]) throw new Error('copy differs');
    }
    return performance.now() - start;
  };
  engine(); // warm-up: JIT and the catalogue cache
  const runs = [engine(), engine(), engine()];
  const engineMs = median(runs.map((r) => r.ms));
  const mb = runs[0].bytes / 1e6;
  floor();
  const floorMs = median([floor(), floor(), floor()]);
  results.throughput = { transcripts: files.length, megabytes: +mb.toFixed(1), ms: +engineMs.toFixed(0), transcriptsPerSecond: +(files.length / (engineMs / 1000)).toFixed(0), megabytesPerSecond: +(mb / (engineMs / 1000)).toFixed(1) };
  results.floor = { ms: +floorMs.toFixed(0), ratio: +(engineMs / floorMs).toFixed(2) };
  results.targets.ratioEngineFloor = { target: 3.0, met: engineMs / floorMs <= 3.0 };
  rows.push(['1 in-process throughput', `${files.length} transcripts, ${mb.toFixed(1)} MB in ${(engineMs / 1000).toFixed(2)} s`, `${results.throughput.transcriptsPerSecond} transcripts/s, ${results.throughput.megabytesPerSecond} MB/s`]);
  rows.push(['2 I/O floor', `${(floorMs / 1000).toFixed(2)} s`, `engine/floor = ${results.floor.ratio} (target <= 3.0)`]);
} else {
  rows.push(['1-2 throughput, floor', 'skipped', `${COURSE} not found`]);
}

// 3. Latency of one CLI run against `node -e ''`, and 4. peak memory on the longest transcript.
function timeCommand(args, input) {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { input, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return { ms, stderr: r.stderr };
}

if (hasCourse) {
  const files = courseTranscripts();
  const sized = files.map((f) => ({ ...f, lines: parseTranscript(readFileSync(f.path, 'utf8')).length })).sort((a, b) => a.lines - b.lines);
  const typical = sized[Math.floor(sized.length / 2)];
  const longest = sized[sized.length - 1];
  const choicesOf = (f) => transcriptInputs(parseTranscript(readFileSync(f.path, 'utf8'))).join('\n') + '\n';
  const args = (f) => [CLI, 'smt', '--teams', f.teams, '--data', COURSE];
  const typicalInput = choicesOf(typical);
  for (let i = 0; i < 3; i++) {
    timeCommand(['-e', '']);
    timeCommand(args(typical), typicalInput);
  }
  const base = median(Array.from({ length: 15 }, () => timeCommand(['-e', '']).ms));
  const cli = median(Array.from({ length: 15 }, () => timeCommand(args(typical), typicalInput).ms));
  results.latency = { transcript: typical.path.slice(COURSE.length + 1), lines: typical.lines, cliMs: +cli.toFixed(1), nodeMs: +base.toFixed(1), ratio: +(cli / base).toFixed(2) };
  results.targets.latencyRatio = { target: 1.5, met: cli / base <= 1.5 };
  rows.push(['3 CLI latency', `${cli.toFixed(0)} ms (${typical.lines}-line transcript) vs node -e '' ${base.toFixed(0)} ms`, `ratio ${results.latency.ratio} (target <= 1.5)`]);

  const probe = join(ROOT, 'scripts', 'rss-probe.mjs');
  const run = timeCommand(['--import', probe, ...args(longest)], choicesOf(longest));
  const kb = Number(/ARBITER_MAXRSS_KB (\d+)/.exec(run.stderr)?.[1] ?? NaN);
  results.memory = { transcript: longest.path.slice(COURSE.length + 1), lines: longest.lines, peakMB: +(kb / 1024).toFixed(1) };
  results.targets.peakMemory = { target: '100 MB', met: kb / 1024 < 100 };
  rows.push(['4 peak memory', `${(kb / 1024).toFixed(1)} MB on the longest transcript (${longest.lines} lines)`, 'target < 100 MB']);
} else {
  rows.push(['3-4 latency, memory', 'skipped', `${COURSE} not found`]);
}

// 5. Scaling: synthetic games of about 1k, 10k and 100k log lines (about 12 lines a turn) on the project's own catalogue.
// Each J1 turn opens and cancels the skill menu, then passes; J2 passes; Flynn surrenders at the end.
const TEAMS = 'Player 1 Team\n[Samurai] Flynn (Dia,Agi)\nJack Frost\nPlayer 2 Team\n[Samurai] Kei (Bufu)\nNue\n';
function syntheticChoices(turns) {
  const out = ['0'];
  for (let t = 0; t < turns; t++) out.push('3', '3', '5');
  out.push('6');
  return out;
}
const scaling = [];
for (const turns of [80, 800, 8000]) {
  const choices = syntheticChoices(turns);
  const once = () => {
    const sink = new MemorySink();
    const start = performance.now();
    runLines(createSmtBattle(smtSetupFromTexts(new Map([['001.txt', TEAMS]]))), choices, sink, { echo: true, source: 'bench', ruleset: 'smt', skipBlankAndComments: false });
    return { ms: performance.now() - start, lines: sink.stdout.length };
  };
  once();
  const samples = [once(), once(), once()];
  const ms = median(samples.map((s) => s.ms));
  scaling.push({ lines: samples[0].lines, ms: +ms.toFixed(2), microsecondsPerLine: +((ms * 1000) / samples[0].lines).toFixed(3) });
}
const perLine = scaling.map((s) => s.microsecondsPerLine);
const growth = perLine[2] / perLine[0];
results.scaling = { runs: scaling, perLineGrowth100kVs1k: +growth.toFixed(2) };
results.targets.linearScaling = { target: 'time per line roughly constant (growth < 2)', met: growth < 2 };
rows.push(['5 scaling', scaling.map((s) => `${s.lines} lines ${s.ms} ms`).join('; '), `${perLine.join(' / ')} us per line (growth x${growth.toFixed(2)})`]);

// 6. Clairvoyance AI-turn speed: a 100x100 board with wall segments and 50 mobs in two teams (melee
// brutes that approach and full-attack, archers that need line of sight, skirmishers that hit and run).
// Each `next` plays one mob's turn (distance maps, targets, paths, LoS, Disengage fields); HP is high so
// the battle lasts the whole run. Seeded dice; the median of three runs of 1,000 turns.
function aiBenchEncounter() {
  const obstacles = [];
  for (let k = 0; k < 40; k++) {
    const c = (k * 37) % 60 + 15;
    const r = (k * 53) % 90 + 5;
    obstacles.push(k % 2 === 0 ? `(${c}-${c + 6}, ${r})` : `(${c}, ${r}-${r + 6})`);
  }
  const cell = (i, side) => `(${side === 0 ? 2 + (i % 5) * 3 : 97 - (i % 5) * 3}, ${10 + Math.floor(i / 5) * 16 + (i % 2)})`;
  const team = (name, side) => {
    const coords = Array.from({ length: 25 }, (_, i) => cell(i, side));
    return `TEAM ${name} { Brute, Smash x9 : ${coords.slice(0, 9).join(', ')}; Archer, Shoot x8 : ${coords.slice(9, 17).join(', ')}; Skirm, Harass x8 : ${coords.slice(17).join(', ')}; }`;
  };
  return [
    `MAP { Layout: Rectangle 100, 100; Obstacles: ${obstacles.join(', ')}; }`,
    'UNIT Brute { HP: 2000; Initiative: +2; Speed: 6; AC: 14; Attack: Melee +4 1d8+2; Full Attack: Melee +4 1d8+2, Melee -1 1d6; }',
    'UNIT Archer { HP: 2000; Initiative: +4; Speed: 5; AC: 13; Attack: Ranged(12) +5 1d8; Full Attack: Ranged(12) +5 1d8, Ranged(12) +0 1d8; }',
    'UNIT Skirm { HP: 2000; Initiative: +6; Speed: 8; AC: 15; Attack: Melee +3 1d6; Full Attack: Melee +3 1d6; }',
    'AI Smash { while enemy count > 0 { if enemy in range (Melee) then { Full Attack closest enemy; } else { Approach closest enemy; } } }',
    'AI Shoot { while enemy count > 0 { Attack closest enemy; } }',
    'AI Harass { while enemy count > 0 { if enemy in range (Melee) then { Attack closest enemy - Disengage; } else { Approach closest enemy; } } }',
    team('North', 0),
    team('South', 1),
  ].join('\n') + '\n';
}
{
  const { model } = loadEncounter('bench.clv', aiBenchEncounter());
  const TURNS = 1000;
  const once = () => {
    const battle = new ClairvoyanceBattle(model, { dice: { kind: 'random', prng: Prng.seeded(1) } });
    battle.opening();
    const start = performance.now();
    let turns = 0;
    while (turns < TURNS && battle.expecting() !== null) {
      battle.feed('next');
      turns++;
    }
    return { ms: performance.now() - start, turns };
  };
  once();
  const samples = [once(), once(), once()];
  const ms = median(samples.map((s) => s.ms));
  const turnsPerSecond = Math.round(samples[0].turns / (ms / 1000));
  results.clairvoyanceAiTurns = { board: '100x100', units: model.units.length, turns: samples[0].turns, ms: +ms.toFixed(0), turnsPerSecond };
  rows.push(['6 Clairvoyance AI turns', `${samples[0].turns} turns, 100x100 board, ${model.units.length} units, in ${(ms / 1000).toFixed(2)} s`, `${turnsPerSecond} turns/s`]);
}

const width = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length)));
console.log(`machine: ${results.machine}`);
for (const r of rows) console.log(r.map((c, i) => c.padEnd(width[i])).join(' | '));
mkdirSync(join(ROOT, 'bench'), { recursive: true });
writeFileSync(join(ROOT, 'bench', 'results.json'), JSON.stringify(results, null, 2) + '\n');
console.log('written bench/results.json');
void tmpdir;
