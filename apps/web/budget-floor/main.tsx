/**
 * The floor of this stack for the bundle budget (scripts/bundle-budget.mjs): React, React
 * Router, React Query and the Chakra components the portal's login page uses, on Chakra's
 * default system – nothing of the portal itself. Built with the same Vite toolchain.
 */
import {
  Box,
  Button,
  ChakraProvider,
  Container,
  defaultSystem,
  Field,
  Flex,
  Heading,
  Input,
  Link,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

function LoginLikePage() {
  const { data } = useQuery({ queryKey: ['session'], queryFn: async () => null });
  return (
    <Flex direction="column" minH="100dvh">
      <Box as="header" borderBottomWidth="1px">
        <Container py="3">
          <Link href="/">Floor</Link>
        </Container>
      </Box>
      <Container as="main" py="10">
        <Stack gap="4" maxW="md">
          <Heading as="h1">Přihlášení</Heading>
          {data === null ? null : <VisuallyHidden>Načteno</VisuallyHidden>}
          <form>
            <Stack gap="4">
              <Field.Root required>
                <Field.Label>E-mail</Field.Label>
                <Input type="email" />
                <Field.ErrorText>Chyba</Field.ErrorText>
              </Field.Root>
              <Field.Root required>
                <Field.Label>Heslo</Field.Label>
                <Input type="password" />
              </Field.Root>
              <Button type="submit">Přihlásit se</Button>
            </Stack>
          </form>
          <Text>Text</Text>
        </Stack>
      </Container>
    </Flex>
  );
}

const queryClient = new QueryClient();
const router = createBrowserRouter([{ path: '/', Component: LoginLikePage }]);
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
