/**
 * speech:*: read aloud through espeak-ng or spd-say, only in the desktop app; in browser mode the
 * server may be another machine, so the page uses Web Speech alone.
 */
import { findSpeechProgram, Speaker, SPEECH_INSTALL_HINT } from '../node/engine/index.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { BackendError } from './infra/errors.js'

export function speechHandlers({ shell, env }: BackendContext): DomainHandlers<'speech'> {
  let speaker: Speaker | null | undefined
  const speakerOf = (): Speaker | null => {
    if (speaker === undefined) {
      const program = shell.mode === 'electron' ? findSpeechProgram(env) : null
      speaker = program ? new Speaker(program, env) : null
    }
    return speaker
  }
  return {
    handlers: {
      'speech:status': () => {
        const program = shell.mode === 'electron' ? (findSpeechProgram(env)?.name ?? null) : null
        return Promise.resolve({ program, hint: SPEECH_INSTALL_HINT })
      },
      'speech:say': async ({ text }) => {
        const found = speakerOf()
        if (!found) throw new BackendError(SPEECH_INSTALL_HINT)
        return found.say(text)
      },
      'speech:stop': () => Promise.resolve({ stopped: speakerOf()?.stop() ?? false }),
    },
  }
}
