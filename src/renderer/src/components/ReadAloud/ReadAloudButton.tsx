import { ActionIcon, Tooltip } from '@mantine/core'
import { IconPlayerStop, IconVolume } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { useEscapeLayer } from '../../lib/layers'
import { notifyError } from '../../notify'
import { nativeSpeech, spokenText, webVoices } from './speech'
import type { SpeechEngine } from './speech'

// One utterance at a time across all cards: a new Read stops the previous one.
let stopCurrent: (() => void) | null = null

function useSpeechEngine(): { engine: SpeechEngine; hint: string } {
  const api = useApi()
  const [state, setState] = useState<{ engine: SpeechEngine; hint: string }>({
    engine: webVoices() ? 'web' : null,
    hint: '',
  })
  useEffect(() => {
    let live = true
    const decide = (): void => {
      if (webVoices()) return void (live && setState({ engine: 'web', hint: '' }))
      void nativeSpeech(api).then(
        ({ program, hint }) => live && setState({ engine: program ? 'native' : null, hint }),
      )
    }
    decide()
    // Chromium fills the voice list later.
    const synth = 'speechSynthesis' in window ? window.speechSynthesis : null
    synth?.addEventListener('voiceschanged', decide)
    return () => {
      live = false
      synth?.removeEventListener('voiceschanged', decide)
    }
  }, [api])
  return state
}

/** "Read": speaks a comment; Esc (or a second click) stops. */
export function ReadAloudButton({ text }: { text: string }): ReactNode {
  const api = useApi()
  const { engine, hint } = useSpeechEngine()
  const [speaking, setSpeaking] = useState(false)

  useEscapeLayer(speaking, () => stopCurrent?.(), { modal: false })

  const start = (): void => {
    stopCurrent?.()
    const spoken = spokenText(text)
    if (spoken === '') return
    setSpeaking(true)
    if (engine === 'web') {
      const utterance = new SpeechSynthesisUtterance(spoken)
      utterance.onend = () => setSpeaking(false)
      utterance.onerror = () => setSpeaking(false)
      stopCurrent = () => {
        window.speechSynthesis.cancel()
        setSpeaking(false)
        stopCurrent = null
      }
      window.speechSynthesis.speak(utterance)
    } else {
      stopCurrent = () => {
        void api.speech.stop()
        setSpeaking(false)
        stopCurrent = null
      }
      call(api.speech.say({ text: spoken })).then(
        (said) => {
          setSpeaking(false)
          if (said.failure) notifyError(said.failure, 'Read aloud')
        },
        (error: unknown) => {
          setSpeaking(false)
          notifyError(error instanceof Error ? error.message : String(error), 'Read aloud')
        },
      )
    }
  }

  const label =
    engine === null
      ? hint || 'Nothing can read aloud here.'
      : speaking
        ? 'Stop reading (Esc)'
        : 'Read aloud'
  return (
    <Tooltip label={label} multiline maw={320}>
      {/* A disabled button gets no pointer events; the span keeps the tooltip working. */}
      <span>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={speaking ? 'Stop reading' : 'Read aloud'}
          data-testid="read-aloud"
          disabled={engine === null}
          onClick={() => (speaking ? stopCurrent?.() : start())}
        >
          {speaking ? <IconPlayerStop size={16} /> : <IconVolume size={16} />}
        </ActionIcon>
      </span>
    </Tooltip>
  )
}
