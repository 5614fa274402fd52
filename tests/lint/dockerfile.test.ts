import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SUPPORTED_NODE_MAJORS } from '../../scripts/lib/engines.js';
import { EnvSchema } from '../../src/server/env.js';
import { dockerfileProblems, nodeVersionOf, parseDockerfile } from './dockerfile.js';

/**
 * The Dockerfile keeps the image's promises (docs/deployment.md, "In a container"; decision
 * 121): multi-stage, production dependencies from the lockfile, a user who is not root, the data
 * directory a volume the site can write, healthy when /readyz is ready, Node's major the one
 * `.nvmrc` names and package.json's engines allow. Each rule is shown failing on a broken copy.
 */
const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const dockerfile = read('Dockerfile');
const facts = {
  dataDirDefault: EnvSchema.shape.DATA_DIR.parse(undefined),
  nvmrc: read('.nvmrc'),
  engines: (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node,
  supportedMajors: SUPPORTED_NODE_MAJORS,
};

/** The real Dockerfile with each `[from, to]` replaced; `from` must be in it. */
function broken(...edits: [string | RegExp, string][]): string {
  return edits.reduce((text, [from, to]) => {
    expect(text).toMatch(from);
    return text.replace(from, to);
  }, dockerfile);
}

const problemsOf = (text: string, changed: Partial<typeof facts> = {}) =>
  dockerfileProblems(text, { ...facts, ...changed }).join('\n');

describe('the Dockerfile', () => {
  it('keeps every promise, with .nvmrc and package.json', () => {
    expect(dockerfileProblems(dockerfile, facts)).toEqual([]);
  });

  it('is read as docker reads it: stages, continuations, comments, both forms', () => {
    const stages = parseDockerfile(
      '# a comment\nfrom node:24-slim as build\nRUN a \\\n  && b\n# inside\nFROM node:24-slim\nCMD ["node", "x.js"]\n',
    );
    expect(stages).toEqual([
      {
        image: 'node:24-slim',
        name: 'build',
        instructions: [{ keyword: 'RUN', args: 'a    && b' }],
      },
      { image: 'node:24-slim', instructions: [{ keyword: 'CMD', args: '["node", "x.js"]' }] },
    ]);
    expect(nodeVersionOf('node:24.22.3-slim')).toBe('24.22.3');
    expect(nodeVersionOf('docker.io/library/node:22@sha256:ab12')).toBe('22');
    expect(nodeVersionOf('debian:12-slim')).toBeUndefined();
  });

  it('refuses a text that is no Dockerfile at all', () => {
    expect(problemsOf('hello world')).toMatch(/no FROM/);
  });

  it('must be multi-stage, the final stage taking the build and not node_modules', () => {
    const single = dockerfile.slice(dockerfile.indexOf('FROM', dockerfile.indexOf('AS build')));
    expect(problemsOf(single.replace(/COPY --from=build .*\n/, ''))).toMatch(/not multi-stage/);
    expect(
      problemsOf(broken(['COPY --from=build /app/dist ./dist', 'COPY --from=build /app .'])),
    ).toMatch(/copies node_modules or the whole build stage/);
    expect(
      problemsOf(
        broken([
          'COPY --from=build /app/dist ./dist',
          'COPY --from=build /app/node_modules ./node_modules',
        ]),
      ),
    ).toMatch(/copies node_modules or the whole build stage/);
  });

  it('runs as a user who is not root', () => {
    expect(problemsOf(broken(['USER node\n', '']))).toMatch(/runs as root/);
    expect(problemsOf(broken(['USER node', 'USER root']))).toMatch(/runs as root/);
    expect(problemsOf(broken(['USER node', 'USER 0:0']))).toMatch(/runs as root/);
  });

  it('installs production dependencies only, from the lockfile', () => {
    expect(problemsOf(broken(['npm ci --omit=dev', 'npm ci --include=dev']))).toMatch(
      /npm ci --omit=dev/,
    );
    expect(problemsOf(broken(['npm ci --omit=dev', 'npm install --omit=dev']))).toMatch(
      /runs `npm install`/,
    );
    expect(
      problemsOf(broken(['ENV NODE_ENV=production\n', ''], ['npm ci --omit=dev', 'npm ci'])),
    ).toMatch(/npm ci --omit=dev[\s\S]*NODE_ENV=production/);
  });

  it("keeps the data directory in a volume where the site writes it, owned by the site's user", () => {
    expect(problemsOf(broken([/VOLUME .*\n/, '']))).toMatch(/no VOLUME for the data directory/);
    expect(problemsOf(broken(['VOLUME ["/app/data"]', 'VOLUME ["/data"]']))).toMatch(
      /no VOLUME for the data directory \(\/app\/data/,
    );
    // The site's default moved: the volume no longer holds what it writes.
    expect(problemsOf(dockerfile, { dataDirDefault: './state' })).toMatch(/\/app\/state/);
    expect(
      problemsOf(broken(['ENV NODE_ENV=production', 'ENV NODE_ENV=production DATA_DIR=/var/x'])),
    ).toMatch(/\/var\/x/);
    expect(problemsOf(broken([/RUN mkdir .*\n/, '']))).toMatch(/not made and chowned to node/);
    // Made after VOLUME: docker throws away what a RUN does to a volume's path.
    const [, made = ''] = /(RUN mkdir .*\n)/.exec(dockerfile) ?? [];
    expect(problemsOf(broken([made, ''], ['USER node\n', `USER node\n${made}`]))).toMatch(
      /not made and chowned/,
    );
  });

  it('is healthy when GET /readyz is', () => {
    expect(problemsOf(broken([/HEALTHCHECK [^\n]*\n[^\n]*\n/, '']))).toMatch(/no HEALTHCHECK/);
    expect(problemsOf(broken([/(HEALTHCHECK[^`]*`[^`]*)\/readyz/, '$1/healthz']))).toMatch(
      /does not ask GET \/readyz/,
    );
  });

  it('starts the server like npm start, in exec form', () => {
    const cmd = /CMD \["node", "--enable-source-maps", "dist\/server\/main.js"\]/;
    expect(problemsOf(broken([cmd, 'CMD ["npm", "start"]']))).toMatch(/does not start like/);
    expect(problemsOf(broken([cmd, 'CMD node dist/server/main.js']))).toMatch(
      /does not start like/,
    );
  });

  it('runs the Node major .nvmrc names, which engines allow and we support, in every stage', () => {
    expect(problemsOf(dockerfile, { nvmrc: '18\n' })).toMatch(/outside package.json's engines/);
    expect(problemsOf(dockerfile, { nvmrc: '21\n' })).toMatch(/not a supported major/);
    expect(problemsOf(dockerfile, { nvmrc: 'lts/*\n' })).toMatch(/names no Node major/);
    expect(problemsOf(broken([/FROM node:\d+/, 'FROM node:22']))).toMatch(
      /stage build runs Node 22.*\.nvmrc says/,
    );
    expect(
      problemsOf(broken([/FROM node:[^ ]+ AS runtime/, 'FROM debian:12-slim AS runtime'])),
    ).toMatch(/stage runtime is not built FROM a node/);
  });
});
