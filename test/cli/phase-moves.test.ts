// Through the real bin, twice (cold, then with the caches the first run left): a phase with
// `auto_trigger: all_mentioned_responded` moves once its own participants are done, never for a
// background persona asked alone, nor for one participant of three.
import { expect, it } from 'vitest'

import { binProject } from '../support/bin-project.js'
import { coldThenWarm } from '../support/run-cli.js'

coldThenWarm('when a phase moves, through the real bin', () => {
  it('moves when the phase’s participants are done, never for the visualizer alone', async () => {
    const project = await binProject()
    const run = (...args: string[]) => project.run(args)
    const phaseOf = async (file: string): Promise<string> =>
      (JSON.parse((await run('parse', file)).stdout) as { phase: string }).phase
    const turn = async (file: string, ...who: string[]): Promise<void> => {
      const done = await run('turn', file, ...who, '--provider', 'demo')
      expect(done.code, done.stderr).toBe(0)
    }

    for (const pass of ['cold', 'warm']) {
      const adr = await run('new', `Queue choice ${pass}`, '-t', 'adr')
      expect(adr.code, adr.stderr).toBe(0)
      const adrFile = adr.stdout.replace(/^Created: /, '').trim()
      await turn(adrFile, '@visualizer')
      expect(await phaseOf(adrFile), pass).toBe('proposal')

      const feature = await run('new', `Rate limits ${pass}`, '-t', 'feature')
      const file = feature.stdout.replace(/^Created: /, '').trim()
      await turn(file, '@architect')
      expect(await phaseOf(file), pass).toBe('initial_feedback')
      await turn(file, '@security', '@pragmatist')
      expect(await phaseOf(file), pass).toBe('detailed_review')
    }
  }, 180_000)
})
