/**
 * What changed in a folder's settings between two readings: the providers, personas and
 * templates each reading had, by name, with a fingerprint of what each one is. Pure, so the app
 * can word the change ("Provider ollama added") and a test can check the diff against the lists.
 */

export const SETTING_KINDS = ['provider', 'persona', 'template'] as const
export type SettingKind = (typeof SETTING_KINDS)[number]

/** One reading: for each kind, every name and a fingerprint that differs when the entry does. */
export type SettingsSnapshot = Record<SettingKind, ReadonlyMap<string, string>>

export type SettingChangeKind = 'added' | 'removed' | 'changed'

export interface SettingChange {
  kind: SettingKind
  name: string
  change: SettingChangeKind
}

/** Every name added, removed or changed from `before` to `after`, by kind, then name. */
export function diffSettings(before: SettingsSnapshot, after: SettingsSnapshot): SettingChange[] {
  const changes: SettingChange[] = []
  for (const kind of SETTING_KINDS) {
    const old = before[kind]
    const now = after[kind]
    const names = [...new Set([...old.keys(), ...now.keys()])].sort()
    for (const name of names) {
      const had = old.has(name)
      const has = now.has(name)
      if (had && !has) changes.push({ kind, name, change: 'removed' })
      else if (!had && has) changes.push({ kind, name, change: 'added' })
      else if (old.get(name) !== now.get(name)) changes.push({ kind, name, change: 'changed' })
    }
  }
  return changes
}

/** The names of each kind after `changes`: what a list showing `names` should show next. */
export function applySettingChanges(
  names: Record<SettingKind, readonly string[]>,
  changes: readonly SettingChange[],
): Record<SettingKind, string[]> {
  const result = {} as Record<SettingKind, string[]>
  for (const kind of SETTING_KINDS) {
    const next = new Set(names[kind])
    for (const { kind: of, name, change } of changes) {
      if (of !== kind) continue
      if (change === 'removed') next.delete(name)
      else next.add(name)
    }
    result[kind] = [...next].sort()
  }
  return result
}

const NOUN: Record<SettingKind, string> = {
  provider: 'Provider',
  persona: 'Persona',
  template: 'Template',
}

/** One change in words: "Provider ollama added". */
export function describeSettingChange({ kind, name, change }: SettingChange): string {
  return `${NOUN[kind]} ${name} ${change}`
}
