/**
 * Who can read aloud: the page's Web Speech when it has voices, else (desktop app only) the main
 * process's espeak-ng / spd-say. Browser mode uses Web Speech alone: speech on the server would
 * come out of another machine's speakers.
 */
import type { Api } from '@shared/contract/index.js'

export type SpeechEngine = 'web' | 'native' | null

export function webVoices(): boolean {
  return 'speechSynthesis' in window && window.speechSynthesis.getVoices().length > 0
}

let native: Promise<{ program: string | null; hint: string }> | null = null

export function nativeSpeech(api: Api): Promise<{ program: string | null; hint: string }> {
  return (native ??= api.speech
    .status()
    .then((reply) =>
      'value' in reply ? reply.value : { program: null, hint: reply.error.message },
    ))
}

/** What a person would hear: the comment without markdown punctuation and code blocks. */
export function spokenText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' (code) ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s*DIAGRAM:.*$/gim, ' (diagram) ')
    .replace(/[#*_>`~|]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
