import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dump, load, loadAll } from 'js-yaml';
import { helm, production, root, templateArgs } from './helm-tool';

/**
 * The alerting rules, evaluated by Prometheus's own rule engine: `promtool check rules` on
 * docs/alerts.yml, `promtool test rules` on test/alerts/alerts.test.yml (for every alert, series
 * that fire it and series that must not), and the same tests again on the rules the Helm chart
 * renders into its PrometheusRule. `npm test` builds promtool with Go once per machine
 * (scripts/run.mjs) and passes it in PROMTOOL_PATH; without it and without Go, the promtool
 * checks are skipped, saying so.
 */
const RULES = join(root, 'docs', 'alerts.yml');
const TESTS = join(root, 'test', 'alerts', 'alerts.test.yml');

interface Rule {
  alert?: string;
  expr: string;
  for?: string;
}
interface RuleFile {
  groups: Array<{ name: string; rules: Rule[] }>;
}
interface AlertCase {
  eval_time: string;
  alertname: string;
  exp_alerts?: unknown[] | null;
}
interface TestFile {
  rule_files: string[];
  tests: Array<{ name: string; alert_rule_test?: AlertCase[] }>;
}

/** Seconds in a Prometheus duration such as "90s", "10m" or "1h30m". */
function seconds(duration: string): number {
  const units: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400, w: 604800, y: 31536000 };
  const parts = [...duration.matchAll(/(\d+)(ms|s|m|h|d|w|y)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== duration) throw new Error(`not a Prometheus duration: ${duration}`);
  return parts.reduce((total, [, amount, unit]) => total + Number(amount) * units[unit!]!, 0);
}

const rules = load(readFileSync(RULES, 'utf8')) as RuleFile;
const tests = load(readFileSync(TESTS, 'utf8')) as TestFile;
const alerts = rules.groups.flatMap((group) => group.rules).filter((rule): rule is Rule & { alert: string } => rule.alert !== undefined);

describe('the alerting rules (docs/alerts.yml) and their tests (test/alerts/alerts.test.yml)', () => {
  const cases = tests.tests.flatMap((group) => (group.alert_rule_test ?? []).map((alertCase) => ({ group: group.name, ...alertCase })));

  it('test every alert: one case where it fires, and one where it stays quiet past its `for`', () => {
    const untested = alerts.flatMap((rule) => {
      const own = cases.filter((alertCase) => alertCase.alertname === rule.alert);
      const fires = own.some((alertCase) => (alertCase.exp_alerts ?? []).length > 0);
      // Before `for` has passed, no alert fires whatever the series: such a quiet case proves nothing.
      const staysQuiet = own.some((alertCase) => (alertCase.exp_alerts ?? []).length === 0 && seconds(alertCase.eval_time) > seconds(rule.for ?? '0s'));
      return [...(fires ? [] : [`${rule.alert}: no case where it fires`]), ...(staysQuiet ? [] : [`${rule.alert}: no quiet case evaluated past its for (${rule.for ?? '0s'})`])];
    });
    expect(untested).toEqual([]);
  });

  it('test no alert that does not exist: promtool would pass a quiet case of a renamed alert', () => {
    const names = new Set(alerts.map((rule) => rule.alert));
    expect(cases.filter((alertCase) => !names.has(alertCase.alertname)).map((alertCase) => `${alertCase.group}: ${alertCase.alertname}`)).toEqual([]);
  });

  it('load docs/alerts.yml, the file the chart renders', () => {
    expect(tests.rule_files).toEqual(['../../docs/alerts.yml']);
  });
});

const promtoolPath = process.env.PROMTOOL_PATH;
const goAvailable = spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
const HOW_TO_GET_PROMTOOL =
  '`npm test` builds promtool with `go install github.com/prometheus/prometheus/cmd/promtool@<PROMTOOL_VERSION in scripts/run.mjs>` ' +
  'into ~/.cache/crossborder-payments/promtool-<version>/ and sets PROMTOOL_PATH; running jest directly, export PROMTOOL_PATH to that build';
if (!promtoolPath && !goAvailable) console.info(`the alert rules under promtool: skipped, no PROMTOOL_PATH and no Go to build it (${HOW_TO_GET_PROMTOOL})`);

function promtool(args: string[]) {
  if (!promtoolPath) throw new Error(`PROMTOOL_PATH is not set: ${HOW_TO_GET_PROMTOOL}`);
  if (!existsSync(promtoolPath)) throw new Error(`PROMTOOL_PATH=${promtoolPath} does not exist: ${HOW_TO_GET_PROMTOOL}`);
  const result = spawnSync(promtoolPath, args, { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** The tests of test/alerts/alerts.test.yml aimed at another rule file, written into `dir`. */
function testsOf(ruleFile: string, dir: string): string {
  const file = join(dir, 'alerts.test.yml');
  writeFileSync(file, dump({ ...tests, rule_files: [ruleFile] }));
  return file;
}

(promtoolPath || goAvailable ? describe : describe.skip)('the alerting rules under promtool', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'alert-rules-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are valid Prometheus rules', () => {
    expect(promtool(['check', 'rules', RULES])).toMatchObject({ status: 0, output: expect.stringContaining(`SUCCESS: ${rules.groups.flatMap((group) => group.rules).length} rules found`) });
  });

  it('fire and stay quiet as test/alerts/alerts.test.yml says', () => {
    expect(promtool(['test', 'rules', TESTS])).toMatchObject({ status: 0, output: expect.stringContaining('SUCCESS') });
  });

  it('would fail a rule that no longer fires, naming it', () => {
    const broken: RuleFile = { groups: rules.groups.map((group) => ({ ...group, rules: group.rules.map((rule) => (rule.alert === 'LedgerOutOfBalance' ? { ...rule, expr: 'vector(1) == 0' } : rule)) })) };
    const ruleFile = join(dir, 'broken.yml');
    writeFileSync(ruleFile, dump(broken));
    const result = promtool(['test', 'rules', testsOf(ruleFile, dir)]);
    expect(result.status).not.toBe(0);
    expect(result.output).toContain('alertname: LedgerOutOfBalance');
  });

  it("hold for the chart's PrometheusRule: the same groups, passing the same tests", () => {
    const rendered = helm(templateArgs(production));
    expect(rendered).toMatchObject({ status: 0, stderr: '' });
    const objects = loadAll(rendered.stdout) as Array<{ kind: string; spec: RuleFile } | null>;
    const prometheusRules = objects.filter((object) => object?.kind === 'PrometheusRule');
    expect(prometheusRules).toHaveLength(1);
    const groups = prometheusRules[0]!.spec.groups;
    expect(groups).toEqual(rules.groups);

    const ruleFile = join(dir, 'chart-rules.yml');
    writeFileSync(ruleFile, dump({ groups }));
    expect(promtool(['check', 'rules', ruleFile])).toMatchObject({ status: 0 });
    expect(promtool(['test', 'rules', testsOf(ruleFile, dir)])).toMatchObject({ status: 0, output: expect.stringContaining('SUCCESS') });
  });
});
