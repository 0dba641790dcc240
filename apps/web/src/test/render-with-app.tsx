import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../app/provider';
import { AppRoot } from '../app/root';
import { ToastProvider } from '../components/ui/toast';
import { ThemeProvider } from '../lib/theme';

/**
 * Renders inside every provider the app has: an element (under the region and session providers)
 * or whole route objects that bring their own root.
 */
export function renderWithApp(content: ReactElement | RouteObject[], { path = '/' }: { path?: string } = {}) {
  const routes = Array.isArray(content) ? content : [{ element: <AppRoot />, children: [{ path: '*', element: content }] }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router };
}
