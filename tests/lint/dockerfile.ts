// Reads a Dockerfile the way `docker build` does, as far as the rules below need (stages,
// instructions, exec and shell forms, line continuations, comments), and says what in it breaks
// the image's promises (docs/deployment.md, "In a container"; docs/decisions/121). `docker build`
// is not available where the tests run: this is how the Dockerfile is kept honest.
import { posix } from 'node:path';
import semver from 'semver';

export interface Instruction {
  keyword: string;
  /** The text after the keyword, continuation lines joined. */
  args: string;
}

export interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

/** The stages of a Dockerfile, each with its instructions after its FROM. */
export function parseDockerfile(text: string): Stage[] {
  const logical: string[] = [];
  let pending = '';
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*#/.test(line)) continue;
    const continued = /\\\s*$/.test(line);
    pending += continued ? line.replace(/\\\s*$/, ' ') : line;
    if (!continued) {
      if (pending.trim()) logical.push(pending.trim());
      pending = '';
    }
  }
  if (pending.trim()) logical.push(pending.trim());
  const stages: Stage[] = [];
  for (const line of logical) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: args.trim() };
    if (instruction.keyword === 'FROM') {
      const words = instruction.args.split(/\s+/).filter((w) => !w.startsWith('--'));
      const as = words.findIndex((w) => w.toUpperCase() === 'AS');
      stages.push({
        image: words[0] ?? '',
        ...(as > 0 && words[as + 1] ? { name: words[as + 1] } : {}),
        instructions: [],
      });
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

/** An exec-form argument list (`["node", "-e", "…"]`) or, in shell form, the command text. */
function commandOf(args: string): string {
  if (args.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(args);
      if (Array.isArray(list)) return list.map(String).join(' ');
    } catch {
      // Not JSON: Docker runs it in a shell, as written.
    }
  }
  return args;
}

/** `ENV A=1 B="two"` or the older `ENV A 1`. */
function envOf(args: string): Record<string, string> {
  const unquote = (value: string) => value.replace(/^"(.*)"$/, '$1').replace(/^'(.*)'$/, '$1');
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(args)) {
    const [name = '', ...rest] = args.split(/\s+/);
    return { [name]: unquote(rest.join(' ')) };
  }
  const env: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S*)/g)) {
    env[match[1] ?? ''] = unquote(match[2] ?? '');
  }
  return env;
}

/** VOLUME ["/a", "/b"] or VOLUME /a /b. */
function volumesOf(args: string): string[] {
  const command = args.startsWith('[') ? commandOf(args) : args;
  return command.split(/\s+/).filter(Boolean);
}

const ROOT_USERS = new Set(['root', '0']);

/** `node:24.22.3-slim` → its version (`24.22.3`), or undefined for another image or no version. */
export function nodeVersionOf(image: string): string | undefined {
  const match =
    /^(?:docker\.io\/)?(?:library\/)?node:(\d+(?:\.\d+){0,2})(?:-[\w.-]+)?(?:@sha256:[0-9a-f]+)?$/.exec(
      image,
    );
  return match?.[1];
}

export interface ImageFacts {
  /** DATA_DIR's default in src/server/env.ts (`./data`), resolved against the final WORKDIR. */
  dataDirDefault: string;
  /** `.nvmrc`'s text. */
  nvmrc: string;
  /** package.json's engines.node. */
  engines: string;
  /** The majors the site supports (scripts/lib/engines.ts). */
  supportedMajors: readonly number[];
}

