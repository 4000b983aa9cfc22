/**
 * The `smt` engine: a team folder and a catalogue in (through `Files`), battles out; and the course's
 * case layout (course-layout.ts).
 */
import type { RulesetEngine } from '../../core/ruleset.js';
import { courseLayout } from './course-layout.js';
import { SmtBattle, type SmtSetup } from './battle.js';
import { loadSetup } from './setup.js';

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

export const engine: RulesetEngine<SmtSetup> = {
  load({ options, files }) {
    const teams = text(options['teams']);
    if (teams === undefined) return { ok: false, stdout: [], stderr: ["error: required option '--teams <folder>' not specified"] };
    const loaded = loadSetup(teams, text(options['data']), files);
    return loaded.ok ? { ok: true, setup: loaded.setup, warnings: [] } : { ok: false, stdout: [], stderr: [loaded.message] };
  },
  start: (setup) => new SmtBattle(setup),
  layouts: [courseLayout],
};

export default engine;
