import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers.tsx';
import { buildRoutes, SCREENS } from '../app/router.tsx';

/** Renders the whole app (providers, shell, guarded routes) at `path`. */
export function renderApp(path: string, screens = SCREENS) {
  const router = createMemoryRouter(buildRoutes(screens), { initialEntries: [path] });
  const queryClient = createQueryClient();
  const utils = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, queryClient };
}
