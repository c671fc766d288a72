/**
 * Ink draws only the last frame when it believes it runs under CI (`CI=true`, as CI services and
 * some shells set), which leaves a person's terminal blank until the UI exits. The terminal UI
 * starts only on a real terminal (index.ts refuses otherwise), so wherever it runs a person is
 * watching: it says so before Ink is loaded, because Ink reads the variables when it loads (hence
 * the dynamic import of Ink and the screens in index.ts, after this has run). The variables are
 * removed, not set to "false": Ink's CI check reads "false" as not CI, but the colour check of
 * chalk (Ink's colours) asks only whether `CI` is there, and would draw every vote colourless.
 */
export function declareInteractive(env: NodeJS.ProcessEnv): void {
  for (const name of ['CI', 'CONTINUOUS_INTEGRATION']) delete env[name]
  // Ink reads the process's own environment, whatever the command was given.
  if (env !== process.env) declareInteractive(process.env)
}
