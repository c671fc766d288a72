import { Code, Container, Stack, Text, Title } from '@mantine/core'

import { APP_NAME } from '../../shared/app-info'

export function App(): React.JSX.Element {
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={2}>{APP_NAME}</Title>
        <Text>
          The desktop window is being built. Meanwhile every discussion tool works from the
          terminal:
        </Text>
        <Code block>npx discussions --help</Code>
      </Stack>
    </Container>
  )
}
