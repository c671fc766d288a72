/**
 * What a person does with the keyboard, for the e2e specs: text goes into a field key by key
 * (`pressSequentially`), never set programmatically (`fill()` skips the key handlers where
 * shortcuts used to eat letters), and fields are emptied the way a person empties them.
 */
import type { Locator } from '@playwright/test'

/** Focuses the field, replaces what is in it, and types `text` one key at a time. */
export async function typeInto(field: Locator, text: string): Promise<void> {
  await field.click()
  await clearField(field)
  await field.pressSequentially(text)
}

/** Empties a field with the keyboard: select all, then delete. */
export async function clearField(field: Locator): Promise<void> {
  await field.focus()
  await field.press('ControlOrMeta+a')
  await field.press('Delete')
}
