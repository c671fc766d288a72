/**
 * The words of the one toast a settings change gets: what was added, removed or changed, or what
 * is wrong with which file and line, and that the settings read before stay in use meanwhile.
 */
import { describeSettingChange } from '@core/config/settings-diff'
import type { SettingsChanged } from '@shared/contract'
import { guiText } from '../../lib/gui-text'

/** More changes than this are summed up ("and 3 more") so the toast stays short. */
const SHOWN_CHANGES = 4

export interface SettingsMessage {
  title: string
  /** Each line of the toast: one change, or one problem with its file and line. */
  lines: string[]
  /** A broken file: the person must act, so it stays until closed. */
  problem: boolean
}

export function settingsMessage({ changes, problems }: SettingsChanged): SettingsMessage {
  if (problems.length > 0) {
    const files = problems.length === 1 ? 'a settings file' : 'settings files'
    return {
      title: `Could not read ${files}`,
      lines: [...problems, 'The previous settings stay in use until this is fixed.'].map(guiText),
      problem: true,
    }
  }
  if (changes.length === 0)
    return {
      title: 'Settings read again',
      lines: ['Every settings file reads without problems; nothing else changed.'],
      problem: false,
    }
  const shown = changes.slice(0, SHOWN_CHANGES).map(describeSettingChange)
  const rest = changes.length - shown.length
  return {
    title: 'Settings changed',
    lines: [...shown, ...(rest > 0 ? [`and ${rest} more`] : [])].map(guiText),
    problem: false,
  }
}
