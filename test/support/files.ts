import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

/** Writes a file and the folders it needs, as a person or another program would. */
export async function writeText(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, text)
}
