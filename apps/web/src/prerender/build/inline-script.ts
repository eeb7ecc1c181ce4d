import { build, type Plugin, type Rolldown } from 'vite';

/** Stands for the JSON configuration in the compiled script (a global name the minifier keeps). */
const CONFIG = '__DW_INLINE_CONFIG__';
const ENTRY = '\0dw-inline-entry';

/** JSON that is safe inside a <script> element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * Compiles an inline script written in TypeScript (a function exported by a module of ../inline)
 * into the text of a <script> element: a minified IIFE that calls `exportName` with the JSON
 * configuration given to the answered function. The build runs once; each page then only fills
 * in its configuration. The server's CSP allows the final text by its hash.
 */
export async function compileInlineScript<Config>(
  file: string,
  exportName: string,
): Promise<(config: Config) => string> {
  const entry: Plugin = {
    name: 'dw-inline-entry',
    resolveId: (id) => (id === ENTRY ? id : null),
    load: (id) =>
      id === ENTRY
        ? `import { ${exportName} } from ${JSON.stringify(file)};\n${exportName}(${CONFIG});\n`
        : null,
  };
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    plugins: [entry],
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      rolldownOptions: { input: ENTRY, output: { format: 'iife' } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((o) => o.type === 'chunk');
  const code = chunks.length === 1 ? chunks[0]!.code.trim() : '';
  if (code.split(CONFIG).length !== 2) {
    throw new Error(`inline script ${file}: expected one chunk that reads its configuration once`);
  }
  return (config) => code.replace(CONFIG, () => scriptJson(config));
}
