/**
 * The floor of this stack for the bundle budget (scripts/bundle-budget.mjs), as issue 9 defines
 * it: a page with React, React Router, React Query and the Chakra components the portal uses
 * (every component imported from @chakra-ui/react in apps/web/src and packages/ui/src, on
 * Chakra's default system) – nothing of the portal itself. Built with the same Vite toolchain.
 * When the portal starts using another Chakra component, add it here too.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  ChakraProvider,
  chakra,
  Container,
  createToaster,
  defaultSystem,
  Field,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  Input,
  Link,
  LinkBox,
  LinkOverlay,
  Menu,
  NativeSelect,
  Portal,
  Separator,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
  Toast,
  Toaster,
  VisuallyHidden,
} from '@chakra-ui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

const toaster = createToaster({ placement: 'bottom-start' });

function FloorToaster() {
  return (
    <Portal>
      <Toaster toaster={toaster}>
        {(toast) => (
          <Toast.Root>
            <Toast.Title>{toast.title}</Toast.Title>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </Toaster>
    </Portal>
  );
}

function FloorPage() {
  const { data } = useQuery({ queryKey: ['session'], queryFn: () => Promise.resolve(null) });
  return (
    <Flex direction="column" minH="100dvh">
      <chakra.header borderBottomWidth="1px">
        <Container py="3">
          <HStack justify="space-between">
            <Link href="/">Floor</Link>
            <Menu.Root>
              <Menu.Trigger asChild>
                <Button variant="outline">Účet</Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    <Menu.Item value="profile">Profil</Menu.Item>
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
          </HStack>
        </Container>
      </chakra.header>
      <Container as="main" py="10">
        <Stack gap="4">
          <Heading as="h1">Přihlášení</Heading>
          {data === null ? <Spinner /> : <VisuallyHidden>Načteno</VisuallyHidden>}
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>Upozornění</Alert.Title>
          </Alert.Root>
          <form>
            <Stack gap="4" maxW="md">
              <Field.Root required>
                <Field.Label>E-mail</Field.Label>
                <Input type="email" />
                <Field.ErrorText>Chyba</Field.ErrorText>
              </Field.Root>
              <Field.Root>
                <Field.Label>Budova</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field>
                    <option>A</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root>
                <Field.Label>Popis</Field.Label>
                <Textarea />
              </Field.Root>
              <Button type="submit" onClick={() => toaster.create({ title: 'Odesláno' })}>
                Odeslat
              </Button>
            </Stack>
          </form>
          <Separator />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <LinkBox as="article" borderWidth="1px" p="4">
              <LinkOverlay href="/a">Karta</LinkOverlay>
              <Badge>Nové</Badge>
            </LinkBox>
            <Grid templateColumns="1fr 1fr">
              <Image src="/logo.png" alt="" />
              <Box>
                <Text>Text</Text>
              </Box>
            </Grid>
          </SimpleGrid>
          <Table.Root>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Datum</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              <Table.Row>
                <Table.Cell>1. 1. 2026</Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        </Stack>
      </Container>
      <FloorToaster />
    </Flex>
  );
}

const queryClient = new QueryClient();
const router = createBrowserRouter([{ path: '/', Component: FloorPage }]);
const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <ChakraProvider value={defaultSystem}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
}
