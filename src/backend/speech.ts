/**
 * speech:*: read aloud through espeak-ng or spd-say, only in the desktop app; in browser mode the
 * server may be another machine, so the page uses Web Speech alone.
 */
import { findSpeechProgram, Speaker, SPEECH_INSTALL_HINT } from '../node/engine/index.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { BackendError } from './infra/errors.js'

export function speechHandlers({ shell, env }: BackendContext): DomainHandlers<'speech'> {
  let speaker: Promise<Speaker | null> | null = null
  const speakerOf = (): Promise<Speaker | null> =>
    (speaker ??=
      shell.mode === 'electron'
        ? findSpeechProgram(env).then((program) => (program ? new Speaker(program, env) : null))
        : Promise.resolve(null))
  return {
    handlers: {
      'speech:status': async () => {
        const program =
          shell.mode === 'electron' ? ((await findSpeechProgram(env))?.name ?? null) : null
        return { program, hint: SPEECH_INSTALL_HINT }
      },
      'speech:say': async ({ text }) => {
        const found = await speakerOf()
        if (!found) throw new BackendError(SPEECH_INSTALL_HINT)
        return found.say(text)
      },
      'speech:stop': async () => ({ stopped: (await speakerOf())?.stop() ?? false }),
    },
  }
}
