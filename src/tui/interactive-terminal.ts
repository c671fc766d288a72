/**
 * Ink draws only the last frame when it believes it runs under CI (`CI=true`, as CI services and
 * some shells set), which leaves a person's terminal blank until the UI exits. The terminal UI
 * starts only on a real terminal (index.ts refuses otherwise), so wherever it runs a person is
 * watching: it says so before Ink is loaded, because Ink reads the variables when it loads.
 * Imported first, for that side effect.
 */
for (const name of ['CI', 'CONTINUOUS_INTEGRATION'])
  if (process.env[name] !== undefined) process.env[name] = 'false'
