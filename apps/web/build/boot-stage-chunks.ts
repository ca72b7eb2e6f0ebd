import { build, type Plugin, type Rollup } from 'vite';

/** Set while the plugin's own first pass runs, so that pass builds with automatic chunking. */
const FIRST_PASS = 'PORTAL_BOOT_STAGE_FIRST_PASS';

/**
 * One chunk per boot stage.
 *
 * `src/main.tsx` starts the app in stages, each a dynamic import followed by a yield, so that
 * the browser evaluates them in separate tasks (Total Blocking Time). Left to itself, the
 * bundler splits what those stages need into dozens of small chunks shared with the routes
 * (about 40 before the login page could render), and every request costs main-thread time and
 * a place in the connection queue before the app can start.
 *
 * So the build runs twice. The first pass, in memory, is the bundler's automatic chunking; from
 * it we read which modules each stage loads: those of the chunks its dynamic import pulls in,
 * less what the entry or an earlier stage already loaded. That is the bundler's own answer,
 * after tree-shaking (walking import statements ourselves would take in all of a package's
 * barrel). The second pass, the real build, puts each stage's modules in one chunk named after
 * the stage (`boot-system`, `boot-start`); the entry and the routes keep automatic chunking.
 */
export function bootStageChunks(configFile: string): Plugin {
  return {
    name: 'portal:boot-stage-chunks',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild && !process.env[FIRST_PASS],
    async config(_config, { mode }) {
      process.env[FIRST_PASS] = '1';
      let output: Rollup.RollupOutput;
      try {
        const result = await build({
          configFile,
          mode,
          logLevel: 'silent',
          build: { write: false, sourcemap: false },
        });
        output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
      } finally {
        delete process.env[FIRST_PASS];
      }
      const stages = bootStages(output);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // A stage's modules already are exactly what it needs; following their imports
                // would pull the entry's own modules (the yield helper) into a stage chunk,
                // which the entry would then have to load up front.
                includeDependenciesRecursively: false,
                // Earlier stages first, so a later stage never takes a module of an earlier one.
                groups: stages.map(({ name, modules }, index) => ({
                  name,
                  test: (id: string) => modules.has(id),
                  priority: stages.length - index,
                })),
              },
            },
          },
        },
      };
    },
  };
}

export interface BootStage {
  /** `boot-` and the stage module's name: `boot-system`, `boot-start`. */
  name: string;
  modules: Set<string>;
}

/** The boot stages of an automatically chunked build: the entry chunk's dynamic imports, in order. */
export function bootStages(output: Rollup.RollupOutput): BootStage[] {
  const chunks = new Map<string, Rollup.OutputChunk>();
  for (const item of output.output) if (item.type === 'chunk') chunks.set(item.fileName, item);
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`boot-stage-chunks: expected one entry chunk, found ${entries.length}`);
  const entry = entries[0] as Rollup.OutputChunk;

  const loaded = new Set<string>();
  /** Marks the chunks `fileName` pulls in (itself and its static imports) and returns those not loaded before. */
  const load = (fileName: string): Rollup.OutputChunk[] => {
    const fresh: Rollup.OutputChunk[] = [];
    const pending = [fileName];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      const chunk = chunks.get(file);
      if (!chunk || loaded.has(file)) continue;
      loaded.add(file);
      fresh.push(chunk);
      pending.push(...chunk.imports);
    }
    return fresh;
  };
  load(entry.fileName);
  return entry.dynamicImports.map((fileName) => {
    const stageChunks = load(fileName);
    const facade = chunks.get(fileName)?.facadeModuleId ?? fileName;
    return {
      name: `boot-${stageName(facade)}`,
      modules: new Set(stageChunks.flatMap((chunk) => chunk.moduleIds)),
    };
  });
}

/** `/…/src/app/start.tsx` → `start`, `/…/theme/system.ts` → `system`, `/…/node_modules/react-dom/client.js` → `react-dom`. */
function stageName(id: string): string {
  const inPackage = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?!.*node_modules)/.exec(id);
  if (inPackage?.[1]) return inPackage[1].replace(/[\\/]/g, '-').replace(/^@/, '');
  const file = id.split(/[\\/]/).pop() ?? id;
  return file.replace(/\?.*$/, '').replace(/\.[^.]+$/, '');
}
