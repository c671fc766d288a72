import { Alert, Button, Center, Code, Stack, Text } from '@mantine/core'
import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'

interface State {
  error: Error | null
}

/** A failure while drawing shows what happened and a way back, never a blank window. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null }

  static getDerivedStateFromError(error: Error): State {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('The view failed to draw:', error, info.componentStack)
  }

  override render(): ReactNode {
    const { error } = this.state
    if (!error) return this.props.children
    return (
      <Center h="100%" p="xl">
        <Alert color="red" title="This view could not be shown" maw={640} role="alert">
          <Stack gap="sm">
            <Text size="sm">
              Something went wrong while drawing it. Your files are not affected.
            </Text>
            <Code block>{error.message}</Code>
            <Button
              variant="light"
              color="red"
              w="fit-content"
              onClick={() => {
                location.hash = '#/'
                this.setState({ error: null })
              }}
            >
              Back to the discussions
            </Button>
          </Stack>
        </Alert>
      </Center>
    )
  }
}
