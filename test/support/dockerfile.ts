/**
 * A reading of the Dockerfile's instructions, enough for the checks of what the image holds and
 * for reproducing its stages outside Docker: stages, their instructions with continuation lines
 * joined, COPY's sources and destination, ENV's variables, and the JSON form of CMD-like lists.
 */
export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  name: string | undefined;
  base: string;
  instructions: Instruction[];
}

export interface Copy {
  /** The stage copied from; undefined for the build context. */
  from: string | undefined;
  sources: string[];
  destination: string;
}

export function parseDockerfile(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  const args: Record<string, string> = {};
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line)!;
    const upper = keyword.toUpperCase();
    if (upper === 'FROM') {
      const [, base = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest)!;
      stages.push({ name, base: base.replace(/\$\{(\w+)\}/g, (_, arg: string) => args[arg] ?? ''), instructions: [] });
    } else if (upper === 'ARG' && stages.length === 0) {
      const [name = '', value = ''] = rest.split('=');
      args[name] = value;
    } else {
      stages.at(-1)?.instructions.push({ keyword: upper, args: rest.replace(/\s+/g, ' ') });
    }
  }
  return stages;
}

/**
 * The stage `docker build` makes: the one named `name`, or by default the last, which when it is
 * an alias (`FROM <stage>` and nothing else) is the stage it names. The Dockerfile ends with such
 * an alias of `runtime`, so that the production image is the default target and yet the sandbox
 * stage can build on it.
 */
export function target(stages: readonly Stage[], name?: string): Stage {
  const found = name === undefined ? stages.at(-1) : stages.find((stage) => stage.name === name);
  if (!found) throw new Error(`the Dockerfile has no stage ${name ?? '(none)'}`);
  const aliased = found.instructions.length === 0 && stages.some((stage) => stage.name === found.base);
  return aliased ? target(stages, found.base) : found;
}

export const instructions = (stage: Stage, keyword: string) =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);

export function copies(stage: Stage): Copy[] {
  return instructions(stage, 'COPY').map((args) => {
    const words = args.split(' ');
    const flags = words.filter((word) => word.startsWith('--'));
    const paths = words.filter((word) => !word.startsWith('--'));
    const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
  });
}

export function environment(stage: Stage): Record<string, string> {
  return Object.fromEntries(
    instructions(stage, 'ENV').flatMap((args) =>
      [...args.matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1]!, match[2]!]),
    ),
  );
}

/** The exec form `["node", "…"]` of CMD, ENTRYPOINT or a HEALTHCHECK's CMD. */
export function execForm(args: string): string[] {
  return JSON.parse(args.slice(args.indexOf('['))) as string[];
}
