import { Alert, Badge, Button, Code, Group, Loader, Stack, Table, Text } from '@mantine/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import type { ProvidersState, ProviderTestResult } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError, notifyInfo } from '../../notify'
import { formatCostUsd, formatDuration, formatTokens } from '../RunTurn/turn-state'
import { Dialog } from '../Dialog/Dialog'
import { cancelledTest, ProviderTestStatus } from './ProviderTestStatus'
import { guiText } from '../../lib/gui-text'
import { useSettingsVersion } from '../SettingsLive/useSettingsVersion'

export interface ProvidersViewProps {
  opened: boolean
  folder: string | null
  onClose: () => void
}

type Tested =
  | { name: string; result: ProviderTestResult }
  | { name: string; error: string }
  | { name: string; cancelled: string }

function usableBadge(usable: boolean | null): ReactNode {
  if (usable === null) return <Badge color="gray">not checked</Badge>
  return usable ? <Badge color="green">usable</Badge> : <Badge color="red">not usable</Badge>
}

/** Which providers are configured and usable; test one, choose the default, trust a project. */
export function ProvidersView({ opened, folder, onClose }: ProvidersViewProps): ReactNode {
  const api = useApi()
  const [state, setState] = useState<ProvidersState | null>(null)
  const [testing, setTesting] = useState<{ name: string; since: number } | null>(null)
  // The test whose answer is still wanted: Cancel (or another test) makes an earlier one's moot.
  const currentTest = useRef(0)
  const [tested, setTested] = useState<Tested | null>(null)
  const folderField = folder ? { folder } : {}

  const reload = useCallback(() => {
    call(api.providers.list(folder ? { folder } : {})).then(setState, (error: unknown) =>
      notifyError(error instanceof Error ? error.message : String(error)),
    )
  }, [api, folder])
  useEffect(() => {
    if (!opened) return
    setState(null)
    setTested(null)
    reload()
  }, [opened, reload])
  const settings = useSettingsVersion() // providers.yaml changed on disk: show the new list
  useEffect(() => {
    if (opened && settings > 0) reload()
  }, [opened, reload, settings])

  const test = async (name: string): Promise<void> => {
    const id = ++currentTest.current
    setTesting({ name, since: Date.now() })
    setTested(null)
    let outcome: Tested
    try {
      outcome = { name, result: await call(api.providers.test({ name, ...folderField })) }
    } catch (error) {
      outcome = { name, error: error instanceof Error ? error.message : String(error) }
    }
    if (id !== currentTest.current) return
    setTested(outcome)
    setTesting(null)
  }
  const cancelTest = (): void => {
    if (!testing) return
    // The backend aborts the call itself, so a provider stops working on an answer no one reads.
    call(api.providers.cancelTest({ name: testing.name, ...folderField })).catch(() => undefined)
    currentTest.current++
    setTested({
      name: testing.name,
      cancelled: cancelledTest(testing.name, Date.now() - testing.since),
    })
    setTesting(null)
  }
  const makeDefault = async (name: string): Promise<void> => {
    try {
      const saved = await call(api.providers.setDefault({ name, ...folderField }))
      notifyInfo(saved.note ?? `Saved in ${saved.file}.`, `${name} is the default`)
      reload()
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Default not changed')
    }
  }
  const trust = async (value: boolean): Promise<void> => {
    try {
      await call(api.providers.trust({ trust: value, ...folderField }))
      reload()
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Providers" size="90%" centered>
      {!state ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <Stack gap="sm">
          {state.usingDemo && (
            <Alert color="yellow" data-testid="providers-demo">
              The default is the offline <b>demo</b> provider: its answers are canned, not from a
              model. {state.configured ? 'Make one of yours the default below.' : ''}
              {!state.configured && (
                <>
                  Describe a provider (claude, codex, gemini, ollama, an OpenAI-compatible or
                  Anthropic API) in <Code>{state.userFile}</Code>; the command “discussions
                  providers list” in a terminal shows what this machine has and the YAML to paste.
                </>
              )}
            </Alert>
          )}
          {state.project && !state.project.trusted && (
            <Alert
              color="orange"
              title="This project brings programs of its own"
              data-testid="trust-prompt"
            >
              <Text size="sm">
                Its files name programs to run and endpoints to send your keys to. They are skipped
                until you trust this project ({state.project.root}):
              </Text>
              {state.project.brings.map((line) => (
                <Code key={line} block mt={4}>
                  {line}
                </Code>
              ))}
              <Group mt="xs">
                <Button size="xs" color="orange" onClick={() => void trust(true)}>
                  Trust this project
                </Button>
              </Group>
            </Alert>
          )}
          {state.problems.map((problem) => (
            <Alert key={problem} color="red" p="xs">
              {guiText(problem)}
            </Alert>
          ))}
          <Table verticalSpacing="xs" data-testid="providers-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.providers.map((provider) => {
                const isDefault = provider.active && provider.name === state.defaultName
                return (
                  <Table.Tr
                    key={`${provider.source}:${provider.name}`}
                    data-provider={provider.name}
                    opacity={provider.active ? 1 : 0.6}
                  >
                    <Table.Td>
                      <Group gap={6}>
                        <Text fw={600} size="sm">
                          {provider.name}
                        </Text>
                        {isDefault && (
                          <Badge size="xs" variant="filled" data-testid="default-badge">
                            default
                          </Badge>
                        )}
                      </Group>
                      {provider.description && (
                        <Text size="xs" c="dimmed">
                          {provider.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{provider.kind}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {provider.source}
                        {!provider.trusted ? ' (untrusted)' : !provider.active ? ' (replaced)' : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {usableBadge(provider.usable)}
                        <Text size="xs" c="dimmed">
                          {guiText(provider.why)}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {testing?.name === provider.name ? (
                          <ProviderTestStatus
                            name={provider.name}
                            since={testing.since}
                            onCancel={cancelTest}
                          />
                        ) : (
                          <Button
                            size="compact-sm"
                            variant="default"
                            disabled={!provider.active || testing !== null}
                            onClick={() => void test(provider.name)}
                          >
                            Test
                          </Button>
                        )}
                        <Button
                          size="compact-sm"
                          variant="light"
                          disabled={isDefault || !provider.active || !provider.trusted}
                          onClick={() => void makeDefault(provider.name)}
                        >
                          Make default
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                )
              })}
            </Table.Tbody>
          </Table>
          {tested && (
            <Alert
              color={'error' in tested ? 'red' : 'cancelled' in tested ? 'gray' : 'green'}
              title={`Test of ${tested.name}`}
              data-testid="provider-test-result"
            >
              {'cancelled' in tested ? (
                <Text size="sm">{tested.cancelled}</Text>
              ) : 'error' in tested ? (
                <Text size="sm">{tested.error}</Text>
              ) : (
                <Stack gap={4}>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {tested.result.text.slice(0, 2000)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDuration(tested.result.durationMs)} · {formatTokens(tested.result.usage)}{' '}
                    · {formatCostUsd(tested.result.costUsd)}
                  </Text>
                </Stack>
              )}
            </Alert>
          )}
          {state.project?.trusted && (
            <Group justify="flex-end">
              <Button size="xs" variant="subtle" color="gray" onClick={() => void trust(false)}>
                Stop trusting this project
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Dialog>
  )
}