/** What in the Dockerfile (and `.nvmrc`) breaks the image's promises; empty when nothing does. */
export function dockerfileProblems(text: string, facts: ImageFacts): string[] {
  const problems: string[] = [];
  const stages = parseDockerfile(text);
  const final = stages.at(-1);
  if (!final) return ['no FROM: not a Dockerfile'];
  const all = (keyword: string) => final.instructions.filter((i) => i.keyword === keyword);
  const last = (keyword: string) => all(keyword).at(-1);

  // Several stages, the last taking the build from an earlier one, not building itself.
  const earlier = stages.slice(0, -1).map((stage, index) => stage.name ?? String(index));
  const copiesFrom = all('COPY')
    .map((copy) => /--from=(\S+)/.exec(copy.args)?.[1])
    .filter((from) => from !== undefined);
  if (stages.length < 2 || !copiesFrom.some((from) => earlier.includes(from))) {
    problems.push('not multi-stage: the final stage must COPY --from= an earlier build stage');
  }
  const workdirOf = (stage: Stage) =>
    stage.instructions
      .filter((i) => i.keyword === 'WORKDIR')
      .reduce((dir, i) => posix.resolve(dir, i.args), '/');
  const tooMuch = all('COPY').filter((copy) => {
    const from = stages.find((stage, index) => copy.args.includes(`--from=${stage.name ?? index}`));
    if (!from) return false;
    const paths = commandOf(copy.args.replace(/--\S+\s*/g, ''))
      .split(/\s+/)
      .filter(Boolean);
    return paths
      .slice(0, -1)
      .map((path) => posix.resolve('/', path))
      .some((path) => path === '/' || path === workdirOf(from) || path.includes('node_modules'));
  });
  if (tooMuch.length > 0) {
    problems.push(
      `the final stage copies node_modules or the whole build stage (${tooMuch.map((c) => c.args).join('; ')}): that brings the build's dev dependencies`,
    );
  }

  // Node: the same major in every stage, the one .nvmrc names, allowed by engines and supported.
  const nvmrcMajor = Number(/^v?(\d+)(?:\.[\dx*]+){0,2}\s*$/.exec(facts.nvmrc.trim())?.[1]);
  if (!Number.isInteger(nvmrcMajor)) {
    problems.push(`.nvmrc names no Node major: "${facts.nvmrc.trim()}"`);
  } else {
    if (!semver.intersects(`${nvmrcMajor}.x`, facts.engines)) {
      problems.push(
        `.nvmrc's Node ${nvmrcMajor} is outside package.json's engines (${facts.engines})`,
      );
    }
    if (!facts.supportedMajors.includes(nvmrcMajor)) {
      problems.push(
        `.nvmrc's Node ${nvmrcMajor} is not a supported major (${facts.supportedMajors.join(', ')})`,
      );
    }
  }
  for (const stage of stages) {
    const version = nodeVersionOf(stage.image);
    if (!version) {
      problems.push(`stage ${stage.name ?? stage.image} is not built FROM a node:<version> image`);
      continue;
    }
    if (Number(version.split('.')[0]) !== nvmrcMajor) {
      problems.push(
        `stage ${stage.name ?? stage.image} runs Node ${version}, .nvmrc says ${nvmrcMajor}`,
      );
    }
    const full = semver.coerce(version)?.version;
    if (full && version.split('.').length === 3 && !semver.satisfies(full, facts.engines)) {
      problems.push(
        `stage ${stage.name ?? stage.image}: Node ${version} is outside engines (${facts.engines})`,
      );
    }
  }

  // Production dependencies only, installed from the lockfile.
  const env = Object.assign({}, ...all('ENV').map((e) => envOf(e.args))) as Record<string, string>;
  const installs = all('RUN').map((run) => commandOf(run.args));
  const omitsDev = (command: string) =>
    /--omit[= ]dev\b/.test(command) ||
    (env.NODE_ENV === 'production' && !/--include[= ]dev\b/.test(command));
  if (!installs.some((command) => /\bnpm ci\b/.test(command) && omitsDev(command))) {
    problems.push('the final stage does not install with `npm ci --omit=dev`');
  }
  if (installs.some((command) => /\bnpm (install|i)\b/.test(command))) {
    problems.push(
      'the final stage runs `npm install`: only `npm ci` installs exactly the lockfile',
    );
  }
  if (env.NODE_ENV !== 'production') {
    problems.push('the final stage does not set NODE_ENV=production');
  }

  // Run by a user who is not root, like the command npm start runs.
  const user = last('USER')?.args.split(':')[0];
  if (!user || ROOT_USERS.has(user)) {
    problems.push('the final stage runs as root: it needs a USER that is not root');
  }
  const cmd = last('ENTRYPOINT') ?? last('CMD');
  const command = cmd ? commandOf(cmd.args) : '';
  if (!/^node\b.*\bdist\/server\/main\.js$/.test(command) || !cmd?.args.startsWith('[')) {
    problems.push(
      'the image does not start like `npm start`: CMD ["node", "--enable-source-maps", "dist/server/main.js"], in exec form so the server gets SIGTERM',
    );
  }

  // The data directory: a volume, where the site writes by default, owned by the site's user.
  const workdir = workdirOf(final);
  const dataDir = posix.resolve(workdir, env.DATA_DIR ?? facts.dataDirDefault);
  const volumeAt = final.instructions.findIndex(
    (i) =>
      i.keyword === 'VOLUME' &&
      volumesOf(i.args).some((v) => posix.resolve(workdir, v) === dataDir),
  );
  if (volumeAt === -1) {
    problems.push(`no VOLUME for the data directory (${dataDir}, DATA_DIR's default in the image)`);
  } else if (user) {
    const relative = posix.relative(workdir, dataDir);
    const chownsToUser = new RegExp(`\\bchown\\s+(-\\S+\\s+)*${user.replace(/\W/g, '\\$&')}\\b`);
    const owned = final.instructions.slice(0, volumeAt).some((i) => {
      const run = i.keyword === 'RUN' ? commandOf(i.args) : '';
      return (
        chownsToUser.test(run) &&
        run
          .split(/\s+/)
          .some((word) => word === dataDir || word === relative || word === `./${relative}`)
      );
    });
    if (!owned) {
      problems.push(
        `${dataDir} is not made and chowned to ${user} before its VOLUME: a new volume would be root's, and the site could not write its data`,
      );
    }
  }

  // Healthy means ready: the database answers and is migrated.
  const healthcheck = last('HEALTHCHECK');
  if (!healthcheck || /^NONE\b/i.test(healthcheck.args)) {
    problems.push('no HEALTHCHECK');
  } else if (!/\/readyz\b/.test(healthcheck.args)) {
    problems.push('the HEALTHCHECK does not ask GET /readyz');
  }
  return problems;
}
